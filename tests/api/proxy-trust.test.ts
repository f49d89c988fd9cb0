/**
 * What the host believes of a request and where it routes it, on the built server directly:
 * a path with a backslash (raw or %5C) is refused before routing, since Astro reads `\` as `/`
 * and a proxy in front does not; and forwarding headers (X-Forwarded-For, -Proto, X-Request-Id)
 * count only when the connection comes from an address in TRUSTED_PROXIES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredentials, TestClient } from '../support/account-api';
import { rawRequest } from '../support/http';
import { startServer, type TestServer } from '../support/server';

/** The tests connect from 127.0.0.1: listed here, it is the proxy; not listed, any client. */
let behindListedProxy: TestServer;
let proxyElsewhere: TestServer;

beforeAll(async () => {
	[behindListedProxy, proxyElsewhere] = await Promise.all([
		startServer({ seed: true, env: { TRUSTED_PROXIES: '127.0.0.1' } }),
		startServer({ seed: true, env: { TRUSTED_PROXIES: '192.0.2.10, 10.0.0.0/8, ::1' } }),
	]);
});

afterAll(async () => {
	await Promise.all([behindListedProxy?.stop(), proxyElsewhere?.stop()]);
});

describe('a path with a backslash', () => {
	const login = JSON.stringify({ email: 'someone@example.com', password: 'wrong-password' });

	it.each([
		['POST', '/_astro/..\\api\\login'],
		['POST', '/_astro/..%5Capi%5Clogin'],
		['POST', '/_astro/..%5capi%5clogin'],
		['POST', '/api\\login'],
		['GET', '/_astro/..\\api\\user'],
		['GET', '/_astro\\..\\api/news'],
		['GET', '/news\\'],
		['GET', '/reset-password%5C'],
	])('%s %s answers 400 with a JSON message, routed nowhere', async (method, target) => {
		const answer = await rawRequest(proxyElsewhere.url, method, target, {
			body: method === 'POST' ? login : undefined,
			headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
		});
		expect(answer.status).toBe(400);
		expect(answer.headers['content-type']).toBe('application/json');
		expect(JSON.parse(answer.text)).toEqual({ message: 'A backslash is not allowed in the URL path.' });
		expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
	});

	it('is allowed in the query, which nobody reads as a path', async () => {
		const answer = await rawRequest(proxyElsewhere.url, 'GET', '/api/news?search=a\\b%5Cc');
		expect(answer.status).toBe(200);
	});
});

/** Wrong passwords for one account, each claiming its own X-Forwarded-For address. */
async function spreadWrongPasswords(server: TestServer, tries: number): Promise<number[]> {
	const account = newCredentials();
	expect((await new TestClient(server.url).post('/api/register', account)).status).toBe(201);
	const statuses: number[] = [];
	for (let attempt = 0; attempt < tries; attempt += 1) {
		const claimed = new TestClient(server.url, `198.51.100.${attempt + 1}`);
		statuses.push((await claimed.login(account.email, `wrong-${attempt}`)).status);
	}
	return statuses;
}

describe('forwarding headers', () => {
	it('from a listed proxy: X-Forwarded-For is the client, X-Request-Id and https are kept', async () => {
		// Six addresses, one wrong password each: under every per-client limit.
		expect(await spreadWrongPasswords(behindListedProxy, 6)).toEqual(Array(6).fill(401));
		const answer = await fetch(`${behindListedProxy.url}/`, {
			headers: { 'x-request-id': 'nginx-request-id-0001', 'x-forwarded-proto': 'https' },
		});
		expect(answer.headers.get('x-request-id')).toBe('nginx-request-id-0001');
		expect(answer.headers.get('strict-transport-security')).toContain('max-age=');
	});

	it('from a peer that is not a listed proxy: ignored, whatever the client claims', async () => {
		// The claimed addresses are not the client: one client, five wrong passwords, then 429.
		expect(await spreadWrongPasswords(proxyElsewhere, 7)).toEqual([...Array(5).fill(401), 429, 429]);
		for (const path of ['/', '/api/user', '/api/platforms', '/auth']) {
			const answer = await fetch(`${proxyElsewhere.url}${path}`, {
				headers: { 'x-request-id': 'chosen-by-the-client-1', 'x-forwarded-proto': 'https' },
			});
			await answer.arrayBuffer();
			expect(answer.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
			expect(answer.headers.get('strict-transport-security'), path).toBeNull();
		}
	});
});
