/**
 * `npm run bench`: builds the site into a temporary folder, starts it on free ports with
 * temporary databases (demo content, then 1,000, 10,000 and 100,000 articles), measures, stops
 * everything it started and prints one table; the same figures go to bench/results/latest.json.
 *
 *   --quick            Lighthouse: one run of four pages (instead of three runs of every page)
 *   --skip-lighthouse  no Lighthouse
 *   --skip-scale       demo size only (no 1,000 / 10,000 / 100,000 article databases)
 *   --keep             keep the temporary folder (its path is printed)
 *   --dist=<folder>    measure an existing build (made with DIST_DIR=<folder>) instead of building
 *   --only-newsletter  build, then only the newsletter phase (10,000 email-only members sign up and
 *                      confirm over HTTP, then one issue to them through a local SMTP capture)
 *   --newsletter-members=<n>  members in the newsletter phase (default 10,000)
 *   --skip-postgres    no PostgreSQL phase (it runs when PostgreSQL's binaries are installed)
 *   --only-postgres    build, then only the PostgreSQL and several-nodes phase
 *   --only-operations  build, then only the request rate with logs and metrics on and off
 *   --only-search      build, then only the searches at 100,000 articles (SQLite, and PostgreSQL
 *                      when installed)
 *   --only-archives    build, then only the archive pages' throughput (/news?page=N) beside the
 *                      article page's, at 1,000 articles, generated
 *   --only-comparisons build, then only a comparison page (/compare/{a}-vs-{b}) and an
 *                      alternatives page beside the article page, on the demo database, generated
 *   --only-signed-in   build, then only what a request costs by who sends it (no cookie, any
 *                      cookie, an invalid session, signed in): req/s and server CPU per request,
 *                      reads' latency beside 8 clients signing in, and signed-in reads on 1, 2
 *                      and 3 nodes behind nginx, each capped to a share of a core (PostgreSQL,
 *                      root; also in the full run)
 *   --only-reviews     build, then only one platform's reviews at 100,000 (the paged list with
 *                      filters, the rating breakdown) and the market map at 2,000 platforms
 *   --only-beacons     build, then only the page-view beacon (CPU per beacon, beacons per second
 *                      on one node) beside the article page's ratio to bare node:http
 *   --only-media       build, then only the media library: 20 uploads of a 12-megapixel JPEG
 *                      (time, server RSS), a library image served beside a kept API answer, and
 *                      one-byte ranges of a 50 MB episode (server CPU per request, RSS rise)
 *   --only-api         build, then only the public API: GET /api/v1/platforms with a content key
 *                      beside the site's GET /api/platforms (req/s, server CPU, the ratio), on
 *                      the demo database (also in the full run's demo phase)
 *   --only-themes      build, then only what users like and dislike at 100,000 reviews over 200
 *                      platforms: the themes recomputed in a process of their own (wall time, CPU
 *                      time, reviews per second, peak RSS), then the generated platform page's
 *                      req/s idle and while the server's worker recomputes every platform
 *
 * Budgets are printed beside the figures; the exit code never depends on them.
 */
import { articlePath, platformPath } from '@/lib/public-paths';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEARCH_QUERIES, addReviewsAndPlatforms, createDataset, reviewQueries } from './dataset';
import { checkDelivery, type DeliveryTarget } from './delivery';
import { killLighthouseChrome, runLighthouse } from './lighthouse';
import { autocannon, sequentialLatency, startBareServer } from './load';
import { launchChromium, measurePage } from './page-weight';
import { canPin, killAllTracked, runToEnd } from './processes';
import { mixedLoad, READS_BESIDE_SIGN_INS } from './mixed-load';
import { NEWSLETTER_MEMBERS, describeSenderMemory, measureNewsletter } from './newsletter';
import { DEMO_USER, signIn } from './accounts';
import { measurePublishing } from './publish';
import { buildRows, emptyResults, formatTable, type Results, type SizeFigures } from './report';
import { UNCACHED_ENV, startBenchServer, type BenchServer } from './server';
import { measurePostgres, measurePostgresSearch, postgresAvailable } from './postgres';
import { measureOperationsCost } from './operations';
import { measureSignedIn, signedInTable } from './signed-in';
import { measureNodeScaling, scalingTable } from './node-scaling';
import { measureMedia } from './media';
import { API_V1_ENV, measureApiV1 } from './api-v1';
import { measureBeacons } from './beacons';
import { addThemeReviews, measureThemesPage, recomputeInChild } from './themes';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const lighthouseOn = !args.has('--skip-lighthouse');
const scale = !args.has('--skip-scale');
const keep = args.has('--keep');
const onlyNewsletter = args.has('--only-newsletter');
const onlyPostgres = args.has('--only-postgres');
const onlyOperations = args.has('--only-operations');
const onlySearch = args.has('--only-search');
const onlyArchives = args.has('--only-archives');
const onlyComparisons = args.has('--only-comparisons');
const onlySignedIn = args.has('--only-signed-in');
const onlyReviews = args.has('--only-reviews');
const onlyMedia = args.has('--only-media');
const onlyApi = args.has('--only-api');
const onlyBeacons = args.has('--only-beacons');
const onlyThemes = args.has('--only-themes');
const postgresOn = !args.has('--skip-postgres') && postgresAvailable();
const newsletterMembers =
	Number([...args].find((a) => a.startsWith('--newsletter-members='))?.split('=')[1]) || NEWSLETTER_MEMBERS;
