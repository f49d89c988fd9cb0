/**
 * Delivery at the machine's limit, measured with wrk (Debian's `wrk`, a C load generator that
 * is not the bottleneck; `apt-get install -y wrk`), all in one run so the ratios share the
 * machine's state:
 *
 *   - the generated article page (Accept-Encoding: br, gzip; 32 connections) from
 *       1. a bare node:http server sending the same bytes with the same response headers,
 *       2. ours (the production host on the build given, and on a second build with --before=…),
 *       3. nginx serving the same bytes as a file with the same headers,
 *       4. nginx with deploy/nginx.conf (proxy_cache) in front of ours;
 *     in rounds, each target once per round, every figure divided by the bare server's of its
 *     round;
 *   - compressed JavaScript each reader page loads before any interaction (Chromium);
 *   - node scaling, SIMULATED: PostgreSQL and 1, 2, 3 nodes behind nginx, each node capped at a
 *     quarter of a core by the cgroup (v1) CPU controller (cpu.cfs_quota_us=25000 of
 *     cpu.cfs_period_us=100000), reads with a signed-in session cookie (never answered by a
 *     cache) through nginx. Two cores cannot show real nodes scaling: with caps, the nodes are
 *     the bottleneck while nginx, PostgreSQL and wrk keep room. Needs root (cgroup writes).
 *
 *   npx tsx scripts/bench/delivery-limit.ts [--dist=dist] [--before=<dist of an older build>]
 *       [--seconds=8] [--rounds=2] [--skip-scaling] [--skip-js]
 *
 * Writes bench/results/delivery-limit.json and .md. Other work on the machine makes every figure
 * noisy; compare the ratios of one run, not figures across runs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { killNode, startNginx, startNode, stopNode, type AppNode, type Nginx } from '../../tests/nodes/cluster';
import { freePort } from '../../tests/setup/ports';
import {
	createPostgresRunDir,
	startPostgresServer,
	stopPostgresCluster,
	SUPERUSER,
} from '../../tests/setup/postgres-cluster';
import { createDataset } from './dataset';
import { launchChromium, measurePage } from './page-weight';
import { killAllTracked, spawnTracked, stopChild } from './processes';
import { DEMO_USER, EDITOR, signIn } from './accounts';
import { startBenchServer, type BenchServer } from './server';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const option = (name: string, fallback: string) =>
	process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const flag = (name: string) => process.argv.includes(`--${name}`);
const distDir = resolve(option('dist', 'dist'));
const beforeDir = option('before', '') ? resolve(option('before', '')) : undefined;
const seconds = Number(option('seconds', '8'));
const rounds = Number(option('rounds', '2'));
const CONNECTIONS = 32;
const ENCODINGS = { 'accept-encoding': 'br, gzip' };

const log = (line: string) => console.log(`[delivery] ${line}`);
const workDir = mkdtempSync(join(tmpdir(), 'rmh-delivery-'));
const stops: Array<() => Promise<unknown> | unknown> = [];

type Raw = { status: number; headers: [string, string][]; body: Buffer };

function rawGet(url: string, headers: Record<string, string>): Promise<Raw> {
	return new Promise((done, fail) => {
		const req = request(url, { headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () => {
				const pairs: [string, string][] = [];
				for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
				done({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
			});
		});
		req.on('error', fail);
		req.end();
	});
}

/** wrk's requests per second for a URL (and its non-2xx count, which must be 0). */
function wrk(url: string, headers: Record<string, string> = ENCODINGS, duration = seconds): { rps: number; non2xx: number } {
	const args = ['-t2', `-c${CONNECTIONS}`, `-d${duration}s`];
	for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
	const output = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
	const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
	const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
	return { rps, non2xx };
}

/** Headers a second server sends to be "the same answer" (not per-connection ones). */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

