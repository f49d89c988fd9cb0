/**
 * PostgreSQL beside SQLite, and several nodes behind nginx. A throwaway cluster of the machine's
 * PostgreSQL (initdb + pg_ctl, as the tests start it) with production-like durability:
 * `synchronous_commit=off`, the counterpart of SQLite's `synchronous=NORMAL` in WAL mode (a
 * crash of the machine may lose the last commits, never corrupts). Measured:
 *   - API reads on both engines, with the API cache off (each read is a query);
 *   - the mixed load (reads, writes and sign-ins at once) on PostgreSQL, one round;
 *   - search at 100,000 articles on PostgreSQL (the SQLite figure is the search phase's);
 *   - publishing: POST on one of three nodes until the page and the API answer show the article
 *     on every node;
 *   - API reads through nginx (deploy/nginx.conf) in front of 1, 2 and 3 nodes.
 */
import { join } from 'node:path';
import pg from 'pg';
import {
	createPostgresRunDir,
	postgresBinDir,
	startPostgresServer,
	stopPostgresCluster,
	SUPERUSER,
} from '../shared/postgres-cluster';
import { freePort } from '../shared/ports';
import { killNode, startNginx, startNode, stopNode, type AppNode, type Nginx } from '../shared/node-cluster';
import { SEARCH_QUERIES, createDataset, createPostgresDataset } from './dataset';
import { autocannon, sequentialLatency, type LoadFigure, type SequentialFigure } from './load';
import { EDITOR, signIn } from './accounts';
import { mixedLoad, type MixedLoadRun } from './mixed-load';
import { UNCACHED_ENV, startBenchServer } from './server';

export type EngineReadFigure = {
	path: string;
	sqlite: LoadFigure;
	postgres: LoadFigure;
	/** PostgreSQL's req/s over SQLite's. */
	ratio: number;
};

export type PostgresFigures = {
	reads: EngineReadFigure[];
	/** The mixed load (reads, writes, sign-ins at once) on PostgreSQL; SQLite's is the demo phase's. */
	mixedLoad?: MixedLoadRun[];
	search?: { articles: number; insertMs: number; sequential: SequentialFigure[] };
	/** Per node: ms from the POST until that node's page and API answer show the article. */
	publish?: { apiMs: number; visibleMs: Record<string, number> };
	nginx: Array<{ nodes: number; figure: LoadFigure; ratio: number }>;
	/** The same through nginx, each read carrying a (stale) session cookie: never from a cache. */
	nginxUncached?: Array<{ nodes: number; figure: LoadFigure; ratio: number }>;
};

type Cluster = { port: number; url: (database: string) => string; stop: () => void };

/** Whether the machine can run the PostgreSQL phase (its binaries are there). */
export function postgresAvailable(): boolean {
	try {
		postgresBinDir();
		return true;
	} catch {
		return false;
	}
}

/** A cluster in a folder of its own under the system's temp folder (the server account's). */
async function startCluster(): Promise<Cluster> {
	const dir = createPostgresRunDir();
	const port = await startPostgresServer(dir, [
		'-c synchronous_commit=off',
		'-c max_connections=200',
		'-c shared_buffers=256MB',
	]);
	return {
		port,
		url: (database) => `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`,
		stop: () => stopPostgresCluster(dir),
	};
}

async function createDatabase(cluster: Cluster, name: string): Promise<string> {
	const client = new pg.Client({ connectionString: cluster.url('postgres') });
	await client.connect();
	try {
		await client.query(`create database ${name}`);
	} finally {
		await client.end();
	}
	return cluster.url(name);
}

type PhaseOptions = {
	root: string;
	distDir: string;
	workDir: string;
	log: (line: string) => void;
	/** Articles for the search figure (0 skips it). */
	searchArticles: number;
};

const READ_PATHS = ['/api/platforms', '/api/news?limit=20', '/api/podcasts'];

async function engineReads(cluster: Cluster, options: PhaseOptions): Promise<EngineReadFigure[]> {
	const { root, distDir, workDir, log } = options;
	const sqlitePath = join(workDir, 'engines-sqlite.db');
	await createDataset(sqlitePath, 'demo');
	const postgresUrl = await createDatabase(cluster, 'bench_engines');
	await createPostgresDataset(postgresUrl, 0);
	const start = (label: string, env: Record<string, string>) =>
		startBenchServer({
			root,
			distDir,
			workDir: join(workDir, label),
			dbPath: sqlitePath,
			generateOnStart: false,
			cpu: 0,
			env: { ...UNCACHED_ENV, ...env },
		});
	const figures: EngineReadFigure[] = [];
	const sqlite = await start('engines-sqlite', {});
	const sqliteFigures: LoadFigure[] = [];
	try {
		for (const path of READ_PATHS) {
			sqliteFigures.push(
				await autocannon(`sqlite ${path}`, sqlite.url, path, { duration: 5, warmup: 1, pid: sqlite.pid }),
			);
		}
	} finally {
		await sqlite.stop();
	}
	const postgres = await start('engines-postgres', { DATABASE_URL: postgresUrl });
	try {
		for (const [index, path] of READ_PATHS.entries()) {
			const figure = await autocannon(`postgres ${path}`, postgres.url, path, {
				duration: 5,
				warmup: 1,
				pid: postgres.pid,
			});
			const base = sqliteFigures[index]!;
			const ratio = figure.requestsPerSecond / base.requestsPerSecond;
			figures.push({ path, sqlite: base, postgres: figure, ratio });
			log(
				`  ${path} uncached: SQLite ${Math.round(base.requestsPerSecond)} req/s p99 ${base.latencyP99} ms; ` +
					`PostgreSQL ${Math.round(figure.requestsPerSecond)} req/s p99 ${figure.latencyP99} ms (${ratio.toFixed(2)}×)`,
			);
		}
	} finally {
		await postgres.stop();
	}
	return figures;
}

