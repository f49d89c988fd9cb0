import { defineMiddleware, sequence } from 'astro:middleware';
import { allowedMethods } from './server/http/api-methods';
import { isCrossSiteRequest } from './server/http/request-origin';
import { securityHeadersMiddleware } from './server/http/security-middleware';
import { isIdSegment } from './lib/ids';
import { hasNul } from './lib/visible-text';
import { errorResponse, NO_SUCH_ENDPOINT } from './server/http/endpoint';
import {
	BODY_TOO_LARGE,
	METHODS_WITH_BODIES,
	bodyCapFor,
	declaresTooLargeBody,
} from './server/http/request-body';
import { log } from './server/runtime/log';
import { currentRequest, noteRoute } from './server/runtime/request-context';
import {
	SESSION_COOKIE,
	clearSessionCookie,
	setSessionCookie,
	validateSessionToken,
} from './server/auth/session';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

/**
 * An address whose query string holds a NUL is refused: no field takes one (see hasNul), and
 * PostgreSQL would fail the query that bound it. Before any route runs, pages and API alike.
 */
const queryGuard = defineMiddleware((ctx, next) => {
	if (ctx.isPrerendered) return next();
	for (const [name, value] of ctx.url.searchParams) {
		if (hasNul(name) || hasNul(value)) {
			return errorResponse(400, 'The address holds a NUL character, which no field accepts.');
		}
	}
	return next();
});

/** A method an API route does not answer gets 405 with the methods it does (not the 404 page). */
const apiMethods = defineMiddleware((ctx, next) => {
	if (ctx.isPrerendered) return next();
	const allowed = allowedMethods(ctx.routePattern);
	if (!allowed || allowed.includes(ctx.request.method)) return next();
	// An `[id]` segment that is no id names nothing here, whatever the method. A file endpoint's
	// address with a trailing slash (`subscribers.csv/`) reaches `[id]` beside it, since Astro
	// matches file endpoints only without one: not found, never "GET is not allowed here".
	if (ctx.params.id !== undefined && !isIdSegment(ctx.params.id)) return errorResponse(404, NO_SUCH_ENDPOINT);
	return errorResponse(405, `${ctx.request.method} is not allowed here.`, { allow: allowed.join(', ') });
});

/**
 * Cross-site writes and oversized bodies are refused before any route runs: endpoints and pages
 * alike (the unsubscribe page takes a form POST). A body is oversized when its Content-Length
 * says so, or when the production host, which reads every body before Astro sees it, found it
 * so (src/server/host/body-limit.ts); the host then closes the connection gently.
 */
const writeGuard = defineMiddleware((ctx, next) => {
	if (ctx.isPrerendered) return next();
	const { method } = ctx.request;
	if (UNSAFE_METHODS.has(method) && isCrossSiteRequest(ctx.request)) {
		return errorResponse(403, 'Cross-site requests are not allowed.');
	}
	if (
		METHODS_WITH_BODIES.has(method) &&
		(declaresTooLargeBody(ctx.request.headers.get('content-length'), bodyCapFor(method, ctx.url.pathname)) ||
			currentRequest()?.bodyTooLarge)
	) {
		// The rest of the body is not read here: the connection is not reused half read.
		return errorResponse(413, BODY_TOO_LARGE, { connection: 'close' });
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

// Security headers (CSP, nosniff, framing, referrer) on everything Astro answers, under
// `astro dev` too; the production host adds the same to what it serves without Astro.
export const onRequest = sequence(
	requestRecord,
	securityHeadersMiddleware,
	apiMethods,
	queryGuard,
	writeGuard,
	session,
);
