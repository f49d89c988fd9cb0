/**
 * Node scaling, SIMULATED: PostgreSQL and 1, 2, 3 nodes behind nginx, each node capped at
 * `quota` of a core by the cgroup (v1) CPU controller (cpu.cfs_quota_us of
 * cpu.cfs_period_us=100000), reads with a signed-in session cookie (never answered by a cache)
 * through nginx. Two cores cannot show real nodes scaling: with caps, the nodes are the
 * bottleneck while nginx, PostgreSQL and wrk keep room. nginx, PostgreSQL and wrk run in a
 * cgroup of their own with a high cpu.shares, and the nodes' groups too, so on a machine others
 * are using they still get their time; each figure says what CPU each part used and how often
 * the nodes hit their cap (cpu.stat nr_throttled), so it says which part was the bottleneck.
 * Needs root (cgroup writes). Used by `npm run bench` and `npm run bench:delivery`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { killNode, startNginx, startNode, stopNode, type AppNode, type Nginx } from '../shared/node-cluster';
import { freePort } from '../shared/ports';
import {
	createPostgresRunDir,
	startPostgresServer,
	stopPostgresCluster,
	SUPERUSER,
} from '../shared/postgres-cluster';
import { DEMO_USER, EDITOR, signIn } from './accounts';
import { procCpuMs } from './processes';
import { wrk } from './wrk';

export type ScalingOptions = {
	distDir: string;
	workDir: string;
	/** Cores each node may use. */
	quota: number;
	/** Seconds per figure. */
	seconds: number;
	/** What is read with the session cookie, each measured on 1, 2 and 3 nodes. */
	paths: string[];
	log: (line: string) => void;
	/** Where the clusters, nodes and groups started here register their stop. */
	stops: Array<() => Promise<unknown> | unknown>;
};

/** Seconds each node answers each path uncapped before the figures. */
const WARM_UP_SECONDS = 3;
/** wrk's load for every figure. */
const load = { connections: 32, threads: 2 } as const;
const ENCODINGS = { 'accept-encoding': 'br, gzip' };

const CGROUP = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;
/** cpu.shares of the bench's groups (a plain process weighs 1024): they get their time first. */
const BENCH_SHARES = 8192;

type Group = {
	path: string;
	join: (pid: number) => void;
	throttled: () => { periods: number; throttled: number };
	remove: () => void;
};

/** A CPU cgroup of the bench: `cores` caps it (cfs quota), absent leaves it uncapped. */
function cpuGroup(name: string, cores?: number): Group {
	const path = join(CGROUP, `rmh-bench-${name}`);
	mkdirSync(path, { recursive: true });
	writeFileSync(join(path, 'cpu.shares'), String(BENCH_SHARES));
	writeFileSync(join(path, 'cpu.cfs_period_us'), String(PERIOD_US));
	writeFileSync(
		join(path, 'cpu.cfs_quota_us'),
		cores === undefined ? '-1' : String(Math.round(cores * PERIOD_US)),
	);
	const members = new Set<number>();
	return {
		path,
		join(pid) {
			try {
				writeFileSync(join(path, 'cgroup.procs'), String(pid));
				members.add(pid);
			} catch {
				// the process has ended
			}
		},
		throttled() {
			const stat = readFileSync(join(path, 'cpu.stat'), 'utf8');
			const read = (key: string) => Number(new RegExp(`^${key} (\\d+)$`, 'm').exec(stat)?.[1] ?? 0);
			return { periods: read('nr_periods'), throttled: read('nr_throttled') };
		},
		remove() {
			// Back to the parent group, then the empty group can go.
			for (const pid of readFileSync(join(path, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
				try {
					writeFileSync(join(CGROUP, 'cgroup.procs'), pid);
				} catch {
					// the process has ended
				}
			}
			try {
				rmSync(path, { recursive: false });
			} catch {
				spawnSync('rmdir', [path]);
			}
		},
	};
}

/** CPU seconds a process has used so far (user + system, all its threads); 0 once it has ended. */
function cpuSeconds(pid: number): number {
	return (procCpuMs(pid) ?? 0) / 1000;
}

/** The process and its children (PostgreSQL's backends, nginx's workers). */
function withChildren(pid: number): number[] {
	const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
	return [
		pid,
		...children
			.split('\n')
			.map((line) => Number(line.trim()))
			.filter((child) => child > 0),
	];
}

/** The processes listening on a TCP port (nginx's master and workers). */
function listeners(port: number): number[] {
	const out = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout;
	return [...new Set([...out.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1])))];
}