/** The demo phase's mixed load, on PostgreSQL (the sign-ins each from their own address). */
async function mixedLoadOnPostgres(cluster: Cluster, options: PhaseOptions): Promise<MixedLoadRun[]> {
	const { root, distDir, workDir, log } = options;
	const url = await createDatabase(cluster, 'bench_mixed');
	await createPostgresDataset(url, 0);
	const server = await startBenchServer({
		root,
		distDir,
		workDir: join(workDir, 'mixed-postgres'),
		dbPath: join(workDir, 'unused.db'),
		generateOnStart: true,
		cpu: 0,
		env: { DATABASE_URL: url, TRUST_PROXY: '1' },
	});
	try {
		await server.idle();
		const runs = await mixedLoad(server, { url }, { rounds: 1 });
		for (const run of runs) {
			log(
				`  mixed load on PostgreSQL: reads ${Math.round(run.reads.requestsPerSecond)} req/s p99 ${run.reads.latencyP99} ms; ` +
					`writes ${Math.round(run.writes.requestsPerSecond)} req/s p99 ${run.writes.latencyP99} ms; ` +
					`sign-ins ${Math.round(run.signIns.requestsPerSecond)} req/s${run.error ? `; ${run.error}` : ''}`,
			);
		}
		return runs;
	} finally {
		await server.stop();
	}
}

async function search(cluster: Cluster, options: PhaseOptions): Promise<PostgresFigures['search']> {
	const { root, distDir, workDir, log, searchArticles } = options;
	const url = await createDatabase(cluster, 'bench_search');
	const dataset = await createPostgresDataset(url, searchArticles, { paragraphs: 1 });
	log(
		`  ${dataset.articles} articles in PostgreSQL (${dataset.inserted} inserted in ${(dataset.insertMs / 1000).toFixed(1)} s)`,
	);
	const server = await startBenchServer({
		root,
		distDir,
		workDir: join(workDir, 'search-postgres'),
		dbPath: join(workDir, 'unused.db'),
		generateOnStart: false,
		cpu: 0,
		env: { ...UNCACHED_ENV, DATABASE_URL: url },
	});
	const sequential: SequentialFigure[] = [];
	try {
		for (const { name, path } of SEARCH_QUERIES) {
			const figure = await sequentialLatency(name, server.url, path, 200);
			sequential.push(figure);
			log(`  search ${name} on PostgreSQL: p50 ${figure.p50.toFixed(1)} ms p95 ${figure.p95.toFixed(1)} ms`);
		}
	} finally {
		await server.stop();
	}
	return { articles: dataset.articles, insertMs: dataset.insertMs, sequential };
}

/** Waits until a node's first full generation has finished. */
async function generated(node: AppNode, cookie: string): Promise<void> {
	const deadline = Date.now() + 300_000;
	for (;;) {
		const status = (await (
			await fetch(`${node.url}/api/admin/site-build`, { headers: { cookie } })
		).json()) as {
			running: boolean;
			queued: number;
			lastSuccessAt: string | null;
		};
		if (!status.running && status.queued === 0 && status.lastSuccessAt) return;
		if (Date.now() > deadline) throw new Error(`${node.name} did not finish its first generation`);
		await new Promise((done) => setTimeout(done, 100));
	}
}

