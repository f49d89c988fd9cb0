/**
 * The /api/v1 routes' common part (issue 45): the key (`Authorization: Bearer` or `?key=`), the
 * per-key budget with the IETF RateLimit headers on every answer, and the refusals' sentences.
 *
 * Content answers are public (the content key is no secret, as in Ghost): they say
 * `Cache-Control: public` with the key in the cache key, the URL's `key` or, for a Bearer key,
 * `Vary: Authorization`. The host's answer cache keeps them under the URL and the key
 * (api-cache.ts), and serves one only after guardContentRead() passed for that request: the key
 * is checked on every request, so a revoke holds at once on every node (keys.ts), and the budget
 * is spent with this request's own RateLimit headers (counted in memory first and added to the
 * shared counter store in batches, limits.ts).
 */
import type { APIContext, APIRoute } from 'astro';
import { limits, retryMessage, type Budget } from '@/server/auth/rate-limit';
import { endpoint, errorResponse, errorToResponse } from '@/server/http/endpoint';
import { config } from '@/server/runtime/config';
import { integrationOfKey, type KeyHolder, type KeyKind } from './keys';

export const KEY_MISSING =
	'An API key is required: send it as Authorization: Bearer <key> (or, for the content key, ?key=<key>).';
export const ADMIN_KEY_MISSING = 'The admin key is required: send it as Authorization: Bearer <admin key>.';
export const KEY_UNKNOWN = 'This API key is not known: it may have been revoked.';
export const ADMIN_KEY_REQUIRED = 'This key may only read: writing needs the admin key.';

/** The policy's name in the RateLimit headers. */
const POLICY = 'per-key';

/** `RateLimit-Policy` (the budget) alone, for an answer that spent none (no valid key). */
function policyHeader(): Record<string, string> {
	return { 'RateLimit-Policy': `"${POLICY}";q=${config().apiKeyRateLimit};w=60` };
}

/** Both IETF headers (draft-ietf-httpapi-ratelimit-headers): the policy and what is left now. */
function budgetHeaders(budget: Budget): Record<string, string> {
	const [, policy, , left] = budgetHeaderList(budget);
	return { 'RateLimit-Policy': policy!, RateLimit: left! };
}

/** The same headers as a flat list of names and values, as the host writes them. */
function budgetHeaderList(budget: Budget): string[] {
	return [
		'RateLimit-Policy',
		`"${POLICY}";q=${budget.limit};w=${budget.windowSeconds}`,
		'RateLimit',
		`"${POLICY}";r=${budget.remaining};t=${budget.resetSeconds}`,
	];
}

/** The budget key of an integration's key. */
const budgetKey = (holder: KeyHolder) => `${holder.id}:${holder.kind}`;

/**
 * The key a request carries: a Bearer header first, else (reads only) the `key` parameter. The
 * production host reads it the same way before it answers a kept read (src/server/host/).
 */
export function apiKeyOf(
	authorization: string | null | undefined,
	keyParameter: string | null | undefined,
	access: KeyKind,
): string | undefined {
	const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
	if (bearer) return bearer;
	return access === 'content' ? keyParameter || undefined : undefined;
}

function keyOf({ request, url }: Pick<APIContext, 'request' | 'url'>, access: KeyKind): string | undefined {
	return apiKeyOf(request.headers.get('authorization'), url.searchParams.get('key'), access);
}

/**
 * A content read's key check and budget, for a read the production host answers from its kept
 * answers: the RateLimit headers of this request (names and values, flat) when the key is known
 * and within its budget, else undefined, and the request goes on to the route, which checks
 * again and answers the refusal (a refused spend counts nothing, so the budget is not spent
 * twice). Synchronous when neither the key nor the budget needs the database or the shared
 * store (keys.ts, limits.apiKey), so the host answers in the same turn.
 */
export function guardContentRead(key: string): string[] | undefined | Promise<string[] | undefined> {
	const holder = integrationOfKey(key);
	return holder instanceof Promise ? holder.then(spendOf) : spendOf(holder);
}

function spendOf(holder: KeyHolder | undefined): string[] | undefined | Promise<string[] | undefined> {
	if (!holder) return undefined;
	const budget = limits.apiKey.spend(budgetKey(holder));
	return budget instanceof Promise ? budget.then(allowedHeaders) : allowedHeaders(budget);
}

const allowedHeaders = (budget: Budget) => (budget.retryAfter > 0 ? undefined : budgetHeaderList(budget));

function withHeaders(response: Response, headers: Record<string, string>): Response {
	for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
	return response;
}

/**
 * An /api/v1 endpoint: 'content' routes take either key, 'admin' routes the admin key only
 * (a content key is a 403). The handler is told which integration is asking.
 */
export function v1Endpoint(
	access: KeyKind,
	handler: (ctx: APIContext, holder: KeyHolder) => Promise<Response>,
): APIRoute {
	return endpoint(access === 'content' ? 'public' : 'personal', async (ctx) => {
		const key = keyOf(ctx, access);
		if (!key) return errorResponse(401, access === 'admin' ? ADMIN_KEY_MISSING : KEY_MISSING, policyHeader());
		const holder = await integrationOfKey(key);
		if (!holder) return errorResponse(401, KEY_UNKNOWN, policyHeader());
		const budget = await limits.apiKey.spend(budgetKey(holder));
		const headers = { ...budgetHeaders(budget), Vary: 'Authorization' };
		if (budget.retryAfter > 0) {
			return errorResponse(429, retryMessage(budget.retryAfter, 'requests with this key'), {
				...headers,
				'Retry-After': String(budget.retryAfter),
			});
		}
		if (access === 'admin' && holder.kind !== 'admin') return errorResponse(403, ADMIN_KEY_REQUIRED, headers);
		let response: Response;
		try {
			response = await handler(ctx, holder);
		} catch (error) {
			response = errorToResponse(error);
		}
		return withHeaders(response, headers);
	});
}
