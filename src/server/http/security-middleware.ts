/**
 * The security headers (src/server/http/security-headers.ts) on every answer Astro renders, in
 * production and under `astro dev` alike. The production host sets the same headers on what it
 * serves without Astro (build files, generated pages, kept API answers).
 *
 * Development only: Vite's dev server and the React integration put inline scripts of their own
 * into every page (the React refresh preamble, Astro's dev island script, the dev toolbar's
 * loader). They are allowed by their hashes, read from the page being answered, and nothing
 * else is added: the production policy, computed by the same function, stays exactly as it is.
 */
import type { MiddlewareHandler } from 'astro';
import { config } from '@/server/runtime/config';
import { contentSecurityPolicy, scriptHash, securityHeaders } from './security-headers';

let productionPolicy: string | undefined;
const policy = () =>
	(productionPolicy ??= contentSecurityPolicy({ https: config().siteUrl.protocol === 'https:' }));

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The hashes of the inline scripts of a page (dev only, see above). */
function inlineScriptHashes(html: string): string[] {
	return [...new Set([...html.matchAll(INLINE_SCRIPT)].map((match) => scriptHash(match[1]!)))];
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
	try {
		for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
		return response;
	} catch {
		// Some responses (Response.redirect, fetched ones) have immutable headers.
		const copy = new Response(response.body, response);
		for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
		return copy;
	}
}

export const securityHeadersMiddleware: MiddlewareHandler = async (ctx, next) => {
	const response = await next();
	const https = ctx.url.protocol === 'https:';
	const pathname = ctx.url.pathname;
	if (import.meta.env.DEV && response.headers.get('content-type')?.startsWith('text/html')) {
		const html = await response.text();
		const csp = contentSecurityPolicy({
			https: config().siteUrl.protocol === 'https:',
			extraScriptSources: inlineScriptHashes(html),
		});
		return withHeaders(new Response(html, response), securityHeaders({ pathname, https, csp }));
	}
	return withHeaders(response, securityHeaders({ pathname, https, csp: policy() }));
};