async function startBare(raw: Raw): Promise<{ url: string; stop: () => Promise<void> }> {
	const bodyFile = join(workDir, 'bare-body');
	const headersFile = join(workDir, 'bare-headers.json');
	writeFileSync(bodyFile, raw.body);
	writeFileSync(headersFile, JSON.stringify(raw.headers.filter(([name]) => !PER_CONNECTION.has(name.toLowerCase())).flat()));
	const child = spawnTracked(process.execPath, [join(root, 'scripts/bench/bare-server.mjs'), bodyFile, `--headers=${headersFile}`], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const port = await new Promise<string>((done) => child.stdout!.once('data', (chunk) => done(String(chunk).trim())));
	return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** nginx answering the same bytes from a file, with the same headers (its own Date, ETag). */
async function startNginxFile(raw: Raw, path: string): Promise<{ url: string; stop: () => Promise<void> }> {
	const dir = join(workDir, 'nginx-file');
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, 'page'), raw.body);
	// nginx's workers may run as another account (nobody, when started as root): let them read.
	chmodSync(workDir, 0o755);
	chmodSync(dir, 0o777);
	chmodSync(join(dir, 'page'), 0o644);
	const port = await freePort();
	const skip = new Set([...PER_CONNECTION, 'content-length', 'content-type', 'etag']);
	const type = raw.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'text/html';
	const added = raw.headers
		.filter(([name]) => !skip.has(name.toLowerCase()))
		.map(([name, value]) => `\t\t\tadd_header ${name} '${value.replace(/'/g, "\\'")}';`)
		.join('\n');
	const config = `worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
	access_log off;
	sendfile on;
	client_body_temp_path ${dir}/client_body;
	proxy_temp_path ${dir}/proxy;
	fastcgi_temp_path ${dir}/fastcgi;
	uwsgi_temp_path ${dir}/uwsgi;
	scgi_temp_path ${dir}/scgi;
	server {
		listen 127.0.0.1:${port};
		location = ${path} {
			alias ${dir}/page;
			types { }
			default_type '${type}';
${added}
		}
	}
}
`;
	writeFileSync(join(dir, 'nginx.conf'), config);
	const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
	const url = `http://127.0.0.1:${port}`;
	for (let tries = 0; ; tries += 1) {
		try {
			const answer = await rawGet(url + path, ENCODINGS);
			if (answer.status !== 200) throw new Error(`nginx (file) answered ${answer.status}`);
			break;
		} catch {
			if (tries > 100) throw new Error('nginx (file) did not start');
			await new Promise((done) => setTimeout(done, 50));
		}
	}
	return {
		url,
		stop: async () => {
			const exited = new Promise((done) => child.once('exit', done));
			child.kill('SIGTERM');
			await exited;
		},
	};
}

async function startOurs(name: string, build: string): Promise<BenchServer> {
	const dir = join(workDir, name);
	mkdirSync(dir, { recursive: true });
	const dbPath = join(dir, 'app.db');
	await createDataset(dbPath, 'demo');
	const server = await startBenchServer({ root, distDir: build, workDir: dir, dbPath, generateOnStart: true });
	stops.push(() => server.stop());
	await server.idle(180_000);
	return server;
}

async function firstId(origin: string, path: string): Promise<number> {
	const list = (await (await fetch(origin + path)).json()) as Array<{ id: number }>;
	return list[0]!.id;
}

type Target = { name: string; url: string };
type Row = { name: string; rps: number[]; ratios: number[] };

async function throughput(targets: Target[], bareUrl: string, path: string): Promise<Row[]> {
	const rows: Row[] = targets.map((target) => ({ name: target.name, rps: [], ratios: [] }));
	const bare: Row = { name: 'bare node:http, same bytes and headers', rps: [], ratios: [] };
	for (let round = 1; round <= rounds; round += 1) {
		wrk(bareUrl + path, ENCODINGS, 1);
		const yardstick = wrk(bareUrl + path);
		bare.rps.push(yardstick.rps);
		bare.ratios.push(1);
		log(`round ${round}: bare node:http ${Math.round(yardstick.rps)} req/s`);
		for (const [index, target] of targets.entries()) {
			wrk(target.url + path, ENCODINGS, 1);
			const figure = wrk(target.url + path);
			if (figure.non2xx > 0) log(`  ${target.name}: ${figure.non2xx} answers were not 2xx`);
			rows[index]!.rps.push(figure.rps);
			rows[index]!.ratios.push(figure.rps / yardstick.rps);
			log(`  ${target.name}: ${Math.round(figure.rps)} req/s, ${(figure.rps / yardstick.rps).toFixed(2)}× bare`);
		}
	}
	return [bare, ...rows];
}

