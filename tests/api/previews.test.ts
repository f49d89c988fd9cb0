/**
 * Preview links (POST /api/admin/previews, /preview?token=…): editors only; a link on SITE_URL
 * that shows a draft (article, page or episode) signed out as its public page would, with the preview band, noindex,
 * private no-store and no Referer; and 404 once expired, altered, or its item deleted. Its
 * validation, and housekeeping of expired links.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { TestClient } from '../support/account-api';
import { insertArticle, setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { episodeBody } from '../support/episode-fixtures';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer({ env: { API_CACHE_TTL_MS: '0' } });
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

/** A preview link's address on the test server (the answer names it on SITE_URL). */
function onServer(url: string): string {
	const { pathname, search } = new URL(url);
	return pathname + search;
}

async function previewOf(type: string, id: number) {
	const answer = await roles.editor.client.post('/api/admin/previews', { type, id });
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return answer.body as { url: string; expiresAt: string };
}

describe('POST /api/admin/previews', () => {
	it('answers an editor a link on SITE_URL, good for 7 days', async () => {
		const draft = await insertArticle(server, { isPublished: false });
		const before = Date.now();
		const link = await previewOf('article', draft.id);
		const url = new URL(link.url);
		// The test server runs with SITE_URL at its own address.
		expect(url.origin).toBe(new URL(server.url).origin);
		expect(url.pathname).toBe('/preview');
		expect(url.searchParams.get('token')).toMatch(/^[a-z2-7]{32}$/);
		const lifetime = new Date(link.expiresAt).getTime() - before;
		expect(lifetime).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
		expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600_000 + 60_000);
	});

	it('stores only the hash of the token', async () => {
		const draft = await insertArticle(server, { isPublished: false });
		const token = new URL((await previewOf('article', draft.id)).url).searchParams.get('token')!;
		const rows = await server.db.select().from(server.tables.previewLinks);
		expect(rows.some((row) => row.id === token)).toBe(false);
		expect(rows.some((row) => row.subjectId === draft.id)).toBe(true);
	});

	it('is refused to anonymous and banned sessions (401) and users (403)', async () => {
		const draft = await insertArticle(server, { isPublished: false });
		const body = { type: 'article', id: draft.id };
		const refusals: [TestClient, number, string][] = [
			[roles.anonymous, 401, 'Authentication required'],
			// A banned account's session no longer signs anyone in.
			[roles.banned.client, 401, 'Authentication required'],
			[roles.user.client, 403, 'Access denied. Editor privileges required.'],
		];
		for (const [client, status, message] of refusals) {
			const answer = await client.post('/api/admin/previews', body);
			expect(answer.status).toBe(status);
			expect(answer.body.message).toBe(message);
		}
		expect(
			await server.db
				.select()
				.from(server.tables.previewLinks)
				.where(eq(server.tables.previewLinks.subjectId, draft.id)),
		).toEqual([]);
	});

	it('answers 400 with a sentence for a bad type or id, and 404 for an item that does not exist', async () => {
		const cases: [unknown, string][] = [
			[{ type: 'platform', id: 1 }, 'Type must be one of: article, page, episode.'],
			[{ type: 'article', id: 0 }, 'Id must be the id of the item to preview.'],
			[{ type: 'article', id: '3' }, 'Id must be the id of the item to preview.'],
			[{ type: 'article' }, 'Id must be the id of the item to preview.'],
		];
		for (const [body, message] of cases) {
			const answer = await roles.editor.client.post('/api/admin/previews', body);
			expect(answer.status, JSON.stringify(body)).toBe(400);
			expect(answer.body.message).toBe(message);
		}
		const missing = await roles.editor.client.post('/api/admin/previews', { type: 'article', id: 999_999 });
		expect(missing.status).toBe(404);
		expect(missing.body.message).toBe('No article with id 999999 to preview.');
	});
});

