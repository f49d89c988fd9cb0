/** Facts about the calling client that several modules need. */
import type { APIContext } from 'astro';
import { config } from '@/server/runtime/config';

/**
 * The client's address, for rate limits. From a trusted proxy (TRUSTED_PROXIES) it is the last
 * X-Forwarded-For entry: the address the proxy itself saw (earlier entries are the caller's
 * claims). From anyone else the header is the caller's own claim; the production host (src/
 * server/host/) drops it then, and this holds the same under `astro dev`.
 */
export function clientKey(ctx: Pick<APIContext, 'request' | 'clientAddress'>): string {
	let peer: string;
	try {
		// The connection's own address: Astro takes X-Forwarded-For for it only when told which
		// hosts to trust (security.allowedDomains), which this site does not set.
		peer = ctx.clientAddress;
	} catch {
		peer = 'unknown';
	}
	return clientKeyOf(peer, ctx.request.headers.get('x-forwarded-for'));
}

/**
 * clientKey() from the connection's address and the X-Forwarded-For header, for the production
 * host, which answers the page-view beacon before Astro builds a request (host/beacon.ts).
 * `peerTrusted`: whether the peer is a trusted proxy, when the caller asked already.
 */
export function clientKeyOf(
	peer: string,
	forwardedFor: string | null | undefined,
	peerTrusted?: boolean,
): string {
	const forwarded = forwardedFor?.split(',').at(-1)?.trim();
	if (!forwarded) return peer;
	if (peerTrusted ?? config().trustedProxies.trusts(peer)) return forwarded;
	// A claim from an untrusted peer: such requests share one key instead of choosing a fresh
	// one per try.
	return 'untrusted-forwarded-for';
}

/**
 * True when a state-changing request comes from another site. Browsers always send Origin on
 * cross-origin fetches; requests without it (curl, server-to-server, a mail provider's RFC 8058
 * one-click unsubscribe) carry no ambient cookies from a victim's browser, so they pass. The
 * site's own origin is SITE_URL's alone: the request URL Astro builds says "localhost" whatever
 * the browser used, so it proves nothing.
 */
export function isCrossSiteRequest(request: Request): boolean {
	return isCrossSite((name) => request.headers.get(name));
}

/**
 * The same rule over any header source: the host asks it of an upload's raw headers before it
 * reads the body (host/body-limit.ts).
 */
export function isCrossSite(
	header: (name: 'sec-fetch-site' | 'origin') => string | null | undefined,
): boolean {
	if (header('sec-fetch-site') === 'cross-site') return true;
	const origin = header('origin');
	if (!origin) return false;
	return origin !== config().siteUrl.origin;
}
