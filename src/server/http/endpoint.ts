/**
 * Response and request helpers for endpoints: every failure is `{ "message" }` with a 4xx,
 * bodies are read with a size cap, and zod errors become one readable sentence.
 */
import { log } from '@/server/runtime/log';
import { z } from 'zod';
import { INVALID_FIELD_HEADER } from '@/lib/api-client';
import { isIdSegment } from '@/lib/ids';
import { nestedDeeperThan, withoutNul } from '@/lib/visible-text';
import {
	Conflict,
	DomainError,
	Forbidden,
	InvalidInput,
	NotFound,
	NotSignedIn,
	TooLarge,
	TooManyAttempts,
	UnsupportedMedia,
	UpstreamFailed,
} from '@/server/errors';
import {
	PERSONAL_CACHE_CONTROL,
	PRIVATE_CACHE_CONTROL,
	SHARED_CACHE_CONTROL,
	type CacheRule,
} from './cache-headers';
import {
	BODY_TOO_LARGE,
	BodyAborted,
	BodyTooLarge,
	declaresTooLargeBody,
	readCappedBody,
} from './request-body';

export { MAX_BODY_BYTES, MAX_DISCARDED_BYTES } from './request-body';

export class HttpError extends Error {
	constructor(
		readonly status: number,
		message: string,
		/** The request field the message is about, so a form can show it beside that field. */
		readonly field?: string,
	) {
		super(message);
	}
}

/** A body that is a promise would serialize as `{}`: the type refuses one, so a missed await fails to compile. */
type NotAPromise<T> = T extends PromiseLike<unknown> ? never : T;

export function json<T>(data: NotAPromise<T>, status = 200, headers?: HeadersInit): Response {
	return jsonResponse(data, status, new Headers(headers));
}

/**
 * A JSON answer with its length: Astro streams an answer's body after its headers, so without
 * a Content-Length the host's compression could not see that an answer is under its threshold
 * and ran brotli on every small one (a fifth of a signed-in `GET /api/user`'s CPU).
 */
function jsonResponse(data: unknown, status: number, headers: Headers): Response {
	const body = JSON.stringify(data);
	if (!headers.has('content-type')) headers.set('content-type', 'application/json');
	headers.set('content-length', String(Buffer.byteLength(body)));
	return new Response(body, { status, headers });
}

/**
 * A JSON answer of a public route, the same for everyone who asks (cache-headers.ts): shareable
 * when the URL names only query parameters the endpoint reads, each once. Any other spelling
 * gives the same answer under a new URL, so a shared cache (ours, or one in front) would keep one
 * copy per made-up parameter: such answers are for the browser alone.
 */
export function publicJson<T>(
	data: NotAPromise<T>,
	{ url }: Pick<APIContext, 'url'>,
	headers: Record<string, string> = {},
): Response {
	return json(data, 200, {
		...headers,
		'Cache-Control': onlyDeclaredQuery(url) ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
	});
}

/**
 * A public route's answer that is, this once, the caller's alone (a draft an editor may read,
 * a 404 to everyone else): kept by no cache.
 */
export function personalJson<T>(data: NotAPromise<T>): Response {
	return json(data, 200, { 'Cache-Control': PERSONAL_CACHE_CONTROL });
}

/** The query parameters each request's endpoint reads (readQuery), by the URL the app gave it. */
const declaredQuery = new WeakMap<URL, ReadonlySet<string>>();

function onlyDeclaredQuery(url: URL): boolean {
	const names = [...url.searchParams.keys()];
	if (names.length === 0) return true;
	const declared = declaredQuery.get(url);
	return (
		declared !== undefined &&
		names.every((name) => declared.has(name)) &&
		new Set(names).size === names.length
	);
}

export function errorResponse(
	status: number,
	message: string,
	headers?: HeadersInit,
	field?: string,
): Response {
	// The field travels in a header, so the body stays exactly `{ message }` for every client.
	const all = new Headers(headers);
	if (field) all.set(INVALID_FIELD_HEADER, field);
	return jsonResponse({ message }, status, all);
}

/** Reads the raw body as text, refusing more than MAX_BODY_BYTES (declared or streamed). */
async function readCappedText(request: Request): Promise<string> {
	if (declaresTooLargeBody(request.headers.get('content-length'))) throw new HttpError(413, BODY_TOO_LARGE);
	if (!request.body) return '';
	try {
		return new TextDecoder().decode(await readCappedBody(request.body));
	} catch (error) {
		if (error instanceof BodyTooLarge) throw new HttpError(413, error.message);
		if (!(error instanceof BodyAborted)) throw error;
		// The client went away mid-body: worth one line in the log, not a stack trace.
		log().warn('the client aborted the request body');
		throw new HttpError(400, error.message);
	}
}

