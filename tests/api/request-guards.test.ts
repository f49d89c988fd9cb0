/**
 * What every account endpoint does with a bad request before its own rules run: malformed or
 * non-JSON bodies, oversized bodies (announced or streamed) and cross-site writes.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '@/server/db';
import { MAX_BODY_BYTES, MAX_DISCARDED_BYTES } from '@/server/http/endpoint';
import { MAX_UPLOAD_BODY_BYTES, MEDIA_UPLOAD_PATH } from '@/server/http/request-body';
import type { TestServer } from '../support/server';
import {
	TestClient,
	jsonOfSize,
	registerUser,
	sendStreamedBody,
	startAccountServer,
	type Registered,
} from '../support/account-api';

let server: TestServer;
/** A signed-in user for the endpoints that check the session before reading the body. */
let member: Registered;

beforeAll(async () => {
	server = await startAccountServer();
	member = await registerUser(server);
});

afterAll(async () => {
	await server?.stop();
});

const TOO_LARGE = { message: 'Request body is too large.' };
const NOT_JSON = { message: 'Request body is not valid JSON.' };
const WRONG_TYPE = { message: 'Content-Type must be application/json.' };
const CROSS_SITE = { message: 'Cross-site requests are not allowed.' };

/** Every account endpoint that reads a JSON body, with whether it needs a session. */
const BODY_ENDPOINTS = [
	{ method: 'POST', path: '/api/register', signedIn: false },
	{ method: 'POST', path: '/api/login', signedIn: false },
	{ method: 'POST', path: '/api/auth/forgot-password', signedIn: false },
	{ method: 'POST', path: '/api/auth/reset-password', signedIn: false },
	{ method: 'POST', path: '/api/auth/verify-email', signedIn: false },
	{ method: 'PUT', path: '/api/profile/email', signedIn: true },
	{ method: 'PUT', path: '/api/profile/password', signedIn: true },
	{ method: 'PUT', path: '/api/profile/newsletter', signedIn: true },
	{ method: 'PUT', path: '/api/profile/display-name', signedIn: true },
] as const;

/** Every account endpoint that changes state. */
const WRITE_ENDPOINTS = [
	...BODY_ENDPOINTS,
	{ method: 'POST', path: '/api/logout', signedIn: true },
	{ method: 'POST', path: '/api/newsletter/subscribe', signedIn: true },
	{ method: 'POST', path: '/api/profile/verification-mail', signedIn: true },
] as const;

const label = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

function clientFor(signedIn: boolean): TestClient {
	return signedIn ? member.client : new TestClient(server.url);
}

describe.each(BODY_ENDPOINTS.map((e) => [label(e), e] as const))('%s body handling', (_name, endpoint) => {
	const { method, path, signedIn } = endpoint;

	it('answers 400 to malformed JSON', async () => {
		const answer = await clientFor(signedIn).request(method, path, '{"email": "a@example.com",');
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual(NOT_JSON);
	});

	it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
		'answers 415 to a body sent as %s',
		async (contentType) => {
			const answer = await clientFor(signedIn).request(method, path, '{"email":"a@example.com"}', {
				'content-type': contentType,
			});
			expect(answer.status).toBe(415);
			expect(answer.body).toEqual(WRONG_TYPE);
		},
	);

	it('answers 413 to a body announced (Content-Length) as larger than 256 KB, even signed out', async () => {
		const answer = await new TestClient(server.url).request(
			method,
			path,
			jsonOfSize({ email: 'a@example.com' }, MAX_BODY_BYTES + 1),
		);
		expect(answer.status).toBe(413);
		expect(answer.body).toEqual(TOO_LARGE);
	});

	it('answers 413 to a streamed body without Content-Length that grows past 256 KB', async () => {
		const client = clientFor(signedIn);
		const answer = await sendStreamedBody(server.url + path, method, ' '.repeat(MAX_BODY_BYTES + 1), {
			cookie: client.sessionCookie,
			'x-forwarded-for': client.address,
		});
		expect(answer.status).toBe(413);
		expect(answer.body).toEqual(TOO_LARGE);
		// The half-read connection is closed rather than reused.
		expect(answer.headers.get('connection')).toBe('close');
	});
});

describe.each([
	['POST /api/logout', '/api/logout'],
	['POST /api/newsletter/subscribe', '/api/newsletter/subscribe'],
])('%s (reads no body)', (_name, path) => {
	it('still answers 413 to an announced body over 256 KB, and acts on nothing', async () => {
		const user = await registerUser(server);
		const answer = await user.client.post(path, jsonOfSize({}, MAX_BODY_BYTES + 1));
		expect(answer.status).toBe(413);
		expect(answer.body).toEqual(TOO_LARGE);
		const me = await user.client.get('/api/user');
		expect(me.status).toBe(200);
		expect(me.body.isNewsletterSubscribed).toBe(false);
	});
});

