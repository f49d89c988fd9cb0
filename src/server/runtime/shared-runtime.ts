/**
 * What the host and the app share while they run in one process. The host (this folder,
 * bundled on its own by `npm run build`) and the app (Astro's server build) are two module
 * graphs, so each gets its own copy of any module both import, and a plain module-level
 * variable would exist twice. The few things both sides must see live on one object kept under
 * a registered symbol, which every copy of this module finds.
 *
 * - The host provides the renderer: the app's site generator renders pages through it,
 *   in-process, straight into Astro's handler (no HTTP round trip, no secret header).
 * - The app announces which public API answers a change made stale; the host's cache of
 *   shared answers drops exactly those.
 * - The app's site writer hands over each page it stores or removes, so the host serves the
 *   new version from memory at once, without reading or watching the file.
 */
import { baseLog } from '@/server/runtime/log';

export type RenderedPage = { status: number; contentType: string; body: Buffer };
export type PageRenderer = (path: string) => Promise<RenderedPage>;
/** Stale API answers by pathname, or 'all' when any answer may be stale. */
export type ApiChangeListener = (pathnames: readonly string[] | 'all') => void;

/** A page the site writer stored (with its compressed twins) under `file`, or removed. */
export type StoredPage =
	| { file: string; identity: Buffer; br: Buffer; gzip: Buffer }
	| { file: string; removed: true };
export type StoredPageListener = (page: StoredPage) => void;

type Shared = {
	renderer?: PageRenderer;
	apiChangeListeners: Set<ApiChangeListener>;
	storedPageListeners?: Set<StoredPageListener>;
};

const KEY = Symbol.for('retail-media-hub.host-bridge');
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };
// biome-ignore lint/suspicious/noAssignInExpressions: one shared object per process, made by whichever copy of the module loads first
const shared: Shared = (holder[KEY] ??= { apiChangeListeners: new Set() });
// biome-ignore lint/suspicious/noAssignInExpressions: created on first use and reused, in one expression
const storedPageListeners = (shared.storedPageListeners ??= new Set());

export function provideRenderer(renderer: PageRenderer | undefined): void {
	shared.renderer = renderer;
}

/** The host's in-process renderer, or undefined outside the host (astro dev, unit tests). */
export function pageRenderer(): PageRenderer | undefined {
	return shared.renderer;
}

/**
 * Tells the host which API answers (by pathname, every query string included) a committed
 * change made stale ('all' after changes may have been missed). Listeners run synchronously,
 * before the writer's own answer goes out.
 */
export function announceApiChange(pathnames: readonly string[] | 'all'): void {
	if (pathnames !== 'all' && pathnames.length === 0) return;
	for (const listener of shared.apiChangeListeners) {
		try {
			listener(pathnames);
		} catch (error) {
			baseLog().error({ err: error }, 'API change listener failed');
		}
	}
}

/** Subscribes to announceApiChange(); returns the function that unsubscribes. */
export function onApiChange(listener: ApiChangeListener): () => void {
	shared.apiChangeListeners.add(listener);
	return () => {
		shared.apiChangeListeners.delete(listener);
	};
}

/** Tells the host a page file was just stored or removed (after the rename, synchronously). */
export function announceStoredPage(page: StoredPage): void {
	for (const listener of storedPageListeners) {
		try {
			listener(page);
		} catch (error) {
			console.error('[host] stored page listener failed', error);
		}
	}
}

/** Subscribes to announceStoredPage(); returns the function that unsubscribes. */
export function onStoredPage(listener: StoredPageListener): () => void {
	storedPageListeners.add(listener);
	return () => {
		storedPageListeners.delete(listener);
	};
}
