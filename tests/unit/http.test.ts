import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
	HttpError,
	MAX_BODY_BYTES,
	MAX_DISCARDED_BYTES,
	cacheRuleOf,
	describeZodError,
	endpoint,
	errorToResponse,
	json,
	parseWith,
	readId,
	readJson,
	readQuery,
} from '@/server/http/endpoint';
import { PERSONAL_CACHE_CONTROL, SHARED_CACHE_CONTROL } from '@/server/http/cache-headers';
import { loginSchema } from '@/lib/validation/auth';
import { INVALID_FIELD_HEADER } from '@/lib/api-client';
import {
	Conflict,
	type DomainError,
	Forbidden,
	InvalidInput,
	NotFound,
	NotSignedIn,
	TooManyAttempts,
	UpstreamFailed,
} from '@/server/errors';

const URL_ = 'http://localhost/api/test';

function jsonRequest(body: BodyInit | null, headers: Record<string, string> = {}): Request {
	return new Request(URL_, {
		method: 'POST',
		body,
		headers: { 'content-type': 'application/json', ...headers },
		...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
	} as RequestInit);
}

/** A body that arrives in the given pieces, without a declared length. */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
	let i = 0;
	return new ReadableStream({
		pull(controller) {
			if (i < chunks.length) controller.enqueue(chunks[i++]!);
			else controller.close();
		},
	});
}

/** Runs `promise` and returns the HttpError it rejects with. */
async function httpError(promise: Promise<unknown>): Promise<HttpError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(HttpError);
	return error as HttpError;
}

const schema = z.object({ name: z.string().min(1, 'Name is required.'), n: z.number().optional() });

