/**
 * What an operator sees: one JSON log line per request under the id its answer carried, no
 * secret in any line, and Prometheus metrics on METRICS_PORT only (accepted by promtool).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaksInLogs } from '../support/log-leaks';
import { freePort } from '../../scripts/shared/ports';
import type { TestServer } from '../support/server';
import {
	TestClient,
	eventually,
	findResetLink,
	outboxMails,
	registerUser,
	startAccountServer,
	verificationToken,
} from '../support/account-api';

let server: TestServer;

beforeAll(async () => {
	server = await startAccountServer({ env: { METRICS_PORT: String(await freePort()) } });
});
afterAll(async () => {
	await server?.stop();
});

type LogLine = Record<string, unknown>;

/** The server's log so far, one parsed object per JSON line. */
function logLines(): LogLine[] {
	return server
		.logs()
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as LogLine);
}

/** Waits for the access-log line of the request that carried this id. */
function accessLine(id: string): Promise<LogLine> {
	return eventually(() => logLines().find((line) => line.reqId === id && line.msg === 'request'));
}

/** A token as the app makes them (32 base32 characters). */
const tokenLike = () =>
	[...randomBytes(32)].map((byte) => 'abcdefghijklmnopqrstuvwxyz234567'[byte % 32]).join('');

describe('the access log', () => {
	it('writes one JSON line per request, under the id its answer sent, without the query string', async () => {
		const answer = await fetch(`${server.url}/api/news?search=${tokenLike()}`);
		expect(answer.status).toBe(200);
		const id = answer.headers.get('x-request-id');
		expect(id).toMatch(/^[0-9a-f-]{36}$/);
		const line = await accessLine(id!);
		expect(line).toMatchObject({
			level: 'info',
			method: 'GET',
			route: '/api/news',
			path: '/api/news',
			status: 200,
		});
		expect(typeof line.time).toBe('string');
		expect(line.ms).toEqual(expect.any(Number));
		expect(line.bytes).toBeGreaterThan(0);
		expect(logLines().filter((other) => other.reqId === id && other.msg === 'request')).toHaveLength(1);
	});

	it('gives answers kept in memory (a shared API answer) their own id and line', async () => {
		// A query the route reads, fresh to this run (a parameter it does not read is refused).
		const path = `/api/news?limit=2&search=kept${Date.now()}`;
		const answers = [];
		// The first answer is rendered and kept; one of the next comes from memory.
		for (let attempt = 0; attempt < 20; attempt += 1) {
			const answer = await fetch(server.url + path);
			await answer.arrayBuffer();
			answers.push(answer);
			if (answer.headers.get('x-cache') === 'hit') break;
		}
		const kept = answers.at(-1)!;
		expect(kept.headers.get('x-cache')).toBe('hit');
		const ids = answers.map((answer) => answer.headers.get('x-request-id'));
		expect(new Set(ids).size).toBe(ids.length);
		const line = await accessLine(kept.headers.get('x-request-id')!);
		expect(line).toMatchObject({ route: '/api/news', path: '/api/news', status: 200 });
		// Written at once, so recorded at once: what went to the connection, headers included.
		expect(line.aborted).toBeUndefined();
		expect(line.bytes).toBeGreaterThan(Number(kept.headers.get('content-length')));
	});

	it('logs a HEAD as HEAD, though the API cache makes it as its GET', async () => {
		const answer = await fetch(`${server.url}/api/news?limit=3&search=head${Date.now()}`, { method: 'HEAD' });
		expect(answer.status).toBe(200);
		const line = await accessLine(answer.headers.get('x-request-id')!);
		expect(line).toMatchObject({ method: 'HEAD', route: '/api/news', status: 200 });
	});

	it('writes a path with quotes, backslashes and braces as one valid JSON line, as sent', async () => {
		const { port } = new URL(server.url);
		// Sent on a raw socket: fetch would percent-encode the quote and the braces.
		const path = '/news/a"b\\c{}%C3%A9';
		const head = await new Promise<string>((resolve, reject) => {
			const socket = connect(Number(port), '127.0.0.1', () => {
				socket.write(
					Buffer.from(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, 'latin1'),
				);
			});
			let text = '';
			socket.on('data', (chunk) => (text += chunk.toString('latin1')));
			socket.on('end', () => resolve(text));
			socket.on('error', reject);
		});
		const id = /x-request-id: (\S+)/i.exec(head)?.[1];
		expect(id).toBeTruthy();
		const line = await accessLine(id!);
		expect(line.path).toBe(path);
	});

	it('answers 400 to an address with malformed percent-encoding, on pages too, and logs no error', async () => {
		for (const path of ['/%FF', '/news/%', '/platforms/%E0%A4%A', '/api/news/%FF']) {
			const answer = await fetch(server.url + path);
			expect(answer.status, path).toBe(400);
			expect(await answer.text(), path).toMatch(/not validly encoded/);
			const line = await accessLine(answer.headers.get('x-request-id')!);
			expect(line.status).toBe(400);
		}
		expect(logLines().filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([]);
		// Astro's own logger, which writes plain text, had called each one an error.
		expect(server.logs()).not.toContain('Invalid URL encoding');
	});

	it('names the route pattern, not the raw path, for a page', async () => {
		const answer = await fetch(`${server.url}/news/no-such-story`);
		const line = await accessLine(answer.headers.get('x-request-id')!);
		expect(line).toMatchObject({ route: '/news/[slug]', path: '/news/no-such-story', status: answer.status });
	});

	it('names the API route of a body refused as too large, before the app read it', async () => {
		// A path no earlier request named, so the route cannot come from a remembered answer.
		const path = `/api/platforms/${700_000 + Math.floor(Math.random() * 100_000)}/comments`;
		const answer = await fetch(`${server.url}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: ' '.repeat(2 * 1024 * 1024),
		});
		expect(answer.status).toBe(413);
		const line = await accessLine(answer.headers.get('x-request-id')!);
		expect(line).toMatchObject({ route: '/api/platforms/[id]/comments', path, status: 413 });
	});

	it('writes no line for a page-view beacon, counting it in http_requests_unlogged_total instead', async () => {
		const beacon = await fetch(`${server.url}/api/events`, {
			method: 'POST',
			headers: {
				'content-type': 'text/plain;charset=UTF-8',
				'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
				origin: server.url,
			},
			body: JSON.stringify({ name: 'pageview', path: '/news' }),
		});
		expect(beacon.status).toBe(202);
		expect(beacon.headers.get('cache-control')).toBe('private, no-store');
		expect(beacon.headers.get('set-cookie')).toBeNull();
		const id = beacon.headers.get('x-request-id');
		expect(id).toMatch(/^[0-9a-f-]{36}$/);
		// A request after it is logged, so the beacon's line would be there by now.
		const after = await fetch(`${server.url}/api/news`);
		await after.arrayBuffer();
		await accessLine(after.headers.get('x-request-id')!);
		expect(logLines().filter((line) => line.reqId === id)).toEqual([]);
		const metrics = await (await fetch(`${server.metricsUrl}/metrics`)).text();
		expect(metrics).toMatch(/http_requests_unlogged_total\{route="\/api\/events",status="202"\} [1-9]/);
		expect(metrics).toMatch(
			/http_request_duration_seconds_count\{method="POST",route="\/api\/events",status_class="2xx"\} [1-9]/,
		);
	});

	it("does not take a client's X-Request-Id without a trusted proxy", async () => {
		const client = await startAccountServer({ env: { TRUST_PROXY: '0' } });
		try {
			const answer = await fetch(`${client.url}/api/user`, {
				headers: { 'x-request-id': 'chosen-by-the-client-1' },
			});
			expect(answer.headers.get('x-request-id')).not.toBe('chosen-by-the-client-1');
		} finally {
			await client.stop();
		}
	});

	it('keeps a sane X-Request-Id from a trusted proxy, and replaces one that is not', async () => {
		// This server runs with TRUST_PROXY=1 (startAccountServer), as behind nginx.
		const kept = await fetch(`${server.url}/api/user`, {
			headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' },
		});
		expect(kept.headers.get('x-request-id')).toBe('0123456789abcdef0123456789abcdef');
		expect(await accessLine('0123456789abcdef0123456789abcdef')).toMatchObject({
			route: '/api/user',
			status: 401,
		});
		const odd = await fetch(`${server.url}/api/user`, { headers: { 'x-request-id': 'a b<script>' } });
		expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
	});
});

describe('the log across sign-in, password reset, unsubscribe and profile changes', () => {
	it('holds no token, password, cookie or full e-mail address', async () => {
		const secrets: string[] = [];
		const user = await registerUser(server);
		secrets.push(user.password, user.email, user.client.sessionToken);
		// A wrong password, then the right one.
		const guesser = new TestClient(server.url);
		const wrong = `wrong-${tokenLike()}`;
		secrets.push(wrong);
		expect((await guesser.login(user.email, wrong)).status).toBe(401);
		const signedIn = new TestClient(server.url);
		expect((await signedIn.login(user.email, user.password)).status).toBe(200);
		secrets.push(signedIn.sessionToken);
		// Forgotten password: the mailed token, used.
		expect(
			(await new TestClient(server.url).post('/api/auth/forgot-password', { email: user.email })).status,
		).toBe(200);
		// The sign-up's verification link is a secret too.
		secrets.push(await verificationToken(server, user.email));
		const mail = await eventually(() =>
			outboxMails(server).find((text) => text.includes(user.email) && findResetLink(server, text)),
		);
		const reset = findResetLink(server, mail)!;
		const newPassword = `renewed-${tokenLike()}`;
		secrets.push(reset.token, newPassword);
		const resetAnswer = await new TestClient(server.url).post('/api/auth/reset-password', {
			token: reset.token,
			newPassword,
		});
		expect(resetAnswer.status, JSON.stringify(resetAnswer.body)).toBe(200);
		// Profile: password and address changes with the current password.
		const owner = new TestClient(server.url);
		expect((await owner.login(user.email, newPassword)).status).toBe(200);
		secrets.push(owner.sessionToken);
		const finalPassword = `final-${tokenLike()}`;
		secrets.push(finalPassword);
		const changed = await owner.request('PUT', '/api/profile/password', {
			currentPassword: newPassword,
			newPassword: finalPassword,
		});
		expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
		const newEmail = `moved-${tokenLike().slice(0, 8)}@example.org`;
		secrets.push(newEmail);
		const moved = await owner.request('PUT', '/api/profile/email', {
			email: newEmail,
			currentPassword: finalPassword,
		});
		expect(moved.status, JSON.stringify(moved.body)).toBeLessThan(300);
		// The change waits for the link mailed to the new address.
		secrets.push(await verificationToken(server, newEmail));
		// Unsubscribe links carry their token in the query.
		const unsubscribeToken = tokenLike();
		secrets.push(unsubscribeToken);
		const unsubscribed = await new TestClient(server.url).post(
			`/api/newsletter/unsubscribe?token=${unsubscribeToken}`,
		);
		expect(unsubscribed.status).toBe(404);
		// The outbox line of the reset mail is logged, masked.
		await eventually(() => logLines().find((line) => line.msg === 'mail written to the outbox'));

		expect(leaksInLogs(server.logs(), secrets)).toEqual([]);
		// The lines are there (masked), so the check above looked at something.
		expect(server.logs()).toContain(`"to":"${user.email[0]}***@example.com"`);
	});
});

describe('metrics', () => {
	it('are absent from the public port', async () => {
		for (const path of ['/metrics', '/metrics/']) {
			const answer = await fetch(`${server.url}${path}`);
			expect(answer.status, path).toBe(404);
			expect(await answer.text()).not.toContain('http_request_duration_seconds');
		}
	});

	it('are served on METRICS_PORT, with the request, cache, sign-in and page metrics', async () => {
		await fetch(`${server.url}/api/platforms`);
		await fetch(`${server.url}/api/platforms`);
		const answer = await fetch(`${server.metricsUrl}/metrics`);
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toContain('text/plain');
		const text = await answer.text();
		expect(text).toMatch(
			/http_request_duration_seconds_count\{method="GET",route="\/api\/platforms",status_class="2xx"\} \d+/,
		);
		expect(text).toMatch(/api_cache_hits_total \d+/);
		expect(text).toMatch(/api_cache_misses_total [1-9]/);
		expect(text).toMatch(/auth_sign_in_failures_total [1-9]/);
		for (const name of [
			'site_pages_generated_total',
			'site_last_generation_duration_seconds',
			'site_change_to_pages_seconds',
			'newsletter_queue_depth',
			'newsletter_mails_sent_total',
			'newsletter_mails_failed_total',
			'rate_limit_refusals_total',
			'process_cpu_seconds_total',
			'nodejs_eventloop_lag_seconds',
		]) {
			expect(text, name).toContain(`# TYPE ${name}`);
		}
		if (server.engine === 'postgres')
			expect(text).toMatch(/database_pool_connections\{state="total"\} [1-9]/);
		// Other paths on the metrics port answer 404.
		expect((await fetch(`${server.metricsUrl}/`)).status).toBe(404);
	});

	it('are accepted by promtool check metrics', async () => {
		const text = await (await fetch(`${server.metricsUrl}/metrics`)).text();
		const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
		expect(checked.error).toBeUndefined();
		expect(checked.stdout + checked.stderr).toBe('');
		expect(checked.status).toBe(0);
	});
});
