/**
 * What the host and the app share while they run in one process. The host (src/server/host/,
 * bundled on its own by `npm run build`) and the app (Astro's server build) are two module
 * graphs, so each has its own copy of any module both import, and a module-level variable
 * exists twice. The host therefore makes one SharedRuntime and hands it to the app before it
 * takes requests (joinHost() in app/app.ts):
 *
 * - its log, request storage and metrics registry, which the app's copies use from then on;
 * - its renderer: the app's site generator renders pages through it, in-process, straight into
 *   Astro's handler (no HTTP round trip, no secret header);
 * - where the app says which public API answers a change made stale (the host's cache drops
 *   exactly those) and which page the site writer stored or removed (the host serves the new
 *   version from memory at once, without reading or watching the file).
 */
import { logState, adoptLogState, type LogState } from './log';
import { metrics, adoptMetrics, type Metrics } from './metrics';
import { requestState, adoptRequestState, type RequestState } from './request-context';

export type RenderedPage = { status: number; contentType: string; body: Buffer };
export type PageRenderer = (path: string) => Promise<RenderedPage>;

/** Stale API answers by pathname (every query string included), or 'all' when any may be stale. */
export type StaleApiAnswers = readonly string[] | 'all';

/**
 * A page the site writer stored (with its compressed twins; none for an already compressed
 * image) under `file`, or removed.
 */
export type StoredPage =
	| { file: string; identity: Buffer; br?: Buffer; gzip?: Buffer }
	| { file: string; removed: true };

/** What the host offers the app. */
export type HostServices = {
	readonly renderPage: PageRenderer;
	/** Called synchronously, before the writer's own answer goes out. */
	readonly dropApiAnswers: (pathnames: StaleApiAnswers) => void;
	/** Called once the page's files are renamed into place. */
	readonly pageStored: (page: StoredPage) => void;
};

export type SharedRuntime = HostServices & {
	readonly log: LogState;
	readonly requests: RequestState;
	readonly metrics: Metrics;
};

/** The host's side: its own log, request storage and metrics, with what it offers. */
export function shareRuntime(services: HostServices): SharedRuntime {
	return { ...services, log: logState(), requests: requestState(), metrics: metrics() };
}

/** The app's side: its copies of the log, request storage and metrics use the host's from now on. */
export function adoptSharedState(shared: SharedRuntime): void {
	adoptLogState(shared.log);
	adoptRequestState(shared.requests);
	adoptMetrics(shared.metrics);
}
