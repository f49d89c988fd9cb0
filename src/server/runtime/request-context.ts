/**
 * Which request the server is handling, wherever in its code (AsyncLocalStorage): its id (the
 * answer's X-Request-Id, which every log line written for it carries) and the route pattern the
 * app matched (`/api/news/[id]`), which the access log and the request metrics name instead of
 * the raw path.
 *
 * The host (src/server/host/) and the app (Astro's build) are two module graphs, each with its
 * own copy of this module; the host hands its storage to the app at start (SharedRuntime,
 * runtime/shared-runtime.ts), so both see the same request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { MAX_REMEMBERED_URL_LENGTH } from './remembered-urls';

export type RequestContext = {
	/** The request id its answer carries in X-Request-Id. */
	readonly id: string;
	/** Its logger (a child carrying `reqId`), made on first use. */
	log?: Logger;
	/** The route pattern Astro matched, once the app has routed the request. */
	route?: string;
	/**
	 * The host found the body over the cap and hands the app none; the app answers 413 through
	 * its router, so the answer is logged under the route it was meant for.
	 */
	bodyTooLarge?: boolean;
	/**
	 * Resolves once the client has taken enough of what was written to the answer that more can
	 * go (its connection drained, or closed). Set by the host; a body streamed from storage waits
	 * on it before reading its next part (http/paced-body.ts), so a slow or stalled reader holds
	 * one part in memory, not the file.
	 */
	sendRoom?: () => Promise<void>;
};

export type RequestState = {
	requests: AsyncLocalStorage<RequestContext>;
	/** Route patterns by pathname, as the app matched them (for answers the host serves itself). */
	routes: LRUCache<string, string>;
};

/** What the remembered route names may take in all (20,000 paths of about 100 characters). */
const ROUTE_MEMORY_BYTES = 2 * 1024 * 1024;
let shared: RequestState = {
	requests: new AsyncLocalStorage(),
	// As many paths as a large site has pages, and their bytes bounded whatever paths clients send.
	routes: new LRUCache({
		max: 20_000,
		maxSize: ROUTE_MEMORY_BYTES,
		sizeCalculation: (pattern, pathname) => pathname.length + pattern.length,
	}),
};

/** This copy's storage, for the host to hand to the app. */
export function requestState(): RequestState {
	return shared;
}

/** Uses the host's storage from now on (the app, when the host hands it over). */
export function adoptRequestState(state: RequestState): void {
	shared = state;
}

/** Runs `handle` as the request `id`; returns its context (the app fills in the route). */
export function runInRequest(id: string, handle: () => void): RequestContext {
	const context: RequestContext = { id };
	shared.requests.run(context, handle);
	return context;
}

/** The request being handled, if any. */
export function currentRequest(): RequestContext | undefined {
	return shared.requests.getStore();
}

/**
 * Runs background work started while handling a request (a page generation an editor's change
 * asked for) outside of it, so it neither logs under that request's id nor names its route.
 */
export function outsideRequest<T>(work: () => T): T {
	return shared.requests.exit(work);
}

/**
 * The app's router names a pathname's route: noted on the request being handled, and kept for
 * the answers the host later serves without the app (cached API answers, generated pages).
 * Catch-alls, the 404 page and over-long paths are not kept: any junk path lands there.
 */
export function noteRoute(pathname: string, pattern: string): void {
	const request = currentRequest();
	if (request) request.route = pattern;
	if (pattern === '/404' || pattern.includes('[...') || pathname.length > MAX_REMEMBERED_URL_LENGTH) return;
	shared.routes.set(pathname, pattern);
}

/** For tests and the bench: how many route names are remembered, and their characters. */
export function routeMemory(): { entries: number; bytes: number } {
	return { entries: shared.routes.size, bytes: shared.routes.calculatedSize };
}

/** The route pattern the app matched for this pathname earlier, if it is still known. */
export function knownRoute(pathname: string): string | undefined {
	return shared.routes.get(pathname);
}