const reuseDist = [...args].find((a) => a.startsWith('--dist='))?.slice('--dist='.length);
const LIGHTHOUSE_RUNS = quick ? 1 : 3;
const SCALE_SIZES = [1_000, 10_000];
const SEARCH_SIZE = 100_000;
/** Reviews on one platform, and platforms in the directory (the market map's size). */
const REVIEWS_SIZE = 100_000;
const MAP_PLATFORMS = 2_000;
/** Reviews with pros and cons over the directory, and its platforms, for the themes' phase. */
const THEMES_REVIEWS = 100_000;
const THEMES_PLATFORMS = 200;
/** Enough articles for dozens of archive pages (12 a page), few enough to generate in a minute. */
const ARCHIVE_SIZE = 1_000;

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const benchStart = Date.now();
const log = (line: string) =>
	console.log(`[bench ${((Date.now() - benchStart) / 1000).toFixed(0).padStart(4)} s] ${line}`);

const work = mkdtempSync(join(tmpdir(), 'rmh-bench-'));
// The server bundle imports its external packages (better-sqlite3, ...) by name: let Node find
// them from the temporary build folder.
symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
const distDir = reuseDist ? resolve(reuseDist) : join(work, 'dist');

function cleanUp() {
	killAllTracked();
	killLighthouseChrome();
	if (!keep) rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		console.error(`\n[bench] ${signal}: stopping what it started`);
		cleanUp();
		process.exit(130);
	});
}

const results: Results = emptyResults(
	{
		cpus: availableParallelism(),
		pinned: canPin,
		node: process.version,
		loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
	},
	{ quick, lighthouse: lighthouseOn, scale, lighthouseRuns: LIGHTHOUSE_RUNS },
);

async function step<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
	try {
		return await run();
	} catch (error) {
		const message = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
		log(`${name} failed: ${message}`);
		results.errors.push(`${name}: ${message}`);
		return undefined;
	}
}

async function build() {
	log(`building into ${distDir}`);
	const env = { ...process.env, DIST_DIR: distDir };
	let started = performance.now();
	// The command npm links for the package's `bin` (its file moved between Astro majors).
	const astro = await runToEnd(process.execPath, [join(root, 'node_modules/.bin/astro'), 'build'], {
		cwd: root,
		env,
	});
	const astroBuildMs = performance.now() - started;
	if (astro.code !== 0) throw new Error(`astro build failed:\n${(astro.stdout + astro.stderr).slice(-3000)}`);
	started = performance.now();
	const pre = await runToEnd(process.execPath, [join(root, 'scripts/precompress.mjs')], { cwd: root, env });
	if (pre.code !== 0) throw new Error(`precompress failed: ${pre.stderr}`);
	results.build = {
		astroBuildMs,
		precompressMs: performance.now() - started,
		clientFiles: pre.stdout.trim(),
	};
	const host = await runToEnd(process.execPath, [join(root, 'scripts/build-host.mjs')], { cwd: root, env });
	if (host.code !== 0) throw new Error(`host bundle failed: ${host.stderr}`);
	log(`astro build ${(astroBuildMs / 1000).toFixed(1)} s; ${pre.stdout.trim()}`);
}

async function firstItem(origin: string, path: string): Promise<{ id: number; slug: string } | null> {
	try {
		const response = await fetch(origin + path);
		const list = (await response.json()) as { id: number; slug: string }[];
		return Array.isArray(list) && list[0] ? list[0] : null;
	} catch {
		return null;
	}
}

/** The platform with the most visible comments, so the comments endpoint does real work. */
async function busiestPlatform(origin: string): Promise<number | null> {
	const response = await fetch(`${origin}/api/platforms?limit=100`);
	const platforms = (await response.json()) as { id: number }[];
	let best: { id: number; n: number } | null = null;
	for (const { id } of Array.isArray(platforms) ? platforms : []) {
		const comments = await fetch(`${origin}/api/platforms/${id}/comments`).then((r) =>
			r.ok ? r.json() : [],
		);
		const n = Array.isArray(comments) ? comments.length : 0;
		if (!best || n > best.n) best = { id, n };
	}
	return best?.id ?? null;
}

/**
 * The build's server on a phase's database, pinned to core 0 (the load generators run on the
 * other), its pages generated only when the phase asks.
 */
function startPinnedServer(dir: string, dbPath: string, env?: Record<string, string>): Promise<BenchServer> {
	return startBenchServer({ root, distDir, workDir: dir, dbPath, generateOnStart: false, cpu: 0, env });
}