describe('/preview', () => {
	it('shows a draft article signed out as its page would, with the band, noindex, no-store and no Referer', async () => {
		const title = `Draft preview ${Date.now()}`;
		const draft = await insertArticle(server, { isPublished: false, title, content: 'The **secret** plan.' });
		// The draft itself is not public.
		expect((await roles.anonymous.get(`/news/${draft.id}`)).status).toBe(404);
		const answer = await new TestClient(server.url).get(onServer((await previewOf('article', draft.id)).url));
		expect(answer.status).toBe(200);
		const html = answer.body as string;
		expect(html).toContain(title);
		expect(html).toContain('<strong>secret</strong> plan.');
		expect(html).toContain('data-testid="preview-ribbon"');
		expect(html).not.toContain('data-testid="draft-notice"');
		expect(html).toMatch(/<meta name="robots" content="noindex"/);
		expect(answer.headers.get('cache-control')).toBe('private, no-store');
		expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
	});

	it('shows an education draft and a static page too', async () => {
		const education = await insertArticle(server, {
			kind: 'education',
			isPublished: false,
			title: 'Guide draft',
		});
		const guide = await roles.anonymous.get(onServer((await previewOf('article', education.id)).url));
		expect(guide.status).toBe(200);
		expect(guide.body).toContain('Guide draft');
		expect(guide.body).toContain('Back to Education');
		const [page] = await server.db
			.insert(server.tables.staticPages)
			.values({ slug: 'about-us', title: 'About the previewed site', content: 'Who we are.' })
			.onConflictDoUpdate({
				target: server.tables.staticPages.slug,
				set: { title: 'About the previewed site' },
			})
			.returning();
		const shown = await roles.anonymous.get(onServer((await previewOf('page', page!.id)).url));
		expect(shown.status).toBe(200);
		expect(shown.body).toContain(page!.title);
		expect(shown.body).toContain('data-testid="preview-ribbon"');
	});

	it('shows a draft episode as its card on /podcast will look, and dies when it is deleted', async () => {
		const created = await roles.editor.client.post(
			'/api/podcasts',
			episodeBody({ title: 'Episode still in the edit', isPublished: false }),
		);
		expect(created.status).toBe(201);
		expect((await roles.anonymous.get('/podcast')).body).not.toContain('Episode still in the edit');
		const path = onServer((await previewOf('episode', created.body.id)).url);
		const shown = await roles.anonymous.get(path);
		expect(shown.status).toBe(200);
		expect(shown.body).toContain('Episode still in the edit');
		expect(shown.body).toContain('data-testid="preview-ribbon"');
		expect(shown.headers.get('cache-control')).toBe('private, no-store');
		expect((await roles.editor.client.delete(`/api/podcasts/${created.body.id}`)).status).toBe(200);
		expect((await roles.anonymous.get(path)).status).toBe(404);
	});

	it('answers 404 for a missing, altered or unknown token', async () => {
		const draft = await insertArticle(server, { isPublished: false });
		const url = new URL((await previewOf('article', draft.id)).url);
		const token = url.searchParams.get('token')!;
		const altered = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
		for (const path of [
			'/preview',
			'/preview?token=',
			`/preview?token=${altered}`,
			`/preview?token=${token}x`,
		]) {
			const answer = await roles.anonymous.get(path);
			expect(answer.status, path).toBe(404);
			expect(answer.body).toContain('Preview Not Found');
			expect(answer.body).not.toContain(draft.title);
		}
	});

	it('dies when its item is deleted, and when it expires', async () => {
		const deleted = await insertArticle(server, { isPublished: false });
		const deletedPath = onServer((await previewOf('article', deleted.id)).url);
		expect((await roles.anonymous.get(deletedPath)).status).toBe(200);
		expect((await roles.editor.client.delete(`/api/news/${deleted.id}`)).status).toBe(200);
		expect((await roles.anonymous.get(deletedPath)).status).toBe(404);

		const expiring = await insertArticle(server, { isPublished: false });
		const expiringPath = onServer((await previewOf('article', expiring.id)).url);
		expect((await roles.anonymous.get(expiringPath)).status).toBe(200);
		await server.db
			.update(server.tables.previewLinks)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(server.tables.previewLinks.subjectId, expiring.id));
		const expired = await roles.anonymous.get(expiringPath);
		expect(expired.status).toBe(404);
		expect(expired.body).not.toContain(expiring.title);
	});

	it('shows what is saved now: an edit after the link was made is in the preview', async () => {
		const draft = await insertArticle(server, { isPublished: false, title: 'First title' });
		const path = onServer((await previewOf('article', draft.id)).url);
		await server.db
			.update(server.tables.articles)
			.set({ title: 'Second title' })
			.where(eq(server.tables.articles.id, draft.id));
		const answer = await roles.anonymous.get(path);
		expect(answer.body).toContain('Second title');
		expect(answer.body).not.toContain('First title');
	});

	it('is disallowed in robots.txt', async () => {
		const robots = await roles.anonymous.get('/robots.txt');
		expect(robots.body).toContain('Disallow: /preview');
	});
});
