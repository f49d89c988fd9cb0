import { defineMiddleware, sequence } from 'astro:middleware';
import { allowedMethods } from './server/api-methods';
import { isCrossSiteRequest } from './server/client';
import { securityHeadersMiddleware } from './server/security-middleware';
import { wireSiteRegeneration } from './server/site';
import { startNewsletterWorker } from './server/newsletter/worker';
import { startContentRelay } from './server/content/relay';
import { MAX_BODY_BYTES, errorResponse } from './server/http';
import { log } from './server/log';
import { noteRoute, outsideRequest } from './server/request-context';
import {
	SESSION_COOKIE,
	clearSessionCookie,
	setSessionCookie,
	validateSessionToken,
} from './server/auth/session';

wireSiteRegeneration();

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when the request reaches an API route however its path is spelled: the router matches
 * '//api/news' to /api/news, so the matched route, not the raw pathname, decides.
 */
function isApiRoute(ctx: { routePattern: string; url: URL }): boolean {
	return ctx.routePattern.startsWith('/api/') || /^\/+api\//i.test(ctx.url.pathname);
}

/**
 * Names the route Astro matched for the host's access log and request metrics (never the raw
 * path), and logs an error that escapes a page or endpoint with its stack, under the request's
 * id, before Astro answers it with its error page.
 */
const requestRecord = defineMiddleware(async (ctx, next) => {
	if (ctx.isPrerendered) return next();
	noteRoute(ctx.url.pathname, ctx.routePattern);
	try {
		return await next();
	} catch (error) {
		log().error({ err: error, route: ctx.routePattern }, 'unexpected error, answered 500');
		throw error;
	}
});

/** A method an API route does not answer gets 405 with the methods it does (not the 404 page). */
const apiMethods = defineMiddleware((ctx, next) => {
	if (ctx.isPrerendered) return next();
	const allowed = allowedMethods(ctx.routePattern);
	if (!allowed || allowed.includes(ctx.request.method)) return next();
	return errorResponse(405, `${ctx.request.method} is not allowed here.`, { allow: allowed.join(', ') });
});

/** Cross-site writes and oversized bodies are refused before any endpoint runs. */
const apiGuard = defineMiddleware((ctx, next) => {
	if (ctx.isPrerendered || !isApiRoute(ctx)) return next();
	if (!UNSAFE_METHODS.has(ctx.request.method)) return next();
	if (isCrossSiteRequest(ctx.request, ctx.url)) {
		return errorResponse(403, 'Cross-site requests are not allowed.');
	}
	const length = Number(ctx.request.headers.get('content-length'));
	if (Number.isFinite(length) && length > MAX_BODY_BYTES) {
		// Close the connection rather than read and discard the whole declared body.
		return errorResponse(413, 'Request body is too large.', { connection: 'close' });
	}
	return next();
});

/** Puts the signed-in user (or null) on locals and keeps the sliding session cookie fresh. */
const session = defineMiddleware(async (ctx, next) => {
	ctx.locals.user = null;
	ctx.locals.session = null;
	if (ctx.isPrerendered) return next();
	const token = ctx.cookies.get(SESSION_COOKIE)?.value;
	if (!token) return next();
	const found = /^[a-z2-7]{32}$/.test(token) ? await validateSessionToken(token) : null;
	if (found) {
		ctx.locals.user = found.user;
		ctx.locals.session = found.session;
		if (found.extended) setSessionCookie(ctx.cookies, token, found.session.expiresAt);
	} else {
		clearSessionCookie(ctx.cookies);
	}
	return next();
});

/**
 * Starts the newsletter sender and, with several nodes on PostgreSQL, the relay of content
 * changes between nodes, with the first request the running server handles (idempotent; the
 * production host makes one at start). Not at import: `astro build` runs this module to
 * prerender pages, and must neither send mail nor listen for changes.
 */
const backgroundWork = defineMiddleware(async (ctx, next) => {
	if (!ctx.isPrerendered) {
		// Background work outlives the request that happens to start it, and is not part of it.
		outsideRequest(() => startNewsletterWorker());
		await outsideRequest(() => startContentRelay());
	}
	return next();
});

// Security headers (CSP, nosniff, framing, referrer) on everything Astro answers, under
// `astro dev` too; the production host adds the same to what it serves without Astro.
export const onRequest = sequence(requestRecord, securityHeadersMiddleware, backgroundWork, apiMethods, apiGuard, session);
