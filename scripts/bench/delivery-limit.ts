/**
 * Delivery at the machine's limit, measured with wrk (Debian's `wrk`, a C load generator that
 * is not the bottleneck; `apt-get install -y wrk`), all in one run so the ratios share the
 * machine's state:
 *
 *   - the generated article page (Accept-Encoding: br, gzip; 32 connections) from
 *       1. a bare node:http server sending the same bytes with the same response headers,
 *       2. ours (the production host on the build given, and on a second build with --before=…),
 *       2b. the floor: the bare server's handler inside a production host of the same build that
 *           rendered the site (scripts/bench/bare-inside.mjs), what no code of the host goes below,
 *       3. nginx serving the same bytes as a file with the same headers,
 *       4. nginx with deploy/nginx.conf (proxy_cache) in front of ours;
 *     in interleaved rounds: the bare server is measured before and after every target, the
 *     target's ratio is its figure over the mean of the two bare figures around it (so a change
 *     in the machine's load during a round cancels out), the targets' order rotates from round
 *     to round, and the table gives the median ratio with its spread (lowest, highest and the
 *     middle half);
 *   - compressed JavaScript each reader page loads before any interaction (Chromium), with and
 *     without state in the address;
 *   - Lighthouse mobile (Lighthouse 13 driving Debian's Chromium through chrome-launcher);
 *   - node scaling, SIMULATED (scripts/bench/node-scaling.ts): 1, 2, 3 nodes behind nginx, each
 *     capped at --quota of a core, reads with a signed-in session cookie. Needs root.
 *
 *   npx tsx scripts/bench/delivery-limit.ts [--dist=dist] [--before=<dist of an older build>]
 *       [--seconds=5] [--rounds=5] [--quota=0.15] [--scaling-path=/api/platforms] [--skip-scaling]
 *       [--skip-js] [--skip-lighthouse]
 *       [--without-access-log] (adds ours with LOG_LEVEL=warn as a target: the access log's cost)
 *
 * Writes bench/results/delivery-limit.json and .md. Other work on the machine makes every figure
 * noisy; compare the ratios of one run, not figures across runs.
 */
import { articlePath, platformPath } from '@/lib/public-paths';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startNginx } from '../shared/node-cluster';
import { freePort } from '../shared/ports';
import { createDataset } from './dataset';
import { runLighthouse, type LighthouseFigure } from './lighthouse';
import { launchChromium, measurePage } from './page-weight';
import { killAllTracked, spawnTracked, stopChild } from './processes';
import { startBenchServer, type BenchServer } from './server';
import { measureNodeScaling, scalingTable, type ScalingFigure } from './node-scaling';
import { wrk } from './wrk';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const option = (name: string, fallback: string) =>
	process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const flag = (name: string) => process.argv.includes(`--${name}`);
const distDir = resolve(option('dist', 'dist'));
const beforeDir = option('before', '') ? resolve(option('before', '')) : undefined;
const seconds = Number(option('seconds', '5'));
const rounds = Number(option('rounds', '5'));
/** Cores each node may use in the scaling simulation. */
const quota = Number(option('quota', '0.15'));
/** What the scaling figures read with the session cookie (a personal answer: /api/user). */
const scalingPath = option('scaling-path', '/api/platforms');
const CONNECTIONS = 32;
/** Where the floor server answers with the bare handler (scripts/bench/bare-inside.mjs). */
const BARE_INSIDE_PATH = '/bare-inside';
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
				for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
					pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
				done({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
			});
		});
		req.on('error', fail);
		req.end();
	});
}

/** wrk's figures for a URL with this bench's load (its non-2xx count must be 0). */
function wrkRun(url: string, headers: Record<string, string> = ENCODINGS, duration = seconds) {
	return wrk(url, { headers, seconds: duration, connections: CONNECTIONS, threads: 2 });
}

/** Headers a second server sends to be "the same answer" (not per-connection ones). */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const bodyFile = join(workDir, 'bare-body');
const headersFile = join(workDir, 'bare-headers.json');