describe('readJson', () => {
	it('parses a JSON body through the schema (transforms included)', async () => {
		const body = await readJson(
			jsonRequest(JSON.stringify({ email: '  Bob@Example.COM ', password: 'pw' })),
			loginSchema,
		);
		expect(body).toEqual({ email: 'bob@example.com', password: 'pw' });
	});

	it('drops keys the schema does not know', async () => {
		const body = await readJson(jsonRequest('{"name":"x","role":"editor"}'), schema);
		expect(body).toEqual({ name: 'x' });
	});

	it('treats an empty or blank body as {} so the schema reports the missing field', async () => {
		for (const body of [null, '', '  \n ']) {
			const error = await httpError(readJson(jsonRequest(body), schema));
			expect(error.status).toBe(400);
			expect(error.message).toBe('Name is required.');
		}
		const optional = z.object({ flag: z.boolean().optional() });
		expect(await readJson(new Request(URL_, { method: 'POST' }), optional)).toEqual({});
	});

	it('answers 400 to malformed JSON', async () => {
		const error = await httpError(readJson(jsonRequest('{"name":'), schema));
		expect(error.status).toBe(400);
		expect(error.message).toBe('Request body is not valid JSON.');
	});

	it('answers 400 to a body nested past 64 levels, however deep (no stack overflow)', async () => {
		// 100,000 levels fit in the 256 KB body cap; a recursive walk over them overflowed the stack.
		for (const depth of [65, 2_000, 100_000]) {
			const nested = `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`;
			const error = await httpError(readJson(jsonRequest(nested), schema));
			expect(error.status, `depth ${depth}`).toBe(400);
			expect(error.message).toBe('Request body is nested too deeply.');
		}
		const shallow = `{"name":${'['.repeat(63)}${']'.repeat(63)}}`;
		expect((await httpError(readJson(jsonRequest(shallow), schema))).message).not.toBe(
			'Request body is nested too deeply.',
		);
	});

	it('answers 400 with the first schema problem', async () => {
		const error = await httpError(readJson(jsonRequest('{"name":""}'), schema));
		expect(error.status).toBe(400);
		expect(error.message).toBe('Name is required.');
	});

	it.each([
		['text/plain', 415],
		['application/x-www-form-urlencoded', 415],
		['application/jsonp', 415],
		['text/json', 415],
	])('answers %s with %i', async (type, status) => {
		const error = await httpError(readJson(jsonRequest('{"name":"x"}', { 'content-type': type }), schema));
		expect(error.status).toBe(status);
		expect(error.message).toBe('Content-Type must be application/json.');
	});

	it('answers 415 to a body without any content type', async () => {
		const request = new Request(URL_, { method: 'POST', body: new Blob(['{"name":"x"}']) });
		expect(request.headers.get('content-type')).toBeNull();
		const error = await httpError(readJson(request, schema));
		expect(error.status).toBe(415);
	});

	it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/ld+json'])(
		'accepts %s',
		async (type) => {
			const body = await readJson(jsonRequest('{"name":"x"}', { 'content-type': type }), schema);
			expect(body).toEqual({ name: 'x' });
		},
	);

	it('answers 413 when the declared Content-Length is over the limit, before reading', async () => {
		const request = jsonRequest('{"name":"x"}', { 'content-length': String(MAX_BODY_BYTES + 1) });
		const error = await httpError(readJson(request, schema));
		expect(error.status).toBe(413);
		expect(error.message).toBe('Request body is too large.');
		expect(request.bodyUsed).toBe(false);
	});

	it('answers 413 when a streamed body grows past the limit, and stops reading an endless one', async () => {
		let pulled = 0;
		const chunk = new Uint8Array(64 * 1024).fill(0x20);
		const endless = new ReadableStream<Uint8Array>({
			pull(controller) {
				pulled += 1;
				controller.enqueue(chunk);
			},
		});
		const error = await httpError(readJson(jsonRequest(endless), schema));
		expect(error.status).toBe(413);
		expect(error.message).toBe('Request body is too large.');
		// The rest is read and thrown away, so a sender still writing can read the 413, but only
		// up to MAX_DISCARDED_BYTES: an endless body is cut off there (a few chunks sit in the
		// stream's queue beyond what was read).
		expect(pulled * chunk.byteLength).toBeGreaterThan(MAX_BODY_BYTES);
		expect(pulled * chunk.byteLength).toBeLessThanOrEqual(MAX_DISCARDED_BYTES + 3 * chunk.byteLength);
	});

	it('accepts a body of exactly the limit', async () => {
		const text = JSON.stringify({ name: 'x' });
		const padded = text + ' '.repeat(MAX_BODY_BYTES - text.length);
		expect(Buffer.byteLength(padded)).toBe(MAX_BODY_BYTES);
		const encoded = new TextEncoder().encode(padded);
		const pieces = [encoded.slice(0, 100_000), encoded.slice(100_000)];
		expect(await readJson(jsonRequest(streamOf(pieces)), schema)).toEqual({ name: 'x' });
		expect(await readJson(jsonRequest(padded), schema)).toEqual({ name: 'x' });
	});

	it('decodes UTF-8 characters split across chunks', async () => {
		const bytes = new TextEncoder().encode('{"name":"Zoë 日本"}');
		const pieces = Array.from(bytes, (byte) => new Uint8Array([byte]));
		expect(await readJson(jsonRequest(streamOf(pieces)), schema)).toEqual({ name: 'Zoë 日本' });
	});
});

describe('describeZodError', () => {
	it('gives the schema’s sentence alone, without a "field: " prefix', () => {
		const result = z
			.object({ first: z.string({ error: 'First is needed.' }), second: z.string() })
			.safeParse({});
		expect(result.error!.issues.length).toBe(2);
		expect(describeZodError(result.error!)).toBe('First is needed.');
	});

	it('falls back to "Invalid input." without issues', () => {
		expect(describeZodError(new z.ZodError([]))).toBe('Invalid input.');
	});
});

