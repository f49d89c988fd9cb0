/**
 * Regenerates static pages after content changes: changes are coalesced into one queue, one
 * generation runs at a time, each page is swapped in atomically, and a failed page keeps its
 * previous file (the failure is reported in the status).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { allGeneratedPaths } from './paths';
import { canRender, renderPath, type RenderedPage } from './page-renderer';
import { hostname } from 'node:os';
import { config } from '@/server/runtime/config';
import { byEngine } from '@/server/db';
import { baseLog } from '@/server/runtime/log';
import { collectedGauge, metrics } from '@/server/runtime/metrics';
import { outsideRequest } from '@/server/runtime/request-context';
import { PostgresStatusStore } from './status.postgres';
import { MemoryStatusStore, type GenerationStatusStore } from './status';
import { removePage, siteDir, writePage } from './writer';
import { storedPagePath } from './query-variants';
import { within } from '@/lib/within';

/** Pages rendered at once; the server renders them while it keeps answering readers. */
const CONCURRENCY = 4;
/** Short pause so a burst of saves (edit, publish, reorder) becomes one generation. */
const COALESCE_MS = 50;

const siteLog = () => baseLog().child({ subject: 'site' });

/**
 * This node's generation status, made once per engine: with PostgreSQL also written to a row of
 * its own, so the dashboard on any node can list every node; else in this process only.
 */
const chosenStatusStore = byEngine<GenerationStatusStore>({
	sqlite: () => new MemoryStatusStore(),
	postgres: (pool) => {
		const store = new PostgresStatusStore(pool, `${hostname()}:${config().port}`);
		store.restore().catch((error) => siteLog().error({ err: error }, 'could not read the last status'));
		return store;
	},
});

export const generationStatus: GenerationStatusStore = {
	get: () => chosenStatusStore().get(),
	update: (patch) => chosenStatusStore().update(patch),
	all: () => chosenStatusStore().all(),
};

type Renderer = (path: string) => Promise<RenderedPage>;
let render: Renderer = renderPath;
let renderAvailable: () => boolean = canRender;

/** Swaps the renderer (tests drive the generator without a running server). */
export function useRenderer(renderer: Renderer): void {
	render = renderer;
	renderAvailable = () => true;
}

const pending = new Set<string>();
let fullPending = false;
let running: Promise<void> | undefined;
/** Set while the app stops: no page is started any more (see stopSiteGeneration). */
let stopping = false;
/** When the oldest change whose pages are queued, and the oldest being generated, arrived. */
let pendingChangeAt: number | undefined;
let generatingChangeAt: number | undefined;

collectedGauge({
	name: 'site_oldest_pending_change_seconds',
	help: 'Age of the oldest content change whose pages are not written yet (0: none).',
	collect() {
		const oldest = generatingChangeAt ?? pendingChangeAt;
		this.set(oldest === undefined ? 0 : (Date.now() - oldest) / 1000);
	},
});

export function requestPaths(paths: string[]): void {
	if (paths.length === 0) return;
	for (const path of paths) pending.add(path);
	pendingChangeAt ??= Date.now();
	schedule();
}

export function requestFullGeneration(): void {
	fullPending = true;
	schedule();
}

/** Resolves when nothing is queued or running (for tests, the benchmark and shutdown). */
export async function whenIdle(): Promise<void> {
	while (running) await running;
}

/**
 * Stops generating for the app's stop: no page is started from now on, and this resolves once
 * the pages being rendered are written (or `timeoutMs` passed), so no render is left to run
 * against a closed database (it would fail, and log the failure). Pages still queued keep their
 * previous files; a full generation at the next start (SITE_GENERATE_ON_START, the default)
 * renders them again.
 */
export async function stopSiteGeneration(timeoutMs = Infinity): Promise<void> {
	stopping = true;
	await within(whenIdle(), timeoutMs, undefined);
}

/** Lets a started app generate again (after a stop, in the same process). */
export function resumeSiteGeneration(): void {
	stopping = false;
	if (queuedCount() > 0) schedule();
}

/** Paths waiting, counting a requested full generation as one (so callers see it queued). */
function queuedCount(): number {
	return pending.size + (fullPending ? 1 : 0);
}

function schedule(): void {
	generationStatus.update({ queued: queuedCount() });
	if (stopping) return;
	if (!renderAvailable()) return; // not under the production host (e.g. astro dev): pages render on demand
	// Started by whichever request made the change, but not part of it (nor logged under it).
	running ??= outsideRequest(() =>
		loop().finally(() => {
			running = undefined;
		}),
	);
}

