/**
 * Scheduled articles: a draft with a publishAt still to come stays a draft (404 to readers, in no
 * list, feed or sitemap) and goes public by itself at its time, pages and feed included, dated
 * then; a time past or without a zone is refused; publishing now or clearing the time
 * unschedules it. Runs on both engines (the due drafts are found and published by one UPDATE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { articleBody, setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

async function status(path: string): Promise<number> {
	const response = await fetch(`${server.url}${path}`);
	await response.arrayBuffer();
	return response.status;
}

async function text(path: string): Promise<string> {
	return (await fetch(`${server.url}${path}`)).text();
}

describe('a scheduled article', () => {
	it('is a draft until its time, then public with its page, feed and sitemap entry', async () => {
		const at = inSeconds(4);
		const body = articleBody({ isPublished: false, publishAt: at });
		const created = await roles.editor.client.post('/api/news', body);
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const { id, slug, publishAt } = created.body;
		expect(created.body.isPublished).toBe(false);
		expect(new Date(publishAt).toISOString()).toBe(at);

		// Before its time: nobody but editors sees it.
		expect(await roles.anonymous.get(`/api/news/${id}`).then((a) => a.status)).toBe(404);
		expect(await status(`/news/${slug}`)).toBe(404);
		const list = await roles.anonymous.get('/api/news?limit=50');
		expect(list.body.map((article: { id: number }) => article.id)).not.toContain(id);
		expect(await text('/rss')).not.toContain(body.title);
		expect(await text('/sitemap.xml')).not.toContain(`/news/${slug}`);

		await expect
			.poll(async () => (await roles.anonymous.get(`/api/news/${id}`)).status, {
				timeout: 30_000,
				interval: 100,
			})
			.toBe(200);
		// Not before its time.
		expect(Date.now()).toBeGreaterThanOrEqual(new Date(at).getTime());
		const published = await roles.anonymous.get(`/api/news/${id}`);
		expect(published.body).toMatchObject({ isPublished: true, publishAt: null });
		expect(new Date(published.body.createdAt).getTime()).toBe(new Date(at).getTime());
		await expect.poll(() => status(`/news/${slug}`)).toBe(200);
		await expect.poll(() => text('/rss')).toContain(body.title);
		await expect.poll(() => text('/sitemap.xml')).toContain(`/news/${slug}`);
	});

	it('refuses a time past or without its zone', async () => {
		const past = await roles.editor.client.post(
			'/api/education',
			articleBody({ isPublished: false, publishAt: inSeconds(-60), category: 'For Brands' }),
		);
		expect(past.status).toBe(400);
		expect(past.body.message).toMatch(/must be in the future/);
		expect(past.headers.get('x-invalid-field')).toBe('publishAt');
		const local = await roles.editor.client.post(
			'/api/news',
			articleBody({ isPublished: false, publishAt: '2030-01-01T09:00:00' }),
		);
		expect(local.status).toBe(400);
		expect(local.body.message).toMatch(/time zone/);
		expect(
			(await roles.user.client.post('/api/news', articleBody({ publishAt: inSeconds(60) }))).status,
		).toBe(403);
	});

	it('is unscheduled by clearing its time, and published at once by Published', async () => {
		const created = await roles.editor.client.post(
			'/api/news',
			articleBody({ isPublished: false, publishAt: inSeconds(2) }),
		);
		const { id } = created.body;
		const cleared = await roles.editor.client.put(
			`/api/news/${id}`,
			articleBody({ isPublished: false, publishAt: null }),
		);
		expect(cleared.status).toBe(200);
		expect(cleared.body.publishAt).toBeNull();
		await new Promise((resolve) => setTimeout(resolve, 3_500));
		expect((await roles.anonymous.get(`/api/news/${id}`)).status).toBe(404);

		const rescheduled = await roles.editor.client.put(
			`/api/news/${id}`,
			articleBody({ isPublished: false, publishAt: inSeconds(3600) }),
		);
		expect(rescheduled.body.publishAt).not.toBeNull();
		const now = await roles.editor.client.put(
			`/api/news/${id}`,
			articleBody({ isPublished: true, publishAt: inSeconds(3600) }),
		);
		expect(now.body).toMatchObject({ isPublished: true, publishAt: null });
		expect((await roles.anonymous.get(`/api/news/${id}`)).status).toBe(200);
	});
});