function dataPaths(label: string) {
	const dir = join(work, label);
	mkdirSync(dir, { recursive: true });
	return { dir, dbPath: join(dir, 'app.db') };
}

/** Reads' latency beside 8 clients signing in continuously (no writes), and the reads alone. */
async function readsBesideSignIns(server: BenchServer, dbPath: string) {
	log('reads beside 8 clients signing in (no writes), 16 read connections x 30 s: alone once, then 2 rounds');
	const alone = await mixedLoad(
		server,
		{ path: dbPath },
		{ rounds: 1, connections: { ...READS_BESIDE_SIGN_INS, signIns: 0 } },
	);
	results.readsBesideSignIns = [
		...alone,
		...(await mixedLoad(server, { path: dbPath }, { rounds: 2, connections: READS_BESIDE_SIGN_INS })),
	];
	for (const run of results.readsBesideSignIns)
		log(
			`  reads p99 ${run.reads.latencyP99} ms (p50 ${run.reads.latencyP50}, ${Math.round(run.reads.requestsPerSecond)}/s)` +
				(run.signIns.totalRequests > 0
					? ` beside sign-ins p99 ${run.signIns.latencyP99} ms (${run.signIns.requestsPerSecond.toFixed(1)}/s)`
					: ' alone'),
		);
}

/** What a request costs by who sends it, on the demo database, generated. */
async function signedInPhase() {
	const { dir, dbPath } = dataPaths('signed-in');
	await createDataset(dbPath, 'demo');
	// TRUST_PROXY: the sign-ins below each come from their own forwarded address.
	const server = await startPinnedServer(dir, dbPath, { TRUST_PROXY: '1' });
	try {
		await server.fullGeneration();
		const platform = (await firstItem(server.url, '/api/platforms?limit=1')) ?? { id: 1, slug: 'platform-1' };
		log('by who asks: wrk, 16 connections, 5 s a row, server CPU from /proc/<pid>/stat');
		results.signedIn = await measureSignedIn(server, platform, 5, log);
		log(`\n${signedInTable(results.signedIn)}`);
		// The full run measures this after its mixed load, on the demo phase's server.
		if (onlySignedIn) await readsBesideSignIns(server, dbPath);
	} finally {
		await server.stop();
	}
}

/** Each node's share of a core in the capped-node scaling. */
const SCALING_QUOTA = 0.15;
/** The personal answer whose three-node ratio is held to its goal. */
const SCALING_PERSONAL_PATH = '/api/user';

/**
 * Signed-in reads through nginx on 1, 2 and 3 nodes (PostgreSQL), each node capped to a share
 * of a core: a personal answer, and a public one that nginx never keeps for a session cookie.
 */
async function nodeScalingPhase() {
	const stops: Array<() => Promise<unknown> | unknown> = [];
	log(`capped-node scaling: 1, 2, 3 nodes at ${SCALING_QUOTA} core each, signed in, through nginx`);
	try {
		const figures = await measureNodeScaling({
			distDir,
			workDir: dataPaths('scaling').dir,
			quota: SCALING_QUOTA,
			seconds: 5,
			paths: [SCALING_PERSONAL_PATH, '/api/platforms'],
			log,
			stops,
		});
		results.nodeScaling = { quota: SCALING_QUOTA, figures, judgedPath: SCALING_PERSONAL_PATH };
		log(`\n${scalingTable(figures, SCALING_QUOTA)}`);
	} finally {
		for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
	}
}