async function publishAcrossNodes(
	nodes: AppNode[],
	publicUrl: string,
): Promise<NonNullable<PostgresFigures['publish']>> {
	const origin = nodes[0]!.url;
	// Straight to node-a, but as a browser on the public site would (the nodes' SITE_URL is
	// nginx's address, and a write from another origin is refused).
	const cookie = await signIn(origin, EDITOR, publicUrl);
	for (const node of nodes) await generated(node, cookie);
	for (const node of nodes)
		for (let read = 0; read < 3; read += 1) await (await fetch(`${node.url}/api/news`)).arrayBuffer();
	const title = `Benchmark across nodes ${Date.now().toString(36)}`;
	const started = performance.now();
	const created = await fetch(`${origin}/api/news`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: publicUrl, cookie },
		body: JSON.stringify({
			title,
			excerpt: 'Published on one node, timed until every node shows it.',
			content: 'Body.',
			category: 'Industry News',
			tags: ['benchmark'],
			readTime: 1,
			isPublished: true,
		}),
	});
	const apiMs = performance.now() - started;
	const article = (await created.json()) as { id?: number; slug?: string; message?: string };
	if (created.status !== 201 || !article.id)
		throw new Error(`POST /api/news answered ${created.status}: ${article.message}`);
	const visibleMs: Record<string, number> = {};
	await Promise.all(
		nodes.map(async (node) => {
			const deadline = Date.now() + 60_000;
			for (;;) {
				const [page, list] = await Promise.all([
					fetch(`${node.url}/news/${article.slug}`).then(
						async (answer) => answer.status === 200 && (await answer.text()).includes(title),
					),
					fetch(`${node.url}/api/news`).then(async (answer) => (await answer.text()).includes(title)),
				]);
				if (page && list) break;
				if (Date.now() > deadline) throw new Error(`${node.name} did not show the article within 60 s`);
				await new Promise((done) => setTimeout(done, 10));
			}
			visibleMs[node.name] = performance.now() - started;
		}),
	);
	return { apiMs, visibleMs };
}

/** Fills `figures` as it goes, so a later step's failure keeps the earlier figures. */
/** Only the search at options.searchArticles articles on PostgreSQL (`npm run bench -- --only-search`). */
export async function measurePostgresSearch(options: PhaseOptions, figures: PostgresFigures): Promise<void> {
	const cluster = await startCluster();
	try {
		options.log(`PostgreSQL: search at ${options.searchArticles.toLocaleString('en-US')} articles`);
		figures.search = await search(cluster, options);
	} finally {
		cluster.stop();
	}
}

export async function measurePostgres(options: PhaseOptions, figures: PostgresFigures): Promise<void> {
	const { log, workDir, distDir } = options;
	const cluster = await startCluster();
	let nodes: AppNode[] = [];
	let nginx: Nginx | undefined;
	try {
		log('PostgreSQL: API reads beside SQLite (demo content, API cache off)');
		figures.reads = await engineReads(cluster, options);
		figures.mixedLoad = await mixedLoadOnPostgres(cluster, options);
		if (options.searchArticles > 0) {
			log(`PostgreSQL: search at ${options.searchArticles.toLocaleString('en-US')} articles`);
			figures.search = await search(cluster, options);
		}
		log('PostgreSQL: three nodes behind nginx');
		const url = await createDatabase(cluster, 'bench_nodes');
		const nginxPort = await freePort();
		const publicUrl = `http://127.0.0.1:${nginxPort}`;
		nodes = await Promise.all(
			['node-a', 'node-b', 'node-c'].map((name) =>
				startNode(name, url, publicUrl, join(workDir, 'nodes'), { distDir }),
			),
		);
		figures.publish = await publishAcrossNodes(nodes, publicUrl);
		log(
			`  published on node-a (answered in ${figures.publish.apiMs.toFixed(0)} ms), visible on every node after ms: ` +
				JSON.stringify(
					Object.fromEntries(
						Object.entries(figures.publish.visibleMs).map(([node, ms]) => [node, Math.round(ms)]),
					),
				),
		);
		for (const count of [1, 2, 3]) {
			nginx = await startNginx(
				nginxPort,
				nodes.slice(0, count).map((node) => node.url),
			);
			try {
				const figure = await autocannon(`nginx ${count} node(s)`, nginx.url, '/api/platforms', {
					duration: 5,
					warmup: 1,
				});
				const ratio =
					figure.requestsPerSecond / (figures.nginx[0]?.figure.requestsPerSecond ?? figure.requestsPerSecond);
				figures.nginx.push({ nodes: count, figure, ratio });
				// A request carrying the session cookie is never answered from a cache: each read
				// checks the session and queries the database, as a signed-in reader's would.
				const uncached = await autocannon(`nginx ${count} node(s), uncached`, nginx.url, '/api/platforms', {
					duration: 5,
					warmup: 1,
					headers: { cookie: `session=${'a'.repeat(32)}` },
				});
				figures.nginxUncached ??= [];
				const uncachedRatio =
					uncached.requestsPerSecond /
					(figures.nginxUncached[0]?.figure.requestsPerSecond ?? uncached.requestsPerSecond);
				figures.nginxUncached.push({ nodes: count, figure: uncached, ratio: uncachedRatio });
				log(
					`  through nginx, ${count} node(s): ${Math.round(figure.requestsPerSecond)} req/s cached (${ratio.toFixed(2)}× one node), ` +
						`${Math.round(uncached.requestsPerSecond)} req/s uncached (${uncachedRatio.toFixed(2)}×)`,
				);
			} finally {
				await nginx.stop();
				nginx = undefined;
			}
		}
	} finally {
		await nginx?.stop();
		for (const node of nodes) await stopNode(node).catch(() => killNode(node));
		cluster.stop();
	}
}