describe('body size boundary', () => {
	const login = { email: 'nobody@example.com', password: 'whatever-pw' };

	it('reads a body of exactly 256 KB (sent with Content-Length)', async () => {
		const answer = await new TestClient(server.url).post('/api/login', jsonOfSize(login, MAX_BODY_BYTES));
		// The body was parsed: the credentials were checked.
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: 'Invalid email or password.' });
	});

	it('reads a streamed body of exactly 256 KB', async () => {
		const answer = await sendStreamedBody(
			`${server.url}/api/login`,
			'POST',
			jsonOfSize(login, MAX_BODY_BYTES),
			{ 'x-forwarded-for': new TestClient(server.url).address },
		);
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: 'Invalid email or password.' });
	});

	it('serves the next request normally after refusing a streamed body', async () => {
		const client = new TestClient(server.url);
		const refused = await sendStreamedBody(`${server.url}/api/login`, 'POST', ' '.repeat(MAX_BODY_BYTES + 1));
		expect(refused.status).toBe(413);
		for (let i = 0; i < 3; i++) {
			const answer = await client.get('/api/user');
			expect(answer.status).toBe(401);
		}
	});
});

/**
 * Sends a body of `total` bytes over a raw socket, 64 KB every few milliseconds, announced
 * (Content-Length) or chunked, and reports how much went out before the server closed the
 * connection and what it answered. The socket stays open for writing after the server's FIN,
 * as a browser's or Node's fetch does while it is still sending.
 */
async function sendSlowBody(url: string, path: string, total: number, announced: boolean) {
	const { hostname, port } = new URL(url);
	const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: true });
	let received = '';
	let closedEarly = false;
	socket.on('data', (data) => (received += data));
	socket.on('error', () => (closedEarly = true));
	socket.on('close', () => (closedEarly = true));
	await new Promise((resolve) => socket.once('connect', resolve));
	const framing = announced ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked';
	socket.write(
		`POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
			`X-Forwarded-For: ${new TestClient(url).address}\r\n${framing}\r\n\r\n`,
	);
	const chunk = ' '.repeat(64 * 1024);
	let sent = 0;
	while (sent < total && !closedEarly) {
		socket.write(announced ? chunk : `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
		sent += chunk.length;
		await new Promise((resolve) => setTimeout(resolve, 3));
	}
	const finished = !closedEarly;
	// Not end(): a client that half-closes has given up on the request, to Node's server.
	if (finished && !announced) socket.write('0\r\n\r\n');
	await new Promise<void>((resolve) => {
		if (socket.destroyed) return resolve();
		socket.once('close', () => resolve());
		setTimeout(() => resolve(), 5000);
	});
	socket.destroy();
	return { sent, finished, statusLine: received.split('\r\n')[0] ?? '', body: received };
}

