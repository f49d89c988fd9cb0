/**
 * Scheduled episodes: a draft with a publishAt still to come stays a draft (404 to listeners, in
 * no list, feed, search or sitemap) and goes public by itself at its time, dated then; a time
 * past is refused; clearing the time unschedules it and Published publishes it at once. Runs on
 * both engines (the due drafts are found and published by one UPDATE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, uniqueWord, type Roles } from '../support/content-fixtures';
import { episodeBody } from '../support/episode-fixtures';

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

async function text(path: string): Promise<string> {
	return (await fetch(`${server.url}${path}`)).text();
}

const publicIds = async (query = '') =>
	((await roles.anonymous.get(`/api/podcasts${query}`)).body as Array<{ id: number }>).map(({ id }) => id);

describe('a scheduled episode', () => {
	it('is a draft until its time, then public in the list, feed, search and sitemap, dated then', async () => {
		const at = inSeconds(4);
		const word = uniqueWord('sched');
		const body = episodeBody({ title: `Scheduled ${word}`, isPublished: false, publishAt: at });
		const created = await roles.editor.client.post('/api/podcasts', body);
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const { id } = created.body;
		expect(created.body.isPublished).toBe(false);
		expect(new Date(created.body.publishAt).toISOString()).toBe(at);

		// Before its time: nobody but editors sees it.
		expect((await roles.anonymous.get(`/api/podcasts/${id}`)).status).toBe(404);
		expect((await roles.editor.client.get(`/api/podcasts/${id}`)).status).toBe(200);
		expect(await publicIds()).not.toContain(id);
		expect(await publicIds(`?search=${word}`)).not.toContain(id);
		expect(await text('/podcast/rss')).not.toContain(word);
		expect(await text('/podcast')).not.toContain(word);

		await expect
			.poll(async () => (await roles.anonymous.get(`/api/podcasts/${id}`)).status, {
				timeout: 30_000,
				interval: 100,
			})
			.toBe(200);
		// Not before its time.
		expect(Date.now()).toBeGreaterThanOrEqual(new Date(at).getTime());
		const published = await roles.anonymous.get(`/api/podcasts/${id}`);
		expect(published.body).toMatchObject({ isPublished: true, publishAt: null });
		expect(new Date(published.body.publishedAt).getTime()).toBe(new Date(at).getTime());
		expect(await publicIds(`?search=${word}`)).toContain(id);
		await expect.poll(() => text('/podcast/rss')).toContain(word);
		await expect.poll(() => text('/podcast')).toContain(word);
	});

	it('refuses a time past or without its zone, and anyone but editors', async () => {
		const past = await roles.editor.client.post(
			'/api/podcasts',
			episodeBody({ isPublished: false, publishAt: inSeconds(-60) }),
		);
		expect(past.status).toBe(400);
		expect(past.body.message).toMatch(/must be in the future/);
		expect(past.headers.get('x-invalid-field')).toBe('publishAt');
		const local = await roles.editor.client.post(
			'/api/podcasts',
			episodeBody({ isPublished: false, publishAt: '2030-01-01T09:00:00' }),
		);
		expect(local.status).toBe(400);
		expect(local.body.message).toMatch(/time zone/);
		expect(
			(
				await roles.user.client.post(
					'/api/podcasts',
					episodeBody({ isPublished: false, publishAt: inSeconds(60) }),
				)
			).status,
		).toBe(403);
	});

	it('is unscheduled by clearing its time, rescheduled, and published at once by Published', async () => {
		const created = await roles.editor.client.post(
			'/api/podcasts',
			episodeBody({ isPublished: false, publishAt: inSeconds(2) }),
		);
		const { id } = created.body;
		const cleared = await roles.editor.client.put(
			`/api/podcasts/${id}`,
			episodeBody({ isPublished: false, publishAt: null }),
		);
		expect(cleared.status).toBe(200);
		expect(cleared.body.publishAt).toBeNull();
		await new Promise((resolve) => setTimeout(resolve, 3_500));
		expect((await roles.anonymous.get(`/api/podcasts/${id}`)).status).toBe(404);

		const rescheduled = await roles.editor.client.put(
			`/api/podcasts/${id}`,
			episodeBody({ isPublished: false, publishAt: inSeconds(3600) }),
		);
		expect(rescheduled.body.publishAt).not.toBeNull();
		const before = Date.now();
		const now = await roles.editor.client.put(
			`/api/podcasts/${id}`,
			episodeBody({ isPublished: true, publishAt: inSeconds(3600) }),
		);
		expect(now.body).toMatchObject({ isPublished: true, publishAt: null });
		expect(new Date(now.body.publishedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
		expect((await roles.anonymous.get(`/api/podcasts/${id}`)).status).toBe(200);
	});
});