async function demoPhase() {
	const { dir, dbPath } = dataPaths('demo');
	const dataset = await createDataset(dbPath, 'demo');
	const size: SizeFigures = { label: 'demo', articles: dataset.articles, insertMs: dataset.insertMs };
	results.sizes.push(size);
	log(`demo database: ${dataset.articles} published articles`);
	// Pinned to core 0 for the load figures (autocannon runs on core 1).
	// TRUST_PROXY: the mixed load's sign-ins each come from their own forwarded address.
	const server = await startPinnedServer(dir, dbPath, { TRUST_PROXY: '1', ...API_V1_ENV });
	try {
		size.generation = await server.fullGeneration();
		log(`demo generation: ${size.generation.pages} pages in ${(size.generation.wallMs / 1000).toFixed(1)} s`);
		const origin = server.url;
		const news = await firstItem(origin, '/api/news?limit=1');
		const education = await firstItem(origin, '/api/education?limit=1');
		const platform = await firstItem(origin, '/api/platforms?limit=1');
		const pages = [
			'/',
			articlePath('news', news?.slug ?? 'news-1'),
			articlePath('education', education?.slug ?? 'education-1'),
			'/platforms',
			platformPath(platform?.slug ?? 'platform-1'),
			'/compare',
			'/podcast',
			'/about',
			'/auth',
			'/profile',
		];
		results.pages = Object.fromEntries(pages.map((p) => [p.split('/')[1] || 'home', p]));

		await step('JS per page', () => pageWeights(origin, pages));
		await step('delivery checks', () => deliveryChecks(origin, pages[1]!));
		const busiest = await busiestPlatform(origin);
		const comparisons = await comparisonPages(origin);
		await step('throughput', () =>
			throughput(server, pages[1]!, [
				['article page (generated)', pages[1]!],
				['comparison page (generated)', comparisons.vs],
				['alternatives page (generated)', comparisons.alternatives],
				['news archive (generated)', '/news'],
				['news archive, a category (generated)', '/news?category=Trends'],
				['platforms listing (generated)', '/platforms'],
				['GET /api/platforms', '/api/platforms'],
				['GET /api/news?search', `/api/news?search=${encodeURIComponent('retail media')}`],
				['GET /api/platforms/{id}/comments', `/api/platforms/${busiest ?? 1}/comments`],
			]),
		);
		await step('public API', () => apiComparison(server));
		await step('page-view beacons', () => beacons(server, pages[1]!));
		await step('logs and metrics cost', () => operationsCost(dir, dbPath));
		if (lighthouseOn) {
			const okPages = pages.filter((p) => results.pageWeight.find((w) => w.path === p)?.status === 200);
			const chosen = quick
				? okPages.filter((p) => ['/', pages[1], '/platforms', pages[4]].includes(p))
				: okPages;
			log(`lighthouse: ${chosen.length} pages x ${LIGHTHOUSE_RUNS} run(s)`);
			results.lighthouse =
				(await step('lighthouse', () => runLighthouse(origin, chosen, LIGHTHOUSE_RUNS, log))) ?? [];
		}
		size.publish = await measurePublishing(server);
		log(
			`demo publishing: visible after ${size.publish.visibleMs?.toFixed(0)} ms ${size.publish.error ?? ''}`,
		);
		// Last, because its writes (ratings, votes, sessions) change the demo data.
		log(
			'mixed load: reads, writes and sign-ins at once (each measured apart), 50 connections x 30 s, 3 rounds',
		);
		results.mixedLoad = await step('mixed load', () => mixedLoad(server, { path: dbPath }));
		await step('reads beside sign-ins', () => readsBesideSignIns(server, dbPath));
	} finally {
		await server.stop();
	}
}

/** Pages only a signed-in reader sees as meant; measured as the demo user. */
const SIGNED_IN_PAGES = ['/profile'];

async function operationsCost(dir: string, dbPath: string) {
	log('logs and metrics: request rate with both on and both off, side by side');
	results.operations = await measureOperationsCost(
		{ root, distDir, workDir: dir, dbPath },
		async (origin) => [
			[
				'article page (generated)',
				articlePath('news', (await firstItem(origin, '/api/news?limit=1'))?.slug ?? 'news-1'),
			],
			['GET /api/platforms (cached)', '/api/platforms'],
			['GET /api/news?search', `/api/news?search=${encodeURIComponent('retail media')}`],
		],
		log,
	);
}

/** Beacons on one node (the server trusts the proxy: each beacon is another reader). */
async function beacons(server: BenchServer, article: string) {
	log('page-view beacons: POST /api/events, each from its own forwarded address');
	results.beacons = await measureBeacons(server, article, log);
}

/** Only the beacon figures and the article page's ratio, on the demo database. */
async function beaconsPhase() {
	const { dir, dbPath } = dataPaths('beacons');
	await createDataset(dbPath, 'demo');
	const server = await startPinnedServer(dir, dbPath, { TRUST_PROXY: '1' });
	try {
		await server.fullGeneration();
		const article = articlePath('news', (await firstItem(server.url, '/api/news?limit=1'))?.slug ?? 'news-1');
		await step('throughput', () => throughput(server, article, [['article page (generated)', article]]));
		await step('page-view beacons', () => beacons(server, article));
	} finally {
		await server.stop();
	}
}

/**
 * What users like and dislike at 100,000 reviews: the recompute alone in a process of its own,
 * then the platform page with the most reviews, idle and while the server's worker recomputes.
 */
async function themesPhase() {
	const { dir, dbPath } = dataPaths('themes');
	await createDataset(dbPath, 'demo');
	const dataset = await addThemeReviews(dbPath, { reviews: THEMES_REVIEWS, platforms: THEMES_PLATFORMS });
	log(
		`themes: ${dataset.reviews} reviews (${dataset.withText} with pros or cons) over ${dataset.platforms} platforms, ` +
			`the largest ${dataset.largest.reviews}, inserted in ${(dataset.insertMs / 1000).toFixed(1)} s`,
	);
	const recompute = await recomputeInChild(root, dbPath);
	results.themes = { dataset, recompute };
	log(
		`  recomputed alone: ${recompute.platforms} platforms, ${recompute.reviews} reviews in ${(recompute.wallMs / 1000).toFixed(1)} s ` +
			`(CPU ${(recompute.cpuMs / 1000).toFixed(1)} s, ${Math.round(recompute.reviews / (recompute.wallMs / 1000))} reviews/s, ` +
			`peak RSS ${Math.round(recompute.maxRssBytes / 1024 / 1024)} MB); ${recompute.themes} themes, ${recompute.reviewThemes} review mentions`,
	);
	const server = await startPinnedServer(dir, dbPath, { NEWSLETTER_POLL_MS: '200' });
	try {
		await server.fullGeneration();
		log(`platform page with the most reviews (${dataset.largest.reviews}), idle, then during the recompute`);
		results.themes.page = await measureThemesPage(server, dbPath, dataset.largest.slug, log);
		log(`  during / idle: ${results.themes.page.busyOverIdle.toFixed(2)}x`);
	} finally {
		await server.stop();
	}
}