export type ScalingFigure = {
	path: string;
	nodes: number;
	rps: number;
	/** Over one node's figure: the mean of one node measured first and again last. */
	ratio: number;
	/** Cores each node used on average during the figure. */
	nodeCores: number[];
	/** Share of the nodes' CFS periods in which they hit their cap. */
	throttledShare: number;
	nginxCores: number;
	postgresCores: number;
	wrkCores: number;
};

export async function measureNodeScaling(options: ScalingOptions): Promise<ScalingFigure[]> {
	const { distDir, workDir, quota, seconds, paths, log, stops } = options;
	if (!existsSync(join(CGROUP, 'cpu.cfs_quota_us')))
		throw new Error(`no cgroup v1 CPU controller at ${CGROUP}`);
	const runDir = createPostgresRunDir();
	const port = await startPostgresServer(runDir, ['-c synchronous_commit=off', '-c max_connections=200']);
	stops.push(() => stopPostgresCluster(runDir));
	const admin = new pg.Client({ connectionString: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres` });
	await admin.connect();
	await admin.query('create database bench_scaling');
	await admin.end();
	const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/bench_scaling`;
	const nginxPort = await freePort();
	const publicUrl = `http://127.0.0.1:${nginxPort}`;
	const nodes: AppNode[] = [];
	for (const name of ['node-a', 'node-b', 'node-c'])
		nodes.push(await startNode(name, url, publicUrl, join(workDir, 'nodes'), { distDir }));
	stops.push(async () => {
		for (const node of nodes) await stopNode(node).catch(() => killNode(node));
	});
	// Every node's first generation done before any figure (it would take the capped CPU).
	const editor = await signIn(nodes[0]!.url, EDITOR, publicUrl);
	for (const node of nodes) {
		for (;;) {
			const status = (await (
				await fetch(`${node.url}/api/admin/site-build`, { headers: { cookie: editor } })
			).json()) as {
				running: boolean;
				queued: number;
				lastSuccessAt: string | null;
			};
			if (!status.running && status.queued === 0 && status.lastSuccessAt) break;
			await new Promise((done) => setTimeout(done, 200));
		}
	}
	const cookie = await signIn(nodes[0]!.url, DEMO_USER, publicUrl);
	// Each node answers every path uncapped first, so its code is compiled before any figure: a
	// capped node would spend its share compiling through the first figures and understate them.
	for (const node of nodes) {
		for (const path of paths) {
			await wrk(`${node.url}${path}`, {
				...load,
				headers: { ...ENCODINGS, cookie },
				seconds: WARM_UP_SECONDS,
			});
		}
	}
	const postmaster = Number(readFileSync(join(runDir, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
	// nginx, PostgreSQL and wrk share an uncapped group weighted above other work on the machine.
	const infra = cpuGroup('infra');
	const nodeGroups = nodes.map((node) => cpuGroup(node.name, quota));
	stops.push(() => [infra, ...nodeGroups].forEach((group) => group.remove()));
	nodes.forEach((node, index) => nodeGroups[index]!.join(node.process.pid!));
	const figures: ScalingFigure[] = [];
	// One node is measured first and again last: a single figure varies with the machine, and
	// every ratio rests on it.
	for (const count of [1, 2, 3, 1]) {
		const nginx: Nginx = await startNginx(
			nginxPort,
			nodes.slice(0, count).map((node) => node.url),
		);
		try {
			for (const scalingPath of paths) {
				const headers = { ...ENCODINGS, cookie };
				const answer = await fetch(`${nginx.url}${scalingPath}`, { headers });
				if (answer.headers.get('x-cache-status') !== 'BYPASS')
					throw new Error('a read with the session cookie was not sent past the cache');
				const nginxPids = listeners(nginxPort);
				for (const pid of [...nginxPids, ...withChildren(postmaster)]) infra.join(pid);
				await wrk(`${nginx.url}${scalingPath}`, { ...load, headers, seconds: 2, cgroup: infra.path });
				const postgresPids = withChildren(postmaster);
				for (const pid of postgresPids) infra.join(pid);
				const used = () => ({
					nodes: nodes.map((node) => cpuSeconds(node.process.pid!)),
					nginx: nginxPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
					postgres: withChildren(postmaster).reduce((sum, pid) => sum + cpuSeconds(pid), 0),
					throttle: nodeGroups.slice(0, count).map((group) => group.throttled()),
				});
				const start = used();
				const began = Date.now();
				const {
					rps,
					non2xx,
					cpuSeconds: wrkSeconds,
				} = await wrk(`${nginx.url}${scalingPath}`, { ...load, headers, seconds, cgroup: infra.path });
				const elapsed = (Date.now() - began) / 1000;
				const end = used();
				if (non2xx > 0) log(`  ${non2xx} answers were not 2xx`);
				const periods = end.throttle.reduce((sum, t, i) => sum + t.periods - start.throttle[i]!.periods, 0);
				const throttled = end.throttle.reduce(
					(sum, t, i) => sum + t.throttled - start.throttle[i]!.throttled,
					0,
				);
				const figure: ScalingFigure = {
					path: scalingPath,
					nodes: count,
					rps,
					ratio: Number.NaN,
					nodeCores: end.nodes.slice(0, count).map((value, i) => (value - start.nodes[i]!) / elapsed),
					throttledShare: periods > 0 ? throttled / periods : 0,
					nginxCores: (end.nginx - start.nginx) / elapsed,
					postgresCores: (end.postgres - start.postgres) / elapsed,
					wrkCores: wrkSeconds / elapsed,
				};
				figures.push(figure);
				log(
					`scaling (simulated: each node capped at ${quota} core), ${scalingPath}: ${count} node(s) ${Math.round(rps)} req/s; ` +
						`nodes used ${figure.nodeCores.map((c) => c.toFixed(2)).join('/')} core, throttled in ${(figure.throttledShare * 100).toFixed(0)}% of periods; ` +
						`nginx ${figure.nginxCores.toFixed(2)}, PostgreSQL ${figure.postgresCores.toFixed(2)}, wrk ${figure.wrkCores.toFixed(2)} core`,
				);
			}
		} finally {
			await nginx.stop();
		}
	}
	for (const path of paths) {
		const ofPath = figures.filter((figure) => figure.path === path);
		const single = ofPath.filter((figure) => figure.nodes === 1);
		const oneNode = single.reduce((sum, figure) => sum + figure.rps, 0) / single.length;
		for (const figure of ofPath) figure.ratio = figure.rps / oneNode;
	}
	return figures;
}

/** The figures as a Markdown paragraph and table, for the bench's results and the README. */
export function scalingTable(figures: ScalingFigure[], quota: number): string {
	return [
		`Node scaling, SIMULATED: each node capped at ${quota} core by the cgroup v1 CPU controller (cpu.cfs_quota_us=${Math.round(quota * PERIOD_US)}, cpu.cfs_period_us=${PERIOD_US}); each GET with a signed-in session cookie through nginx (never from its cache); PostgreSQL, nginx and wrk uncapped in a group of their own, all groups at cpu.shares=${BENCH_SHARES}, on the same ${cpus().length} cores. "Throttled" is the share of the nodes' 100 ms periods in which they used their whole quota: near 100 % means the nodes were the bottleneck.`,
		'',
		'| GET | nodes | req/s | × one node | CPU per node (cores) | nodes throttled | nginx | PostgreSQL | wrk |',
		'|---|---|---|---|---|---|---|---|---|',
		...figures.map(
			(row) =>
				`| ${row.path} | ${row.nodes} | ${Math.round(row.rps)} | ${row.ratio.toFixed(2)} | ${row.nodeCores.map((c) => c.toFixed(2)).join(' / ')} | ${(row.throttledShare * 100).toFixed(0)} % | ${row.nginxCores.toFixed(2)} | ${row.postgresCores.toFixed(2)} | ${row.wrkCores.toFixed(2)} |`,
		),
	].join('\n');
}