async function startBare(raw: Raw): Promise<{ url: string; stop: () => Promise<void> }> {
	writeFileSync(bodyFile, raw.body);
	writeFileSync(
		headersFile,
		JSON.stringify(raw.headers.filter(([name]) => !PER_CONNECTION.has(name.toLowerCase())).flat()),
	);
	const child = spawnTracked(
		process.execPath,
		[join(root, 'scripts/bench/bare-server.mjs'), bodyFile, `--headers=${headersFile}`],
		{
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	const port = await new Promise<string>((done) =>
		child.stdout!.once('data', (chunk) => done(String(chunk).trim())),
	);
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
	const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
		stdio: 'inherit',
	});
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

async function startOurs(
	name: string,
	build: string,
	env?: Record<string, string>,
	nodeArgs?: string[],
): Promise<BenchServer> {
	const dir = join(workDir, name);
	mkdirSync(dir, { recursive: true });
	const dbPath = join(dir, 'app.db');
	await createDataset(dbPath, 'demo');
	const server = await startBenchServer({
		root,
		distDir: build,
		workDir: dir,
		dbPath,
		generateOnStart: true,
		env,
		nodeArgs,
	});
	stops.push(() => server.stop());
	await server.idle(180_000);
	return server;
}

async function firstSlug(origin: string, path: string): Promise<string> {
	const list = (await (await fetch(origin + path)).json()) as Array<{ slug: string }>;
	return list[0]!.slug;
}

/** `path`: the path measured, when not the article page. */
type Target = { name: string; url: string; path?: string };
type Row = { name: string; rps: number[]; ratios: number[] };

/** The value at a fraction of the sorted values (linear between neighbours). */
function quantile(values: number[], at: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	const position = (sorted.length - 1) * at;
	const low = Math.floor(position);
	const high = Math.ceil(position);
	return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

function median(values: number[]): number {
	return quantile(values, 0.5);
}

/**
 * Interleaved rounds: bare, target, bare, target, ..., bare; a target's ratio is over the mean of
 * the bare figures just before and after it. The targets' order rotates each round.
 */
async function throughput(targets: Target[], bareUrl: string, path: string): Promise<Row[]> {
	const rows: Row[] = targets.map((target) => ({ name: target.name, rps: [], ratios: [] }));
	const bare: Row = { name: 'bare node:http, same bytes and headers', rps: [], ratios: [] };
	for (const target of [{ name: 'bare', url: bareUrl }, ...targets])
		await wrkRun(target.url + (target.path ?? path), ENCODINGS, 1);
	for (let round = 1; round <= rounds; round += 1) {
		let before = (await wrkRun(bareUrl + path)).rps;
		bare.rps.push(before);
		log(`round ${round} (load ${loadavg()[0]!.toFixed(1)}): bare node:http ${Math.round(before)} req/s`);
		const order = targets.map((_, index) => (index + round - 1) % targets.length);
		for (const index of order) {
			const target = targets[index]!;
			const figure = await wrkRun(target.url + (target.path ?? path));
			const after = (await wrkRun(bareUrl + path)).rps;
			bare.rps.push(after);
			if (figure.non2xx > 0) log(`  ${target.name}: ${figure.non2xx} answers were not 2xx`);
			const ratio = figure.rps / ((before + after) / 2);
			rows[index]!.rps.push(figure.rps);
			rows[index]!.ratios.push(ratio);
			log(
				`  ${target.name}: ${Math.round(figure.rps)} req/s, ${ratio.toFixed(2)}× bare (bare ${Math.round(before)} → ${Math.round(after)})`,
			);
			before = after;
		}
	}
	bare.ratios = bare.rps.map(() => 1);
	return [bare, ...rows];
}

/** The reader pages whose JavaScript before interaction is measured (and Lighthouse runs on). */
async function readerPages(origin: string): Promise<string[]> {
	type Listed = { id: number; slug: string; category: string };
	const platforms = (await (await fetch(`${origin}/api/platforms?limit=2`)).json()) as Listed[];
	const [a, b] = platforms as [Listed, Listed];
	return [
		articlePath('news', await firstSlug(origin, '/api/news')),
		'/podcast',
		'/',
		'/?newsCategory=Platform%20Updates#news',
		'/platforms',
		`/platforms?category=${encodeURIComponent(a.category)}&sortBy=name&sortOrder=asc`,
		platformPath(a.slug),
		'/compare',
		`/compare?platforms=${a.id},${b.id}`,
	];
}

async function javaScript(builds: Array<{ name: string; server: BenchServer }>) {
	const browser = await launchChromium();
	const figures: Array<{ build: string; path: string; gzipBytes: number; react: boolean }> = [];
	try {
		for (const { name, server } of builds) {
			for (const path of await readerPages(server.url)) {
				const weight = await measurePage(browser, server.url, path);
				figures.push({ build: name, path, gzipBytes: weight.totalGzipBytes, react: weight.react });
				log(
					`JS before interaction, ${name}, ${path}: ${(weight.totalGzipBytes / 1024).toFixed(1)} KB gzip${weight.react ? ' (React)' : ''}`,
				);
			}
		}
	} finally {
		await browser.close();
	}
	return figures;
}

async function main() {
	const results: Record<string, unknown> = {
		date: new Date().toISOString(),
		seconds,
		rounds,
		connections: CONNECTIONS,
		loadAtStart: loadavg()[0],
	};
	log(
		`wrk ${CONNECTIONS} connections, ${seconds} s per figure, ${rounds} interleaved rounds; load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
	);
	const ours = await startOurs('ours', distDir);
	const before = beforeDir ? await startOurs('before', beforeDir) : undefined;
	// The same build without its access log (one JSON line per request), to show what it costs.
	const quiet = flag('without-access-log')
		? await startOurs('quiet', distDir, { LOG_LEVEL: 'warn' })
		: undefined;
	const path = articlePath('news', await firstSlug(ours.url, '/api/news'));
	const answer = await rawGet(ours.url + path, ENCODINGS);
	if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
	const bare = await startBare(answer);
	stops.push(bare.stop);
	// The floor: the bare server's handler inside a host of this build that rendered the site.
	const floor = await startOurs(
		'floor',
		distDir,
		{ BARE_INSIDE_PATH, BARE_INSIDE_BODY: bodyFile, BARE_INSIDE_HEADERS: headersFile },
		['--import', pathToFileURL(join(root, 'scripts/bench/bare-inside.mjs')).href],
	);
	const inside = await rawGet(floor.url + BARE_INSIDE_PATH, ENCODINGS);
	if (inside.status !== 200 || !inside.body.equals(answer.body))
		throw new Error('the bare handler inside the host did not answer');
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
		{
			name: 'the bare handler inside our host (floor: same process, site rendered)',
			url: floor.url,
			path: BARE_INSIDE_PATH,
		},
		...(before ? [{ name: 'ours, before (--before build)', url: before.url }] : []),
		...(quiet ? [{ name: 'ours without the access log (LOG_LEVEL=warn)', url: quiet.url }] : []),
		{ name: 'nginx, the same bytes from a file', url: file.url },
		{ name: 'nginx proxy_cache in front of ours', url: cache.url },
	];
	const rows = await throughput(targets, bare.url, path);
	const spread = (row: Row) => ({
		medianRatio: median(row.ratios),
		lowest: Math.min(...row.ratios),
		highest: Math.max(...row.ratios),
		middleHalf: [quantile(row.ratios, 0.25), quantile(row.ratios, 0.75)],
	});
	results.throughput = rows.map((row) => ({ ...row, ...spread(row) }));
	results.loadAfterThroughput = loadavg()[0];
	if (!flag('skip-js')) {
		results.javaScript = await javaScript([
			{ name: 'ours', server: ours },
			...(before ? [{ name: 'before', server: before }] : []),
		]);
	}
	if (!flag('skip-lighthouse')) {
		try {
			const pages = (await readerPages(ours.url)).filter((page) => !page.startsWith('/news/'));
			results.lighthouse = await runLighthouse(ours.url, pages, 1, log);
		} catch (error) {
			results.lighthouseError = error instanceof Error ? error.message : String(error);
			log(`Lighthouse did not run: ${results.lighthouseError}`);
		}
	}
	if (!flag('skip-scaling')) {
		try {
			results.scaling = await measureNodeScaling({
				distDir,
				workDir,
				quota,
				seconds,
				paths: [scalingPath],
				log,
				stops,
			});
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
		`wrk, ${CONNECTIONS} connections, Accept-Encoding br/gzip, ${seconds} s per figure, article page ${path}; ${rounds} interleaved rounds (bare, target, bare, ...; the order of the targets rotates). A ratio is the target's figure over the mean of the bare figures measured just before and after it. Load average ${Number(results.loadAtStart).toFixed(1)} at the start on ${cpus().length} cores.`,
		'',
		'| server | median ratio to bare | lowest–highest | middle half | req/s per figure |',
		'|---|---|---|---|---|',
		...rows.map((row) => {
			const { medianRatio, lowest, highest, middleHalf } = spread(row);
			return `| ${row.name} | ${medianRatio.toFixed(2)} | ${lowest.toFixed(2)}–${highest.toFixed(2)} | ${middleHalf.map((v) => v.toFixed(2)).join('–')} | ${row.rps.map((v) => Math.round(v)).join(' / ')} |`;
		}),
	];
	if (results.javaScript) {
		lines.push(
			'',
			'Compressed JavaScript each page loads before the reader acts (Chromium, measured):',
			'',
			'| build | page | JS before interaction (gzip) | React |',
			'|---|---|---|---|',
		);
		for (const row of results.javaScript as Array<{
			build: string;
			path: string;
			gzipBytes: number;
			react: boolean;
		}>) {
			lines.push(
				`| ${row.build} | ${row.path} | ${(row.gzipBytes / 1024).toFixed(1)} KB | ${row.react ? 'yes' : 'no'} |`,
			);
		}
	}
	if (results.lighthouse) {
		lines.push(
			'',
			'Lighthouse 13, mobile (default emulation and simulated throttling), one run per page, Debian Chromium:',
			'',
			'| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |',
			'|---|---|---|---|---|---|---|---|',
		);
		for (const row of results.lighthouse as LighthouseFigure[]) {
			lines.push(
				`| ${row.path} | ${row.performance ?? row.error ?? '-'} | ${row.accessibility ?? '-'} | ${row.bestPractices ?? '-'} | ${row.seo ?? '-'} | ${row.lcpMs === null ? '-' : `${Math.round(row.lcpMs)} ms`} | ${row.tbtMs === null ? '-' : `${Math.round(row.tbtMs)} ms`} | ${row.cls === null ? '-' : row.cls.toFixed(3)} |`,
			);
		}
	} else if (results.lighthouseError) {
		lines.push('', `Lighthouse did not run: ${results.lighthouseError}`);
	}
	if (results.scaling) {
		lines.push('', scalingTable(results.scaling as ScalingFigure[], quota));
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