describe.each([
	['announced (Content-Length)', true],
	['streamed (chunked)', false],
])('a refused body, %s', (_name, announced) => {
	it('lets a client that is still sending 5 MB finish and read the 413, instead of resetting it mid-body', async () => {
		const answer = await sendSlowBody(server.url, '/api/login', 5 * 1024 * 1024, announced);
		expect(answer.finished, `the connection was closed after ${answer.sent} bytes`).toBe(true);
		expect(answer.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
		expect(answer.body).toMatch(/\r\nconnection: close\r\n/i);
		expect(answer.body).toContain(JSON.stringify(TOO_LARGE));
	});

	it('cuts off a body that goes on far past what is discarded', async () => {
		const total = MAX_DISCARDED_BYTES + 4 * 1024 * 1024;
		const answer = await sendSlowBody(server.url, '/api/login', total, announced);
		expect(answer.finished).toBe(false);
		expect(answer.sent).toBeLessThan(total);
	});
});

describe('a refused upload, announced (Content-Length)', () => {
	// The upload's cap is above what the usual routes discard in all, so a mistaken upload
	// (a 10 MB photo and a bit) must still be read to its end rather than cut off mid-body.
	it('lets a client sending 1 MB over the upload cap finish and read the 413', async () => {
		const answer = await sendSlowBody(
			server.url,
			MEDIA_UPLOAD_PATH,
			MAX_UPLOAD_BODY_BYTES + 1024 * 1024,
			true,
		);
		expect(answer.finished, `the connection was closed after ${answer.sent} bytes`).toBe(true);
		expect(answer.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
	});
});

describe("Node's fetch", () => {
	it('reads the 413 and its message after sending a 5 MB body, not a reset (EPIPE)', async () => {
		const answer = await fetch(`${server.url}/api/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-forwarded-for': new TestClient(server.url).address },
			body: jsonOfSize({ email: 'a@example.com', password: 'whatever-pw' }, 5 * 1024 * 1024),
		});
		expect(answer.status).toBe(413);
		expect(answer.headers.get('connection')).toBe('close');
		expect(await answer.json()).toEqual(TOO_LARGE);
	});
});

describe('content types', () => {
	it.each(['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/merge-patch+json'])(
		'accepts %s',
		async (contentType) => {
			const answer = await new TestClient(server.url).post(
				'/api/login',
				{ email: 'nobody@example.com', password: 'whatever-pw' },
				{ 'content-type': contentType },
			);
			expect(answer.status).toBe(401);
			expect(answer.body).toEqual({ message: 'Invalid email or password.' });
		},
	);

	it('treats an empty body as an empty object, so the schema names the missing field', async () => {
		const answer = await new TestClient(server.url).request('POST', '/api/login', '', {
			'content-type': 'text/plain',
		});
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: 'Email is required.' });
	});
});

describe('cross-site requests', () => {
	describe.each(WRITE_ENDPOINTS.map((e) => [label(e), e] as const))('%s', (_name, endpoint) => {
		const { method, path, signedIn } = endpoint;

		it('answers 403 to a request with a foreign Origin', async () => {
			const answer = await clientFor(signedIn).request(
				method,
				path,
				{},
				{
					origin: 'https://evil.example',
				},
			);
			expect(answer.status).toBe(403);
			expect(answer.body).toEqual(CROSS_SITE);
		});

		it('answers 403 to a browser request marked Sec-Fetch-Site: cross-site', async () => {
			const answer = await clientFor(signedIn).request(
				method,
				path,
				{},
				{
					'sec-fetch-site': 'cross-site',
				},
			);
			expect(answer.status).toBe(403);
			expect(answer.body).toEqual(CROSS_SITE);
		});
	});

	it('answers 403 to Origin "null" (sandboxed frames, data: URLs)', async () => {
		const answer = await new TestClient(server.url).post('/api/login', {}, { origin: 'null' });
		expect(answer.status).toBe(403);
		expect(answer.body).toEqual(CROSS_SITE);
	});

	it('answers 403 to the same host on another port', async () => {
		const url = new URL(server.url);
		const origin = `${url.protocol}//${url.hostname}:${Number(url.port) + 1}`;
		const answer = await new TestClient(server.url).post('/api/login', {}, { origin });
		expect(answer.status).toBe(403);
	});

	it('allows a request whose Origin is the site itself', async () => {
		const user = await registerUser(server);
		const client = new TestClient(server.url);
		const answer = await client.post(
			'/api/login',
			{ email: user.email, password: user.password },
			{ origin: server.url, 'sec-fetch-site': 'same-origin' },
		);
		expect(answer.status).toBe(200);
		expect(answer.body.id).toBe(user.id);
	});

	it('allows a request without Origin (not from a browser, so no ambient cookies)', async () => {
		const answer = await new TestClient(server.url).post('/api/login', {});
		expect(answer.status).toBe(400);
	});

	it('keeps the session alive when a foreign site tries to sign the user out', async () => {
		const user = await registerUser(server);
		const answer = await user.client.post('/api/logout', undefined, {
			origin: 'https://evil.example',
		});
		expect(answer.status).toBe(403);
		expect((await user.client.get('/api/user')).status).toBe(200);
	});

	it('keeps the password when a foreign site tries to change it', async () => {
		const user = await registerUser(server);
		const before = (await firstRow(
			server.db.select().from(server.tables.users).where(eq(server.tables.users.id, user.id)),
		))!;
		const answer = await user.client.put(
			'/api/profile/password',
			{ currentPassword: user.password, newPassword: 'attacker-pw' },
			{ origin: 'https://evil.example' },
		);
		expect(answer.status).toBe(403);
		const after = (await firstRow(
			server.db.select().from(server.tables.users).where(eq(server.tables.users.id, user.id)),
		))!;
		expect(after.passwordHash).toBe(before.passwordHash);
	});

	it('does not refuse reads from another origin, nor open them to it (no CORS headers)', async () => {
		const answer = await member.client.request('GET', '/api/user', undefined, {
			origin: 'https://evil.example',
		});
		expect(answer.status).toBe(200);
		expect(answer.headers.get('access-control-allow-origin')).toBeNull();
		expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
	});
});

describe('response headers', () => {
	it('sends nosniff, DENY framing and a referrer policy on API answers', async () => {
		for (const answer of [
			await new TestClient(server.url).get('/api/user'),
			await member.client.get('/api/user'),
			await new TestClient(server.url).post('/api/login', 'not json'),
		]) {
			expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
			expect(answer.headers.get('x-frame-options')).toBe('DENY');
			expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
			expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
		}
	});
});