async function loop(): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
	while (!stopping && (fullPending || pending.size > 0)) {
		const full = fullPending;
		fullPending = false;
		const paths = new Set(pending);
		pending.clear();
		generatingChangeAt = pendingChangeAt;
		pendingChangeAt = undefined;
		try {
			if (full) for (const path of await allGeneratedPaths()) paths.add(path);
			const wentThrough = await generate([...paths], full);
			if (wentThrough && generatingChangeAt !== undefined) {
				metrics().changeToPages.observe((Date.now() - generatingChangeAt) / 1000);
			}
		} finally {
			generatingChangeAt = undefined;
		}
	}
}

type PageFailure = { path: string; reason: string };

async function generatePage(path: string): Promise<PageFailure | undefined> {
	try {
		const page = await render(path);
		if (page.status === 200) await writePage(path, page.contentType, page.body);
		// Gone, or moved (an item's earlier address): no file, so the route answers on demand.
		else if (page.status === 404 || page.status === 410 || page.status === 301) removePage(path);
		else return { path, reason: `status ${page.status}` };
	} catch (error) {
		return { path, reason: error instanceof Error ? error.message : String(error) };
	}
	return undefined;
}

/** Renders and writes the pages; false when the app's stop cut it short. */
async function generate(paths: string[], full: boolean): Promise<boolean> {
	const started = Date.now();
	generationStatus.update({
		running: true,
		scope: full ? 'full' : 'partial',
		lastStartedAt: new Date(started).toISOString(),
		queued: queuedCount(),
	});
	const failures: PageFailure[] = [];
	let next = 0;
	const worker = async () => {
		while (next < paths.length && !stopping) {
			const failure = await generatePage(paths[next++]!);
			if (failure) failures.push(failure);
		}
	};
	await Promise.all(Array.from({ length: CONCURRENCY }, worker));
	const scope = full ? 'full' : 'partial';
	const { pagesGenerated, pageFailures, lastGenerationSeconds } = metrics();
	// Every page started was finished (next counts them).
	pagesGenerated.inc(next - failures.length);
	pageFailures.inc(failures.length);
	if (next < paths.length) {
		// Cut short by the app's stop: the rest keep their files, and the status keeps the last
		// generation that went through.
		siteLog().info(
			{ scope, pages: next, skipped: paths.length - next, failures: failures.length },
			'generation stopped with the app',
		);
		generationStatus.update({ running: false, queued: queuedCount() });
		return false;
	}
	if (full) removeStalePages(new Set(paths.map(storedPagePath)));
	const finished = new Date().toISOString();
	const ms = Date.now() - started;
	lastGenerationSeconds.set({ scope }, ms / 1000);
	if (failures.length > 0) {
		const list = failures
			.slice(0, 5)
			.map((f) => `${f.path} (${f.reason})`)
			.join(', ');
		siteLog().error(
			{ scope, pages: paths.length, failures: failures.length, failed: failures.slice(0, 5), ms },
			`${failures.length} page(s) failed to generate`,
		);
		generationStatus.update({
			running: false,
			queued: queuedCount(),
			lastError: `${failures.length} of ${paths.length} page(s) failed: ${list}. Their previous versions are still served.`,
			lastErrorAt: finished,
		});
		return true;
	}
	siteLog().info({ scope, pages: paths.length, failures: 0, ms }, 'pages generated');
	generationStatus.update({
		running: false,
		queued: queuedCount(),
		lastSuccessAt: finished,
		lastDurationMs: Date.now() - started,
		lastPageCount: paths.length,
		lastError: null,
	});
	return true;
}

/** The public path a stored file belongs to (inverse of writer.fileForPath). */
function pathOfFile(file: string): string | undefined {
	const rel = relative(siteDir(), file).split(sep).join('/');
	if (/\.(br|gz|tmp)$/.test(rel)) return undefined;
	const page = rel.match(/^(.*?)\/?index\.(html|xml)$/);
	if (page) return `/${page[1]}`;
	return `/${rel}`;
}

function listFiles(dir: string): string[] {
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return [];
	}
	return names.flatMap((name) => {
		const full = join(dir, name);
		return statSync(full).isDirectory() ? listFiles(full) : [full];
	});
}

/** Removes the stored pages whose public path passes `test`, so their routes answer on request. */
export function removeStoredPages(test: (path: string) => boolean): void {
	for (const file of listFiles(siteDir())) {
		const path = pathOfFile(file);
		if (path && test(path)) removePage(path);
	}
}

/** After a full generation, drops pages of content that no longer exists (by stored path). */
function removeStalePages(current: Set<string>): void {
	removeStoredPages((path) => !current.has(path));
}