/** Only the logs-and-metrics figures, on the demo database. */
async function operationsPhase() {
	const { dir, dbPath } = dataPaths('operations');
	await createDataset(dbPath, 'demo');
	await operationsCost(dir, dbPath);
}

async function pageWeights(origin: string, pages: string[]) {
	const browser = await launchChromium();
	const userCookie = await signIn(origin, DEMO_USER).catch(() => undefined);
	try {
		for (const path of pages) {
			const cookie = SIGNED_IN_PAGES.includes(path) ? userCookie : undefined;
			const weight = await measurePage(browser, origin, path, { cookie });
			results.pageWeight.push(weight);
			log(
				`  ${path}: ${weight.status ?? weight.error} ${(weight.totalGzipBytes / 1024).toFixed(1)} KB gz JS` +
					(weight.consoleErrors.length ? ` console errors: ${weight.consoleErrors.join(' / ')}` : '') +
					`${weight.react ? ' (React)' : ''}${weight.blocking.length ? `, blocking: ${weight.blocking.join('; ')}` : ''}`,
			);
		}
	} finally {
		await browser.close();
	}
}

async function deliveryChecks(origin: string, articlePath: string) {
	const html = await fetch(origin + articlePath).then((r) => r.text());
	const css = html.match(/<link[^>]+href="(\/_astro\/[^"]+\.css)"/)?.[1];
	// The largest script the pages load: a chunk of a few dozen bytes (Astro 7 makes some) is
	// rightly sent as it is, since compressing it would make it longer.
	const js =
		results.pageWeight
			.flatMap((p) => p.scripts)
			.filter((script) => script.url.startsWith('/_astro/'))
			.sort((a, b) => b.bytes - a.bytes)[0]?.url ?? html.match(/src="(\/_astro\/[^"]+\.js)"/)?.[1];
	const targets: DeliveryTarget[] = [
		{ kind: 'HTML generated', path: articlePath, expectCompressed: true, expectedCache: 'revalidate' },
		{ kind: 'HTML generated', path: '/platforms', expectCompressed: true, expectedCache: 'revalidate' },
		// /profile renders on demand since it redirects visitors on the server; /reset-password
		// is a shell generated at run time like the public pages.
		{ kind: 'HTML generated', path: '/reset-password', expectCompressed: true, expectedCache: 'revalidate' },
		{ kind: 'HTML on demand', path: '/auth', expectCompressed: true, expectedCache: 'revalidate' },
		...(css ? [{ kind: 'CSS', path: css, expectCompressed: true, expectedCache: 'immutable' } as const] : []),
		...(js ? [{ kind: 'JS', path: js, expectCompressed: true, expectedCache: 'immutable' } as const] : []),
		{ kind: 'SVG', path: '/favicon.svg', expectCompressed: true, expectedCache: 'revalidate' },
		{ kind: 'JSON API', path: '/api/platforms', expectCompressed: true, expectedCache: 'any' },
		{ kind: 'JSON API', path: '/api/news?limit=20', expectCompressed: true, expectedCache: 'any' },
		{ kind: 'feed', path: '/rss', expectCompressed: true, expectedCache: 'revalidate' },
		{ kind: 'feed', path: '/podcast/rss', expectCompressed: true, expectedCache: 'revalidate' },
		{ kind: 'feed', path: '/sitemap.xml', expectCompressed: true, expectedCache: 'revalidate' },
	];
	for (const target of targets) {
		const check = await checkDelivery(origin, target);
		results.delivery.push(check);
		log(`  ${target.kind} ${target.path}: ${check.ok ? 'ok' : check.problems.join(', ')}`);
	}
}