describe('parseWith messages for issues the schema gives no sentence', () => {
	function messageFor(schema: z.ZodType, value: unknown): string {
		try {
			parseWith(schema, value);
		} catch (error) {
			expect(error).toBeInstanceOf(HttpError);
			return (error as HttpError).message;
		}
		throw new Error('expected a refusal');
	}

	it.each([
		[
			'a wrong type, naming the field in words',
			z.object({ a: z.object({ isShown: z.boolean() }) }),
			{ a: { isShown: 1 } },
			'Is shown must be true or false.',
		],
		['a missing field', z.object({ userName: z.string() }), {}, 'User name is required.'],
		['a list item', z.object({ tags: z.array(z.string()) }), { tags: ['x', 2] }, 'Tags must be text.'],
		['a body that is not an object', z.object({}), 'text', 'The request body must be an object.'],
		[
			'a short text',
			z.object({ code: z.string().min(4) }),
			{ code: 'ab' },
			'Code must be at least 4 characters long.',
		],
		['a big number', z.object({ count: z.number().max(3) }), { count: 9 }, 'Count must be at most 3.'],
		['an email', z.object({ email: z.email() }), { email: 'x' }, 'Email must be a valid email address.'],
		['an option', z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' }, "Kind must be one of 'a', 'b'."],
		['an unknown key', z.object({}).strict(), { extra: 1 }, 'This field is not accepted: extra.'],
	])('writes a sentence for %s', (_label, schema, value, expected) => {
		expect(messageFor(schema, value)).toBe(expected);
	});

	it('keeps the schema’s own sentence over the fallback', () => {
		expect(messageFor(z.object({ a: z.string({ error: 'A is needed.' }) }), {})).toBe('A is needed.');
	});
});

/** What an endpoint reads of a GET of /api/x. */
function apiContext(): Parameters<ReturnType<typeof endpoint>>[0] {
	const url = new URL('http://localhost/api/x');
	return { url, request: new Request(url) } as Parameters<ReturnType<typeof endpoint>>[0];
}

describe('parseWith and readQuery', () => {
	it('returns the parsed value or throws a 400 HttpError', () => {
		expect(parseWith(z.coerce.number(), '5')).toBe(5);
		expect(() => parseWith(z.number(), 'x')).toThrow(HttpError);
		try {
			parseWith(z.object({ q: z.string() }), {});
			expect.unreachable('parseWith accepted an invalid value');
		} catch (error) {
			expect((error as HttpError).status).toBe(400);
			expect((error as HttpError).message).toBe('Q is required.');
		}
	});

	it('reads single query values', () => {
		const url = new URL('http://localhost/api/x?search=ad&page=3');
		const query = readQuery(url, z.object({ search: z.string(), page: z.coerce.number() }));
		expect(query).toEqual({ search: 'ad', page: 3 });
	});

	it('refuses a parameter the schema does not name, or one given twice, with a sentence', () => {
		const schema = z.object({ search: z.string().optional(), page: z.coerce.number().optional() });
		const refusal = (query: string) => {
			try {
				readQuery(new URL(`http://localhost/api/x?${query}`), schema);
			} catch (error) {
				return { status: (error as HttpError).status, message: (error as HttpError).message };
			}
			return undefined;
		};
		expect(refusal('utm_source=mail')).toEqual({
			status: 400,
			message: "The query parameter 'utm_source' is not accepted here (accepted: search, page).",
		});
		expect(refusal('page=2&page=3')).toEqual({
			status: 400,
			message: "The query parameter 'page' is given more than once.",
		});
		expect(refusal(`${'x'.repeat(5000)}=1`)?.message).toHaveLength(
			"The query parameter '' is not accepted here (accepted: search, page).".length + 41,
		);
	});
});

describe('readId', () => {
	it.each([
		['1', 1],
		['42', 42],
		['2147483647', 2_147_483_647],
	])('reads %s as %i', (value, id) => {
		expect(readId(value)).toBe(id);
	});

	// Past 2147483647 (an id column's largest value) no row can match, and PostgreSQL refuses the query.
	it.each([
		undefined,
		'',
		'0',
		'-1',
		'1.5',
		'1e3',
		' 1',
		'0x10',
		'abc',
		'12abc',
		'2147483648',
		'99999999999',
		'1234567890123',
	])('answers 404 "Invalid id." to %j', (value) => {
		try {
			readId(value);
			expect.unreachable('readId accepted an invalid id');
		} catch (error) {
			expect(error).toBeInstanceOf(HttpError);
			expect((error as HttpError).status).toBe(404);
			expect((error as HttpError).message).toBe('Invalid id.');
		}
	});

	it('names what was looked for', () => {
		expect(() => readId('x', 'platform id')).toThrow('Invalid platform id.');
	});
});

describe('responses', () => {
	afterEach(() => {
		vi.restoreAllMocks();
	});

	it('json answers JSON with the given status and headers', async () => {
		const response = json({ ok: true }, 201, { 'x-test': '1' });
		expect(response.status).toBe(201);
		expect(response.headers.get('content-type')).toMatch(/^application\/json/);
		expect(response.headers.get('x-test')).toBe('1');
		expect(await response.json()).toEqual({ ok: true });
	});

	it('errorToResponse turns an HttpError into { message } with its status', async () => {
		const response = errorToResponse(new HttpError(409, 'Taken.'));
		expect(response.status).toBe(409);
		expect(await response.json()).toEqual({ message: 'Taken.' });
		expect(response.headers.get('connection')).toBeNull();
	});

	it('errorToResponse closes the connection on 413 (the body may still be arriving)', () => {
		const response = errorToResponse(new HttpError(413, 'Request body is too large.'));
		expect(response.status).toBe(413);
		expect(response.headers.get('connection')).toBe('close');
	});

	it('errorToResponse hides anything else behind a 500 and logs it', async () => {
		const { baseLog } = await import('@/server/runtime/log');
		// Outside a request, log() is the process's logger.
		const log = vi.spyOn(baseLog(), 'error').mockImplementation(() => {});
		const boom = new Error('SQLITE_BUSY: secret details');
		const response = errorToResponse(boom);
		expect(response.status).toBe(500);
		const body = await response.json();
		expect(body).toEqual({ message: 'Something went wrong on our side. Please try again.' });
		expect(JSON.stringify(body)).not.toContain('SQLITE');
		expect(log).toHaveBeenCalledWith({ err: boom }, 'unexpected error, answered 500');
	});

	it('endpoint turns thrown errors (sync or async) into answers', async () => {
		vi.spyOn(console, 'error').mockImplementation(() => {});
		const ctx = apiContext();
		const ok = endpoint('public', () => json({ fine: true }));
		const refused = endpoint('public', () => {
			throw new HttpError(403, 'No.');
		});
		const broken = endpoint('public', async () => {
			throw new TypeError('oops');
		});
		expect((await ok(ctx)).status).toBe(200);
		const no = await refused(ctx);
		expect(no.status).toBe(403);
		expect(await no.json()).toEqual({ message: 'No.' });
		expect((await broken(ctx)).status).toBe(500);
	});

	it("a personal endpoint's every answer, refusals included, is kept by no cache", async () => {
		const ctx = apiContext();
		const shared = endpoint('personal', () =>
			json({ mine: true }, 200, { 'Cache-Control': SHARED_CACHE_CONTROL }),
		);
		const refused = endpoint('personal', () => {
			throw new HttpError(401, 'Sign in.');
		});
		expect((await shared(ctx)).headers.get('cache-control')).toBe(PERSONAL_CACHE_CONTROL);
		expect((await refused(ctx)).headers.get('cache-control')).toBe(PERSONAL_CACHE_CONTROL);
		expect(cacheRuleOf(shared)).toBe('personal');
		expect(cacheRuleOf(endpoint('public', () => json({})))).toBe('public');
		expect(cacheRuleOf(() => json({}))).toBeUndefined();
	});
});

describe('domain errors thrown by services', () => {
	const cases: [DomainError, number][] = [
		[new InvalidInput('A comment can only be approved while it is pending.', 'status'), 400],
		[new NotSignedIn('Authentication required'), 401],
		[new Forbidden('Your account is banned, so you cannot do this.'), 403],
		[new NotFound('Platform not found'), 404],
		[new Conflict('Email already exists'), 409],
		[new TooManyAttempts('Too many ratings. Please try again in 5 minutes.', 300), 429],
		[new UpstreamFailed('The mail server did not accept the message.'), 502],
	];

	it.each(cases)(
		'%s answers its status with { message } through the endpoint wrapper',
		async (error, status) => {
			const answer = await endpoint('public', () => {
				throw error;
			})({} as never);
			expect(answer.status).toBe(status);
			expect(await answer.json()).toEqual({ message: error.message });
		},
	);

	it('names the field of an invalid input, and says when to try again after too many attempts', () => {
		const invalid = errorToResponse(new InvalidInput('Pick another status.', 'status'));
		expect(invalid.headers.get(INVALID_FIELD_HEADER)).toBe('status');
		const tooMany = errorToResponse(new TooManyAttempts('Too many comments.', 120));
		expect(tooMany.headers.get('retry-after')).toBe('120');
		expect(tooMany.headers.get(INVALID_FIELD_HEADER)).toBeNull();
	});

	it('never come from a service as HttpError: services speak the domain, not HTTP', async () => {
		const { execFileSync } = await import('node:child_process');
		const found = execFileSync('git', ['grep', '-l', 'HttpError', '--', 'src/server', 'src/pages'], {
			encoding: 'utf8',
		}).trim();
		// The HTTP layer itself (reading bodies: 413, 415) may; endpoints and services may not.
		expect(found.split('\n').filter((file) => !file.startsWith('src/server/http/'))).toEqual([]);
	});
});