/**
 * The message of the first zod issue: the schema's own sentence (src/lib/validation/ gives every
 * field one, written for people), or for an issue the schema left to zod, the sentence
 * parseWith asked zod for. No "field: " prefix: the message is shown as is in toasts.
 */
export function describeZodError(error: z.ZodError): string {
	return error.issues[0]?.message || 'Invalid input.';
}

/** "isNewsletterSubscribed" -> "Is newsletter subscribed"; the field an issue is about. */
function fieldLabel(path: readonly PropertyKey[]): string | null {
	const name = [...path].reverse().find((key): key is string => typeof key === 'string');
	if (!name) return null;
	const words = name
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/[_-]+/g, ' ')
		.toLowerCase();
	return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_NOUNS: Record<string, string> = {
	string: 'text',
	number: 'a number',
	int: 'a whole number',
	boolean: 'true or false',
	array: 'a list',
	object: 'an object',
};

/**
 * A sentence for an issue whose schema has no message of its own (zod's defaults read
 * "Invalid input: expected string, received number"). Only reached by fields the schemas do
 * not describe, such as unknown keys or a body that is not an object.
 */
function fallbackSentence(issue: z.core.$ZodRawIssue): string {
	const field = fieldLabel(issue.path ?? []);
	const subject = field ?? 'The request body';
	switch (issue.code) {
		case 'invalid_type':
			if (issue.input === undefined && field) return `${field} is required.`;
			return `${subject} must be ${TYPE_NOUNS[issue.expected] ?? `of type ${issue.expected}`}.`;
		case 'too_small':
			return issue.origin === 'string'
				? `${subject} must be at least ${issue.minimum} characters long.`
				: `${subject} must be at least ${issue.minimum}.`;
		case 'too_big':
			return issue.origin === 'string'
				? `${subject} must be at most ${issue.maximum} characters long.`
				: `${subject} must be at most ${issue.maximum}.`;
		case 'invalid_format':
			return issue.format === 'email'
				? `${subject} must be a valid email address.`
				: `${subject} is not in the expected format.`;
		case 'invalid_value':
			return `${subject} must be one of ${issue.values.map((value) => `'${String(value)}'`).join(', ')}.`;
		case 'unrecognized_keys':
			return `${issue.keys.length === 1 ? 'This field is' : 'These fields are'} not accepted: ${issue.keys.join(', ')}.`;
		default:
			return `${subject} is not valid.`;
	}
}

/** Levels of arrays and objects a JSON body may nest. */
const MAX_BODY_NESTING = 64;
export const BODY_NESTED_TOO_DEEPLY = 'Request body is nested too deeply.';

/**
 * Parses a JSON body against a schema, every NUL dropped from its texts first. An empty body
 * counts as `{}` so schemas decide what is required. Throws HttpError (400/413/415) on anything else.
 * `textPlain` also takes JSON sent as text/plain, as navigator.sendBeacon sends a string.
 */
export async function readJson<S extends z.ZodType>(
	request: Request,
	schema: S,
	{ textPlain = false }: { textPlain?: boolean } = {},
): Promise<z.output<S>> {
	return parseJsonText(await readCappedText(request), () => request.headers.get('content-type'), schema, {
		textPlain,
	});
}

/**
 * readJson() for a body already read (the production host reads the beacon's itself, see
 * src/server/host/beacon.ts): the same checks, the same sentences.
 */
export function parseJsonText<S extends z.ZodType>(
	text: string,
	contentType: () => string | null | undefined,
	schema: S,
	{ textPlain = false }: { textPlain?: boolean } = {},
): z.output<S> {
	let body: unknown = {};
	if (text.trim() !== '') {
		const type = contentType() ?? '';
		if (!/^application\/(.+\+)?json\b/i.test(type) && !(textPlain && /^text\/plain\b/i.test(type))) {
			throw new HttpError(415, `Content-Type must be application/json${textPlain ? ' or text/plain' : ''}.`);
		}
		try {
			body = JSON.parse(text);
		} catch {
			throw new HttpError(400, 'Request body is not valid JSON.');
		}
	}
	// No form of the site's nests past a few levels; deeper junk is refused before any walk over it.
	if (nestedDeeperThan(body, MAX_BODY_NESTING)) throw new HttpError(400, BODY_NESTED_TOO_DEEPLY);
	// No text field means anything by a NUL (query strings holding one never get here: middleware).
	return parseWith(schema, withoutNul(body));
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
	const result = schema.safeParse(value, { error: fallbackSentence });
	if (!result.success) {
		const field = result.error.issues[0]?.path.join('.');
		throw new HttpError(400, describeZodError(result.error), field || undefined);
	}
	return result.data;
}

/**
 * Parses the query string against a schema (single values only). A parameter the schema does
 * not name, or one given twice, is a 400 with a sentence, before any work: a made-up parameter
 * would give the same answer under a URL no cache keeps, so each one would be computed
 * (issue 42, F-3).
 */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
	const declared = new Set(schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
	declaredQuery.set(url, declared);
	refuseUndeclaredQuery(url, declared);
	return parseWith(schema, Object.fromEntries(url.searchParams));
}