/** Each target's request rate beside a bare node:http server answering the article page's bytes. */
async function throughput(server: BenchServer, articlePath: string, targets: [name: string, path: string][]) {
	const origin = server.url;
	const pageFile = join(server.siteDir, articlePath, 'index.html');
	const brotliFile = `${pageFile}.br`;
	const file = existsSync(brotliFile) ? brotliFile : pageFile;
	if (!existsSync(file))
		throw new Error(`${articlePath} was not generated; no article bytes for the yardstick`);
	const bare = await startBareServer(file, 'text/html; charset=utf-8', file === brotliFile ? 'br' : null);
	try {
		log(
			`throughput: each figure right after a bare node:http run (server on core 0, autocannon on core 1${canPin ? '' : ': no pinning here'})`,
		);
		for (const [name, path] of targets) {
			// The yardstick just before each figure, so a machine that got busier in between
			// (it is shared) moves both sides of the ratio.
			const yardstick = await autocannon('bare node:http', bare.origin, articlePath, { pid: bare.pid });
			results.throughput.bare.push(yardstick);
			const figure = await autocannon(name, origin, path, { pid: server.pid });
			figure.bareRequestsPerSecond = yardstick.requestsPerSecond;
			figure.ratio = yardstick.requestsPerSecond ? figure.requestsPerSecond / yardstick.requestsPerSecond : 0;
			results.throughput.targets.push(figure);
			log(
				`  ${name}: ${Math.round(figure.requestsPerSecond)} req/s (bare ${Math.round(yardstick.requestsPerSecond)}) ` +
					`p99 ${figure.latencyP99} ms ${figure.error ?? ''}`,
			);
		}
	} finally {
		await bare.stop();
	}
}

/**
 * The archives' pages (/news, /news?page=N, /education?page=N) beside the article page, at
 * ARCHIVE_SIZE articles after a full generation: the demo content has one page of news only.
 */