async function javaScript(builds: Array<{ name: string; server: BenchServer }>) {
	const browser = await launchChromium();
	const figures: Array<{ build: string; path: string; gzipBytes: number; react: boolean }> = [];
	try {
		for (const { name, server } of builds) {
			const platformId = await firstId(server.url, '/api/platforms');
			const articleId = await firstId(server.url, '/api/news');
			for (const path of [`/news/${articleId}`, '/podcast', '/', '/platforms', `/platforms/${platformId}`, '/compare']) {
				const weight = await measurePage(browser, server.url, path);
				figures.push({ build: name, path, gzipBytes: weight.totalGzipBytes, react: weight.react });
				log(`JS before interaction, ${name}, ${path}: ${(weight.totalGzipBytes / 1024).toFixed(1)} KB gzip${weight.react ? ' (React)' : ''}`);
			}
		}
	} finally {
		await browser.close();
	}
	return figures;
}

// Node scaling (simulated with cgroup CPU caps).

const CGROUP = '/sys/fs/cgroup/cpu';
const QUOTA_US = 25_000;
const PERIOD_US = 100_000;

function capProcess(name: string, pid: number): () => void {
	const group = join(CGROUP, `rmh-bench-${name}`);
	mkdirSync(group, { recursive: true });
	writeFileSync(join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
	writeFileSync(join(group, 'cpu.cfs_quota_us'), String(QUOTA_US));
	writeFileSync(join(group, 'cgroup.procs'), String(pid));
	return () => {
		// Back to the parent group, then the empty group can go.
		try {
			writeFileSync(join(CGROUP, 'cgroup.procs'), String(pid));
		} catch {
			// the process has ended
		}
		try {
			rmSync(group, { recursive: false });
		} catch {
			execFileSync('rmdir', [group]);
		}
	};
}

async function scaling() {
	if (!existsSync(join(CGROUP, 'cpu.cfs_quota_us'))) throw new Error(`no cgroup v1 CPU controller at ${CGROUP}`);
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
	for (const name of ['node-a', 'node-b', 'node-c']) nodes.push(await startNode(name, url, publicUrl, join(workDir, 'nodes'), { distDir }));
	stops.push(async () => {
		for (const node of nodes) await stopNode(node).catch(() => killNode(node));
	});
	// Every node's first generation done before any figure (it would take the capped CPU).
	const editor = await signIn(nodes[0]!.url, EDITOR, publicUrl);
	for (const node of nodes) {
		for (;;) {
			const status = (await (await fetch(`${node.url}/api/admin/site-build`, { headers: { cookie: editor } })).json()) as {
				running: boolean;
				queued: number;
				lastSuccessAt: string | null;
			};
			if (!status.running && status.queued === 0 && status.lastSuccessAt) break;
			await new Promise((done) => setTimeout(done, 200));
		}
	}
	const cookie = await signIn(nodes[0]!.url, DEMO_USER, publicUrl);
	const uncaps = nodes.map((node) => capProcess(node.name, node.process.pid!));
	stops.push(() => uncaps.forEach((uncap) => uncap()));
	const figures: Array<{ nodes: number; rps: number; ratio: number }> = [];
	for (const count of [1, 2, 3]) {
		const nginx: Nginx = await startNginx(nginxPort, nodes.slice(0, count).map((node) => node.url));
		try {
			const headers = { ...ENCODINGS, cookie };
			const answer = await fetch(`${nginx.url}/api/platforms`, { headers });
			if (answer.headers.get('x-cache-status') !== 'BYPASS') throw new Error('a read with the session cookie was not sent past the cache');
			wrk(`${nginx.url}/api/platforms`, headers, 2);
			const { rps, non2xx } = wrk(`${nginx.url}/api/platforms`, headers);
			if (non2xx > 0) log(`  ${non2xx} answers were not 2xx`);
			const ratio = rps / (figures[0]?.rps ?? rps);
			figures.push({ nodes: count, rps, ratio });
			log(`scaling (simulated: each node capped at ${QUOTA_US / PERIOD_US} core): ${count} node(s) ${Math.round(rps)} req/s, ${ratio.toFixed(2)}× one node`);
		} finally {
			await nginx.stop();
		}
	}
	return figures;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
	const results: Record<string, unknown> = { date: new Date().toISOString(), seconds, rounds, connections: CONNECTIONS };
	log(`wrk ${CONNECTIONS} connections, ${seconds} s per figure, ${rounds} rounds; the machine is shared, so read the ratios of one round`);
	const ours = await startOurs('ours', distDir);
	const before = beforeDir ? await startOurs('before', beforeDir) : undefined;
	const path = `/news/${await firstId(ours.url, '/api/news')}`;
	const answer = await rawGet(ours.url + path, ENCODINGS);
	if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
	const bare = await startBare(answer);
	stops.push(bare.stop);
	const file = await startNginxFile(answer, path);
	stops.push(file.stop);
	const nginxPort = await freePort();
	const cache = await startNginx(nginxPort, [ours.url]);
	stops.push(cache.stop);
	for (let tries = 0; tries < 50; tries += 1) {
		const hit = await fetch(cache.url + path, { headers: ENCODINGS });
		await hit.arrayBuffer();
		if (hit.headers.get('x-cache-status') === 'HIT') break;
	}
	const targets: Target[] = [
		{ name: 'ours', url: ours.url },
		...(before ? [{ name: 'ours, before (--before build)', url: before.url }] : []),
		{ name: 'nginx, the same bytes from a file', url: file.url },
		{ name: 'nginx proxy_cache in front of ours', url: cache.url },
	];
	const rows = await throughput(targets, bare.url, path);
	results.throughput = rows.map((row) => ({ ...row, medianRatio: median(row.ratios) }));
	if (!flag('skip-js')) {
		results.javaScript = await javaScript([{ name: 'ours', server: ours }, ...(before ? [{ name: 'before', server: before }] : [])]);
	}
	if (!flag('skip-scaling')) {
		try {
			results.scaling = await scaling();
		} catch (error) {
			log(`scaling not measured: ${error instanceof Error ? error.message : String(error)}`);
		}
	}
	const out = join(root, 'bench/results');
	mkdirSync(out, { recursive: true });
	writeFileSync(join(out, 'delivery-limit.json'), JSON.stringify(results, null, 2));
	const lines = [
		`# Delivery at the machine's limit (${results.date})`,
		'',
		`wrk, ${CONNECTIONS} connections, Accept-Encoding br/gzip, ${seconds} s per figure, ${rounds} rounds, article page ${path}. The machine is shared: ratios are per round.`,
		'',
		'| server | req/s per round | ratio to bare per round |',
		'|---|---|---|',
		...rows.map((row) => `| ${row.name} | ${row.rps.map((v) => Math.round(v)).join(' / ')} | ${row.ratios.map((v) => v.toFixed(2)).join(' / ')} |`),
	];
	if (results.javaScript) {
		lines.push('', '| build | page | JS before interaction (gzip) | React |', '|---|---|---|---|');
		for (const row of results.javaScript as Array<{ build: string; path: string; gzipBytes: number; react: boolean }>) {
			lines.push(`| ${row.build} | ${row.path} | ${(row.gzipBytes / 1024).toFixed(1)} KB | ${row.react ? 'yes' : 'no'} |`);
		}
	}
	if (results.scaling) {
		lines.push(
			'',
			`Node scaling, SIMULATED: each node capped at ${QUOTA_US / PERIOD_US} core by the cgroup v1 CPU controller (cpu.cfs_quota_us=${QUOTA_US}, cpu.cfs_period_us=${PERIOD_US}); GET /api/platforms with a signed-in session cookie through nginx (never from its cache); PostgreSQL, nginx and wrk uncapped on the same 2 cores.`,
			'',
			'| nodes | req/s | × one node |',
			'|---|---|---|',
			...(results.scaling as Array<{ nodes: number; rps: number; ratio: number }>).map(
				(row) => `| ${row.nodes} | ${Math.round(row.rps)} | ${row.ratio.toFixed(2)} |`,
			),
		);
	}
	writeFileSync(join(out, 'delivery-limit.md'), `${lines.join('\n')}\n`);
	console.log(lines.join('\n'));
}

try {
	await main();
} finally {
	for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
	killAllTracked();
	rmSync(workDir, { recursive: true, force: true });
}