function refuseUndeclaredQuery(url: URL, declared: ReadonlySet<string>): void {
	const seen = new Set<string>();
	for (const name of url.searchParams.keys()) {
		if (!declared.has(name)) throw new HttpError(400, unknownParameterSentence(name, declared));
		if (seen.has(name)) throw new HttpError(400, `The query parameter '${name}' is given more than once.`);
		seen.add(name);
	}
}

/** The sentence names the parameter (its first 40 characters; it is the caller's text). */
function unknownParameterSentence(name: string, declared: ReadonlySet<string>): string {
	const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
	const accepted = [...declared].join(', ');
	return accepted
		? `The query parameter '${shown}' is not accepted here (accepted: ${accepted}).`
		: `The query parameter '${shown}' is not accepted here: this address takes none.`;
}

/** Parses a numeric route parameter such as `{id}`. */
export function readId(value: string | undefined, what = 'id'): number {
	if (!isIdSegment(value)) throw new HttpError(404, `Invalid ${what}.`);
	return Number(value);
}

/** The answer to an /api/ address no endpoint answers. */
export const NO_SUCH_ENDPOINT = 'No such API endpoint.';

/** The status of each kind of refusal a service can throw. */
const DOMAIN_STATUSES: [new (...args: never[]) => DomainError, number][] = [
	[InvalidInput, 400],
	[NotSignedIn, 401],
	[Forbidden, 403],
	[NotFound, 404],
	[Conflict, 409],
	[TooLarge, 413],
	[UnsupportedMedia, 415],
	[TooManyAttempts, 429],
	[UpstreamFailed, 502],
];

/** The status a domain error answers with (400 for a kind not listed, which is still the user's). */
export function statusOfDomainError(error: DomainError): number {
	return DOMAIN_STATUSES.find(([kind]) => error instanceof kind)?.[1] ?? 400;
}

/**
 * Turns a thrown HttpError (request parsing) or domain error (services) into its response;
 * anything else is logged and answered 500.
 */
export function errorToResponse(error: unknown): Response {
	if (error instanceof HttpError) {
		// A refused body may still be streaming in; close the connection so it is not reused
		// half-read (the next request on it would stall until the socket times out).
		const headers = error.status === 413 ? { connection: 'close' } : undefined;
		return errorResponse(error.status, error.message, headers, error.field);
	}
	if (error instanceof DomainError) {
		const headers =
			error instanceof TooManyAttempts ? { 'retry-after': String(error.retryAfterSeconds) } : undefined;
		return errorResponse(statusOfDomainError(error), error.message, headers, error.field);
	}
	log().error({ err: error }, 'unexpected error, answered 500');
	return errorResponse(500, 'Something went wrong on our side. Please try again.');
}

import type { APIContext, APIRoute } from 'astro';

/** The rule each endpoint declared, by its handler (read by the tests of every route file). */
const declaredRules = new WeakMap<APIRoute, CacheRule>();

/** The cache rule a route file's handler declared, or undefined for one that declared none. */
export function cacheRuleOf(route: unknown): CacheRule | undefined {
	return typeof route === 'function' ? declaredRules.get(route as APIRoute) : undefined;
}

/** An API read whose handler never called readQuery, under a URL that has a query string. */
function readsWithUnreadQuery({ request, url }: Pick<APIContext, 'request' | 'url'>): boolean {
	return (
		(request.method === 'GET' || request.method === 'HEAD') &&
		url.pathname.startsWith('/api/') &&
		url.search.length > 1 &&
		!declaredQuery.has(url)
	);
}

/**
 * Wraps an endpoint so thrown HttpErrors, domain errors (and surprises) become JSON answers, and
 * declares whether its answer depends on who asks (cache-headers.ts). Every answer of a
 * 'personal' endpoint, refusals included, is `private, no-store` whatever the handler set, so a
 * cache can never keep one; a 'public' endpoint's handler makes its answer shareable with
 * publicJson(), and must not read who is asking for it.
 */
export function endpoint(
	rule: CacheRule,
	handler: (ctx: APIContext) => Promise<Response> | Response,
): APIRoute {
	const route: APIRoute = async (ctx) => {
		let response: Response;
		try {
			response = await handler(ctx);
			// A read that took no query still refuses one, as readQuery does (issue 42, F-3).
			if (response.ok && readsWithUnreadQuery(ctx)) refuseUndeclaredQuery(ctx.url, new Set());
		} catch (error) {
			response = errorToResponse(error);
		}
		if (rule === 'personal') response.headers.set('Cache-Control', PERSONAL_CACHE_CONTROL);
		return response;
	};
	declaredRules.set(route, rule);
	return route;
}