async function archivePhase() {
	const { dir, dbPath } = dataPaths('archives');
	const dataset = await createDataset(dbPath, ARCHIVE_SIZE);
	log(`archives database: ${dataset.articles} published articles`);
	const server = await startPinnedServer(dir, dbPath);
	try {
		const generation = await server.fullGeneration();
		log(`archives generation: ${generation.pages} pages in ${(generation.wallMs / 1000).toFixed(1)} s`);
		const origin = server.url;
		const news = await firstItem(origin, '/api/news?limit=1');
		const lastNewsPage = await lastArchivePage(origin, '/news');
		const articlePage = articlePath('news', news?.slug ?? 'news-1');
		await throughput(server, articlePage, [
			['article page (generated)', articlePage],
			['news archive, page 1 (generated)', '/news'],
			['news archive, page 2 (generated)', '/news?page=2'],
			// Past the generated first pages (GENERATED_ARCHIVE_PAGES), rendered on demand.
			['news archive, last page (on demand)', `/news?page=${lastNewsPage}`],
			['education archive, page 2 (generated)', '/education?page=2'],
			['news archive, a category, page 2 (generated)', '/news?category=Trends&page=2'],
		]);
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

/** The first generated comparison and alternatives pages the sitemap lists. */
async function comparisonPages(origin: string): Promise<{ vs: string; alternatives: string }> {
	const sitemap = await fetch(`${origin}/sitemap.xml`).then((r) => r.text());
	const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
	const vs = paths.find((path) => path.startsWith('/compare/'));
	const alternatives = paths.find((path) => path.endsWith('/alternatives'));
	if (!vs || !alternatives) throw new Error('the sitemap lists no comparison or alternatives page');
	return { vs, alternatives };
}

/**
 * A generated comparison page and alternatives page beside the article page, each as a ratio to
 * bare node:http answering the article's bytes, on the demo database (its same-category pairs).
 */
async function comparisonPhase() {
	const { dir, dbPath } = dataPaths('comparisons');
	await createDataset(dbPath, 'demo');
	const server = await startPinnedServer(dir, dbPath);
	try {
		const generation = await server.fullGeneration();
		log(`comparisons generation: ${generation.pages} pages in ${(generation.wallMs / 1000).toFixed(1)} s`);
		const origin = server.url;
		const article = articlePath('news', (await firstItem(origin, '/api/news?limit=1'))?.slug ?? 'news-1');
		const { vs, alternatives } = await comparisonPages(origin);
		await throughput(server, article, [
			['article page (generated)', article],
			['comparison page (generated)', vs],
			['alternatives page (generated)', alternatives],
		]);
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

/** The highest page number an archive's first page links to (its pager shows the last page). */
async function lastArchivePage(origin: string, path: string): Promise<number> {
	const html = await fetch(origin + path).then((r) => r.text());
	const pages = [...html.matchAll(/[?&]page=(\d+)/g)].map((m) => Number(m[1]));
	return Math.max(1, ...pages);
}

async function scalePhase(articles: number) {
	const label = `${articles / 1000}k`;
	const { dir, dbPath } = dataPaths(label);
	const dataset = await createDataset(dbPath, articles);
	const size: SizeFigures = { label, articles: dataset.articles, insertMs: dataset.insertMs };
	results.sizes.push(size);
	log(
		`${label} database: ${dataset.inserted} articles inserted in ${(dataset.insertMs / 1000).toFixed(1)} s`,
	);
	// Not pinned: a generation uses the machine as a deployed server would.
	const server = await startBenchServer({ root, distDir, workDir: dir, dbPath, generateOnStart: false });
	try {
		size.generation = await server.fullGeneration();
		log(
			`${label} generation: ${size.generation.pages} pages in ${(size.generation.wallMs / 1000).toFixed(1)} s`,
		);
		size.publish = await measurePublishing(server);
		log(
			`${label} publishing: visible after ${size.publish.visibleMs?.toFixed(0)} ms ${size.publish.error ?? ''}`,
		);
	} catch (error) {
		size.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
		throw error;
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

async function searchPhase() {
	const { dir, dbPath } = dataPaths('100k');
	const dataset = await createDataset(dbPath, SEARCH_SIZE, { paragraphs: 1 });
	log(`100k database: ${dataset.inserted} articles inserted in ${(dataset.insertMs / 1000).toFixed(1)} s`);
	const search = {
		articles: dataset.articles,
		insertMs: dataset.insertMs,
		sequential: [],
		concurrent: [],
	} as NonNullable<Results['search']>;
	results.search = search;
	// No page generation here: only the search endpoint is measured, and with the server's cache
	// of anonymous answers off, since repeating one query would otherwise measure the cache.
	const server = await startPinnedServer(dir, dbPath, UNCACHED_ENV);
	try {
		for (const { name, path } of SEARCH_QUERIES) {
			const sequential = await sequentialLatency(name, server.url, path, 200);
			search.sequential.push(sequential);
			const concurrent = await autocannon(name, server.url, path, {
				duration: 5,
				warmup: 1,
				pid: server.pid,
			});
			search.concurrent.push(concurrent);
			log(
				`  search ${name}: p50 ${sequential.p50.toFixed(1)} ms p95 ${sequential.p95.toFixed(1)} ms; c=32 ${Math.round(concurrent.requestsPerSecond)} req/s`,
			);
		}
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

async function reviewsPhase() {
	const { dir, dbPath } = dataPaths('reviews');
	await createDataset(dbPath, 'demo');
	const dataset = await addReviewsAndPlatforms(dbPath, { reviews: REVIEWS_SIZE, platforms: MAP_PLATFORMS });
	log(
		`reviews: ${dataset.reviews} on platform ${dataset.platformId}, ${dataset.platforms} platforms, inserted in ${(dataset.insertMs / 1000).toFixed(1)} s`,
	);
	const figures: NonNullable<Results['reviews']> = {
		reviews: dataset.reviews,
		platforms: dataset.platforms,
		insertMs: dataset.insertMs,
		sequential: [],
		concurrent: [],
	};
	results.reviews = figures;
	// The API cache off: the queries themselves are measured, not a kept answer.
	const server = await startPinnedServer(dir, dbPath, UNCACHED_ENV);
	try {
		for (const { name, path, budget } of reviewQueries(dataset.platformId)) {
			const sequential = await sequentialLatency(name, server.url, path, 200);
			figures.sequential.push({ ...sequential, budget });
			const concurrent = await autocannon(name, server.url, path, {
				duration: 5,
				warmup: 1,
				pid: server.pid,
			});
			figures.concurrent.push(concurrent);
			log(
				`  ${name}: p50 ${sequential.p50.toFixed(1)} ms p95 ${sequential.p95.toFixed(1)} ms; c=32 ${Math.round(concurrent.requestsPerSecond)} req/s, ${Math.round(concurrent.cpuUsPerRequest ?? 0)} µs CPU/req`,
			);
		}
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

async function apiComparison(server: BenchServer) {
	log('public API: GET /api/v1/platforms with a key beside GET /api/platforms');
	results.apiV1 = await measureApiV1(server, log);
}

/** Only the public API beside the site's own API, on the demo database (--only-api). */
async function apiPhase() {
	const { dir, dbPath } = dataPaths('api');
	await createDataset(dbPath, 'demo');
	const server = await startPinnedServer(dir, dbPath, API_V1_ENV);
	try {
		await apiComparison(server);
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

async function mediaPhase() {
	const { dir, dbPath } = dataPaths('media');
	await createDataset(dbPath, 'demo');
	const server = await startPinnedServer(dir, dbPath);
	try {
		log('media: 20 uploads of a 12-megapixel JPEG, then a library image beside a kept API answer');
		results.media = await measureMedia(server, log);
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

async function postgresPhase() {
	const workDir = dataPaths('postgres').dir;
	try {
		results.postgres = { reads: [], nginx: [] };
		await measurePostgres(
			{ root, distDir, workDir, log, searchArticles: scale ? SEARCH_SIZE : 0 },
			results.postgres,
		);
	} finally {
		rmSync(workDir, { recursive: true, force: true });
	}
}

/** PostgreSQL's search at 100,000 articles alone, for --only-search. */
async function postgresSearchPhase() {
	const workDir = dataPaths('postgres-search').dir;
	try {
		results.postgres = { reads: [], nginx: [] };
		await measurePostgresSearch(
			{ root, distDir, workDir, log, searchArticles: SEARCH_SIZE },
			results.postgres,
		);
	} finally {
		rmSync(workDir, { recursive: true, force: true });
	}
}

async function newsletterPhase() {
	const dir = dataPaths('newsletter').dir;
	log(
		`newsletter: ${newsletterMembers.toLocaleString('en-US')} email-only members sign up and confirm, then one issue to a local SMTP capture`,
	);
	try {
		const figure = await measureNewsletter({ root, distDir, workDir: dir, log, members: newsletterMembers });
		results.newsletter = figure;
		const { send } = figure;
		log(
			`  send: ${send.sent} sent (${send.received} received, ${send.failed} failed, ${send.skipped} skipped) ` +
				`in ${(send.wallMs / 1000).toFixed(1)} s (${Math.round(send.mailsPerSecond)} mails/s; sender CPU ${send.cpuMsPerMail.toFixed(2)} ms per mail)`,
		);
		for (const line of describeSenderMemory(figure)) log(line);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** The results file of this run: a partial run keeps its own. */
function runName(): string {
	return onlyPostgres
		? 'postgres'
		: onlyNewsletter
			? 'newsletter'
			: onlySearch
				? 'search'
				: onlyOperations
					? 'operations'
					: onlySignedIn
						? 'signed-in'
						: onlyReviews
							? 'reviews'
							: onlyMedia
								? 'media'
								: onlyApi
									? 'api'
									: onlyBeacons
										? 'beacons'
										: onlyThemes
											? 'themes'
											: onlyArchives
												? 'archives'
												: onlyComparisons
													? 'comparisons'
													: 'latest';
}

function writeResults() {
	results.finishedAt = new Date().toISOString();
	results.rows = buildRows(results);
	const table = formatTable(results.rows);
	const out = join(root, 'bench/results');
	mkdirSync(out, { recursive: true });
	// A partial run keeps its own file, so the full run's figures stay beside it.
	const name = runName();
	writeFileSync(join(out, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
	writeFileSync(
		join(out, `${name}.md`),
		`Run ${results.startedAt} (${((Date.now() - benchStart) / 60000).toFixed(1)} min), ` +
			`${results.machine.cpus} cores, Node ${results.machine.node}, load average at start ` +
			`${results.machine.loadAverage.join(' ')}\n\n${table}\n`,
	);
	console.log(`\n${table}\n`);
	const over = results.rows.filter((r) => r.status !== 'ok' && r.status !== 'info').length;
	log(
		`${results.rows.length} figures, ${over} not within budget or missing; written to bench/results/${runName()}.json and .md`,
	);
}

try {
	log(`temporary folder ${work}${keep ? ' (kept)' : ''}`);
	const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string };
	log(`${pkg.name}: ${availableParallelism()} cores, pinning ${canPin ? 'with taskset' : 'unavailable'}`);
	if (onlyNewsletter) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('newsletter', newsletterPhase);
	} else if (onlyOperations) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('logs and metrics cost', operationsPhase);
	} else if (onlySignedIn) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('by who asks', signedInPhase);
		if (postgresAvailable()) await step('capped-node scaling', nodeScalingPhase);
		else log('capped-node scaling skipped: no PostgreSQL binaries');
	} else if (onlyReviews) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('reviews at 100,000', reviewsPhase);
	} else if (onlyBeacons) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('page-view beacons', beaconsPhase);
	} else if (onlyThemes) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('themes at 100,000 reviews', themesPhase);
	} else if (onlyMedia) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('media library', mediaPhase);
	} else if (onlyApi) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('public API', apiPhase);
	} else if (onlySearch) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('search at 100,000 articles', searchPhase);
		if (postgresAvailable()) await step('search at 100,000 articles on PostgreSQL', postgresSearchPhase);
	} else if (onlyArchives) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('archive pages', archivePhase);
	} else if (onlyComparisons) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('comparison pages', comparisonPhase);
	} else if (onlyPostgres) {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('PostgreSQL and several nodes', postgresPhase);
	} else {
		if (reuseDist) log(`measuring the existing build in ${distDir}`);
		else await build();
		await step('demo size', demoPhase);
		await step('by who asks', signedInPhase);
		if (postgresOn) await step('capped-node scaling', nodeScalingPhase);
		await step('newsletter', newsletterPhase);
		if (scale) {
			for (const articles of SCALE_SIZES) await step(`${articles} articles`, () => scalePhase(articles));
			await step('search at 100,000 articles', searchPhase);
			await step('reviews at 100,000', reviewsPhase);
			await step('media library', mediaPhase);
			await step('archive pages', archivePhase);
		}
		if (postgresOn) await step('PostgreSQL and several nodes', postgresPhase);
		else log('PostgreSQL phase skipped (--skip-postgres, or no PostgreSQL binaries)');
	}
} catch (error) {
	results.errors.push(error instanceof Error ? error.message.slice(0, 2000) : String(error));
	log(`stopped: ${results.errors.at(-1)}`);
} finally {
	writeResults();
	cleanUp();
}
