/**
 * Small JSON answers go out as they are, with their length: the host compresses only answers
 * over 1 KB, which it can tell only when the answer says its length before its body streams.
 * Larger answers are still compressed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { rawGet } from '../support/http';
import { registerUser, startAccountServer, type Registered } from '../support/account-api';

let server: TestServer;
let user: Registered;

beforeAll(async () => {
	server = await startAccountServer({ seed: true });
	user = await registerUser(server);
});
afterAll(async () => {
	await server?.stop();
});

describe('JSON answers rendered per request', () => {
	it('a small one (the signed-in user, a 401) is sent uncompressed with its Content-Length', async () => {
		const signedIn = await rawGet(`${server.url}/api/user`, {
			'accept-encoding': 'br, gzip',
			cookie: user.client.sessionCookie,
		});
		expect(signedIn.status).toBe(200);
		expect(signedIn.headers['content-encoding']).toBeUndefined();
		expect(signedIn.headers['content-length']).toBe(String(signedIn.body.length));
		expect(JSON.parse(signedIn.body.toString('utf8'))).toMatchObject({ id: user.id });

		const anonymous = await rawGet(`${server.url}/api/user`, { 'accept-encoding': 'br, gzip' });
		expect(anonymous.status).toBe(401);
		expect(anonymous.headers['content-encoding']).toBeUndefined();
		expect(anonymous.headers['content-length']).toBe(String(anonymous.body.length));
	});

	it('a large one is still compressed', async () => {
		// Signed in, so the answer is rendered rather than kept: the platforms are over 1 KB.
		const answer = await rawGet(`${server.url}/api/platforms?limit=100`, {
			'accept-encoding': 'br',
			cookie: user.client.sessionCookie,
		});
		expect(answer.status).toBe(200);
		expect(answer.headers['content-encoding']).toBe('br');
	});
});
