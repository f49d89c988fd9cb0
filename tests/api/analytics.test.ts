/**
 * Cookieless page views (issue 46), over HTTP on both engines: the reader pages' beacon counts
 * views and visitors (a visitor is a daily hash, never an address or a browser name), bots are not
 * counted, a malformed beacon is refused, no answer sets a cookie, and nothing identifying reaches
 * the database. Views wait in memory and are written every ANALYTICS_FLUSH_MS, and when the node
 * stops.
 */
import { readFileSync, existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestClient, newCredentials, registerUser } from '../support/account-api';
import { createPlatform } from '../support/platform-fixtures';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import type { TestServer } from '../support/server';
import { rawRows } from '@/server/db';
import type { AnalyticsReport } from '@/server/analytics/report';

const CHROME =
	'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let server: TestServer;
let roles: Roles;
/** Every answer of this file, to show none sets a cookie. */
const answers: Headers[] = [];

beforeAll(async () => {
	server = await startContentServer({ env: { ANALYTICS_FLUSH_MS: '50' } });
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

let counter = 0;
const uniquePath = () => `/news/analytics-${Date.now().toString(36)}-${++counter}`;

/** Sends a beacon as navigator.sendBeacon does (a string: text/plain), from a client and browser. */
async function beacon(
	client: TestClient,
	userAgent: string,
	body: unknown,
	type = 'text/plain;charset=UTF-8',
): Promise<number> {
	const response = await fetch(`${server.url}/api/events`, {
		method: 'POST',
		headers: {
			'content-type': type,
			'user-agent': userAgent,
			'x-forwarded-for': client.address,
			origin: server.url,
		},
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
	answers.push(response.headers);
	expect(await response.text()).toEqual(response.status >= 400 ? expect.stringContaining('"message"') : '');
	return response.status;
}

type Report = AnalyticsReport;

async function report(days = 1): Promise<Report> {
	const answer = await roles.editor.client.get<Report>(`/api/admin/analytics?days=${days}`);
	answers.push(answer.headers);
	expect(answer.status).toBe(200);
	return answer.body;
}

/** The page's row of the report once the flush has written what it expects. */
async function pageOnceWritten(path: string, pageviews: number) {
	await expect
		.poll(async () => (await report()).pages.find((page) => page.path === path)?.pageviews, {
			timeout: 20_000,
		})
		.toBe(pageviews);
	return (await report()).pages.find((page) => page.path === path)!;
}

describe('POST /api/events', () => {
	it('counts four beacons from two user agents as 4 views and 2 visitors', async () => {
		const path = uniquePath();
		const reader = new TestClient(server.url);
		const before = await report();
		const event = { name: 'pageview', path, referrer: 'https://www.google.com/search?q=private-words' };
		expect(await beacon(reader, CHROME, event)).toBe(202);
		expect(await beacon(reader, CHROME, { ...event, referrer: '' })).toBe(202);
		expect(await beacon(reader, FIREFOX, event, 'application/json')).toBe(202);
		expect(await beacon(reader, FIREFOX, event)).toBe(202);
		expect(await pageOnceWritten(path, 4)).toEqual({ path, pageviews: 4, visitors: 2 });
		const after = await report();
		expect(after.pageviews - before.pageviews).toBe(4);
		expect(after.visitors - before.visitors).toBe(2);
		expect(after.days).toBe(1);
		expect(after.series).toHaveLength(1);
		expect(after.series[0]).toMatchObject({ visitors: after.visitors, pageviews: after.pageviews });
		expect(after.referrers).toContainEqual({ host: 'www.google.com', visitors: expect.any(Number) });
		expect((await report(7)).series).toHaveLength(7);
	});

	it('does not count a bot', async () => {
		const botPath = uniquePath();
		const readerPath = uniquePath();
		const client = new TestClient(server.url);
		expect(await beacon(client, GOOGLEBOT, { name: 'pageview', path: botPath })).toBe(204);
		// A request naming no browser at all is no reader either.
		const bare = await fetch(`${server.url}/api/events`, {
			method: 'POST',
			headers: { 'content-type': 'text/plain', 'user-agent': '', 'x-forwarded-for': client.address },
			body: JSON.stringify({ name: 'pageview', path: botPath }),
		});
		expect(bare.status).toBe(204);
		expect(await beacon(client, CHROME, { name: 'pageview', path: readerPath })).toBe(202);
		await pageOnceWritten(readerPath, 1);
		expect((await report()).pages.map((page) => page.path)).not.toContain(botPath);
	});

	it('refuses a malformed beacon with 400 and a message, and counts none', async () => {
		const path = uniquePath();
		const client = new TestClient(server.url);
		const bad: unknown[] = [
			'{not json',
			'',
			{ name: 'click', path },
			{ name: 'pageview' },
			{ name: 'pageview', path: `//evil.example${path}` },
			{ name: 'pageview', path: `${path}?email=someone@example.com` },
			{ name: 'pageview', path: `/${'a'.repeat(200)}` },
			{ name: 'pageview', path, referrer: 7 },
			{ name: 'pageview', path, extra: 'field' },
		];
		for (const body of bad) {
			const response = await fetch(`${server.url}/api/events`, {
				method: 'POST',
				headers: { 'content-type': 'text/plain', 'user-agent': CHROME, 'x-forwarded-for': client.address },
				body: typeof body === 'string' ? body : JSON.stringify(body),
			});
			answers.push(response.headers);
			expect(response.status, JSON.stringify(body)).toBe(400);
			expect(await response.json()).toEqual({ message: expect.any(String) });
		}
		const html = await fetch(`${server.url}/api/events`, {
			method: 'POST',
			headers: { 'content-type': 'text/html', 'x-forwarded-for': client.address },
			body: JSON.stringify({ name: 'pageview', path }),
		});
		expect(html.status).toBe(415);
		const marker = uniquePath();
		expect(await beacon(client, CHROME, { name: 'pageview', path: marker })).toBe(202);
		await pageOnceWritten(marker, 1);
		expect((await report()).pages.map((page) => page.path)).not.toContain(path);
	});

	it('stores neither the user agent nor the address nor the referrer beyond its host', async () => {
		const path = uniquePath();
		const client = new TestClient(server.url);
		const userAgent = `${CHROME} Unique/${Date.now()}`;
		const referrer = 'https://news.example.org/a/secret-path?token=query-secret';
		expect(await beacon(client, userAgent, { name: 'pageview', path, referrer })).toBe(202);
		await pageOnceWritten(path, 1);
		const forbidden = [userAgent.slice(-20), 'secret-path', 'query-secret', client.address];
		let stored: string;
		if (server.dbPath) {
			// The file and its write-ahead log, as bytes: whatever a copy of the database would hold.
			stored = [server.dbPath, `${server.dbPath}-wal`]
				.filter(existsSync)
				.map((file) => readFileSync(file).toString('latin1'))
				.join('');
		} else {
			const rows = await rawRows<{ row: string }>(
				sql`select row_to_json(v)::text as row from analytics_visits v
					union all select row_to_json(s)::text from analytics_salts s`,
				server.db,
			);
			stored = rows.map((row) => row.row).join('\n');
		}
		for (const text of forbidden) expect(stored.includes(text), `the database holds ${text}`).toBe(false);
		expect(stored).toContain(path);
		const { analyticsVisits } = server.tables;
		const rows = await server.db.select().from(analyticsVisits);
		expect(rows.find((row) => row.path === path)).toMatchObject({
			referrerHost: 'news.example.org',
			visitor: expect.stringMatching(/^[\w-]{43}$/),
		});
	});

	it('limits beacons per client like other anonymous writes: 120 a minute, exactly, on one node', async () => {
		const client = new TestClient(server.url);
		const statuses: number[] = [];
		for (let sent = 0; sent < 120; sent += 1) {
			statuses.push(await beacon(client, GOOGLEBOT, { name: 'pageview', path: '/news' }));
		}
		// Counted in the node's memory first and added to the store in batches: none refused yet.
		expect(statuses.filter((status) => status !== 204)).toEqual([]);
		const refused = await fetch(`${server.url}/api/events`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-forwarded-for': client.address, origin: server.url },
			body: JSON.stringify({ name: 'pageview', path: '/news' }),
		});
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
		expect((await refused.json()).message).toEqual(expect.any(String));
		// Another client is not held back.
		expect(await beacon(new TestClient(server.url), CHROME, { name: 'pageview', path: '/news' })).toBe(202);
	});
});

describe('GET /api/admin/analytics', () => {
	it('is for editors only, and takes 1, 7, 30 or 90 days', async () => {
		expect((await roles.anonymous.get('/api/admin/analytics')).status).toBe(401);
		expect((await roles.user.client.get('/api/admin/analytics')).status).toBe(403);
		expect((await roles.editor.client.get('/api/admin/analytics')).body.days).toBe(7);
		for (const days of [1, 7, 30, 90]) expect((await report(days)).series).toHaveLength(days);
		const wrong = await roles.editor.client.get('/api/admin/analytics?days=5');
		expect(wrong.status).toBe(400);
		expect(wrong.body.message).toBe('Days must be 1, 7, 30 or 90.');
	});
});

describe('GET /api/admin/analytics/views', () => {
	type Views = { days: number; pages: Array<{ path: string; pageviews: number }> };
	const views = async (days: number) => {
		const answer = await roles.editor.client.get<Views>(`/api/admin/analytics/views?days=${days}`);
		answers.push(answer.headers);
		expect(answer.status).toBe(200);
		expect(answer.body.days).toBe(days);
		return new Map(answer.body.pages.map((page) => [page.path, page.pageviews]));
	};

	it("gives every article's and platform's views for the period, the visit rows and the kept totals added up", async () => {
		const stamp = `${Date.now().toString(36)}-${++counter}`;
		const article = `/news/views-${stamp}`;
		const platform = `/platforms/views-${stamp}`;
		const other = `/about-${stamp}`;
		const client = new TestClient(server.url);
		for (const path of [article, article, platform, other]) {
			expect(await beacon(client, CHROME, { name: 'pageview', path })).toBe(202);
		}
		// Three days ago, already rolled up into a daily total.
		const { analyticsDaily } = server.tables;
		const day = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
		await server.db
			.insert(analyticsDaily)
			.values({ day, kind: 'page', key: article, pageviews: 5, visitors: 2 });
		await expect.poll(async () => (await views(1)).get(platform), { timeout: 20_000 }).toBe(1);
		const today = await views(1);
		expect(today.get(article)).toBe(2);
		expect(today.has(other)).toBe(false);
		const week = await views(7);
		expect(week.get(article)).toBe(7);
		expect(week.get(platform)).toBe(1);
	});

	it('is for editors only, and takes 1, 7, 30 or 90 days', async () => {
		expect((await roles.anonymous.get('/api/admin/analytics/views')).status).toBe(401);
		expect((await roles.user.client.get('/api/admin/analytics/views')).status).toBe(403);
		expect((await roles.editor.client.get('/api/admin/analytics/views')).body.days).toBe(7);
		const wrong = await roles.editor.client.get('/api/admin/analytics/views?days=5');
		expect(wrong.status).toBe(400);
		expect(wrong.body.message).toBe('Days must be 1, 7, 30 or 90.');
	});
});

describe('sign-ups attributed to the page that brought them', () => {
	const signups = async () => (await report()).signups;

	it('records an account sign-up under the attribution the island sent, the referrer as its host', async () => {
		const path = uniquePath();
		const client = new TestClient(server.url);
		const answer = await client.post('/api/register', {
			...newCredentials(),
			attribution: { path, referrer: 'https://www.bing.com/search?q=private-words' },
		});
		expect(answer.status).toBe(201);
		expect(await signups()).toContainEqual({ path, kind: 'account', count: 1 });
		const { signupAttributions } = server.tables;
		const rows = await server.db.select().from(signupAttributions);
		expect(rows.filter((row) => row.path === path)).toEqual([
			expect.objectContaining({ kind: 'account', referrerHost: 'www.bing.com' }),
		]);
		expect(JSON.stringify(rows)).not.toContain('private-words');
	});

	it("records a newsletter sign-up under the same-site Referer's path when no attribution is sent", async () => {
		const path = uniquePath();
		const client = new TestClient(server.url);
		const answer = await client.post(
			'/api/newsletter/subscribe',
			{ email: newCredentials().email },
			{ referer: `${server.url}${path}?utm_source=mail` },
		);
		expect(answer.status).toBe(202);
		// Another site's page is no page of ours: nothing recorded for it.
		const elsewhere = await client.post(
			'/api/newsletter/subscribe',
			{ email: newCredentials().email },
			{ referer: `https://elsewhere.example${path}-other` },
		);
		expect(elsewhere.status).toBe(202);
		const found = (await signups()).filter((row) => row.path.startsWith(path));
		expect(found).toEqual([{ path, kind: 'newsletter', count: 1 }]);
	});

	it('records a follow, and a signed-in newsletter sign-up; a malformed attribution never refuses one', async () => {
		const path = uniquePath();
		const follower = await registerUser(server);
		const { users } = server.tables;
		await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, follower.id));
		const platform = await createPlatform(roles.editor);
		const followed = await follower.client.post(`/api/platforms/${platform.id}/follow`, {
			attribution: { path, referrer: '' },
		});
		expect(followed.status).toBe(200);
		const subscribed = await follower.client.post('/api/newsletter/subscribe', {
			attribution: { path, referrer: 'https://social.example/post/1' },
		});
		expect(subscribed.status).toBe(200);
		const odd = await new TestClient(server.url).post('/api/register', {
			...newCredentials(),
			attribution: { path: `//evil.example${path}`, referrer: 7 },
		});
		expect(odd.status).toBe(201);
		const found = (await signups()).filter((row) => row.path.includes(path));
		expect(found).toEqual(
			expect.arrayContaining([
				{ path, kind: 'follow', count: 1 },
				{ path, kind: 'newsletter', count: 1 },
			]),
		);
		expect(found).toHaveLength(2);
	});
});

describe('cookies', () => {
	it('are set by no beacon or report answer', () => {
		expect(answers.length).toBeGreaterThan(20);
		for (const headers of answers) expect(headers.getSetCookie()).toEqual([]);
	});
});

describe('a stopping node', () => {
	it('writes the views still in memory before it exits', async () => {
		const node = await startContentServer({ env: { ANALYTICS_FLUSH_MS: '3600000' } });
		try {
			const path = uniquePath();
			const client = new TestClient(node.url);
			for (const userAgent of [CHROME, FIREFOX]) {
				const response = await fetch(`${node.url}/api/events`, {
					method: 'POST',
					headers: {
						'content-type': 'text/plain',
						'user-agent': userAgent,
						'x-forwarded-for': client.address,
					},
					body: JSON.stringify({ name: 'pageview', path }),
				});
				expect(response.status).toBe(202);
			}
			const { analyticsVisits } = node.tables;
			const rows = async () =>
				(await node.db.select().from(analyticsVisits)).filter((row) => row.path === path);
			// An hour between flushes: nothing written yet.
			expect(await rows()).toEqual([]);
			expect(await node.signal('SIGTERM')).toBe(0);
			expect(await rows()).toHaveLength(2);
		} finally {
			await node.stop();
		}
	});
});
