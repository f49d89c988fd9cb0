/** Facts about the calling client that several modules need. */
import type { APIContext } from 'astro';
import { config } from './config';

/**
 * The client's address, for rate limits. Behind a trusted proxy it is the last
 * X-Forwarded-For entry: the address the proxy itself saw (earlier entries are the caller's
 * claims). The production host (src/server/host/) drops forwarding headers when no proxy is trusted.
 */
export function clientKey(ctx: Pick<APIContext, 'request' | 'clientAddress'>): string {
	const forwarded = ctx.request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
	if (forwarded) {
		if (config().trustProxy) return forwarded;
		// Whether Astro's clientAddress comes from this header depends on its version and
		// settings (Astro 5 took the first entry; 7 only with security.allowedDomains), so when
		// the header reaches us untrusted (e.g. under `astro dev`) it may be the caller's own
		// claim: such requests share one key instead of choosing a fresh one per try.
		return 'untrusted-forwarded-for';
	}
	try {
		return ctx.clientAddress;
	} catch {
		return 'unknown';
	}
}

/**
 * True when a state-changing request comes from another site. Browsers always send Origin on
 * cross-origin fetches; requests without it (curl, server-to-server, a mail provider's RFC 8058
 * one-click unsubscribe) carry no ambient cookies from a victim's browser, so they pass. The
 * site's own origin is SITE_URL's alone: the request URL Astro builds says "localhost" whatever
 * the browser used, so it proves nothing.
 */
export function isCrossSiteRequest(request: Request): boolean {
	if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
	const origin = request.headers.get('origin');
	if (!origin) return false;
	return origin !== config().siteUrl.origin;
}
