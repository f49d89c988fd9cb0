/**
 * Preview links (POST /api/admin/previews, /preview?token=…): editors only; a link on SITE_URL
 * that shows a draft (article, page or episode) signed out as its public page would, with the preview band, noindex,
 * private no-store and no Referer; and 404 once expired, altered, or its item deleted. Its
 * validation, and housekeeping of expired links.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { TestClient, registerUser } from '../support/account-api';
import {
	articleBody,
	insertArticle,
	setUpRoles,
	startContentServer,
	type Roles,
} from '../support/content-fixtures';
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
	return answer.body as { id: string; url: string; expiresAt: string };
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

describe('listing and revoking preview links (issue 42, F-11)', () => {
	type Listed = { id: string; createdAt: string; expiresAt: string; createdBy: string | null };
	const list = (type: string, id: number) =>
		roles.editor.client.get<Listed[]>(`/api/admin/previews?type=${type}&id=${id}`);

	it('answers the link with an id, lists the live links of the item, and revokes one', async () => {
		const draft = await insertArticle(server, { isPublished: false });
		const first = (await previewOf('article', draft.id)) as { id: string; url: string };
		const second = (await previewOf('article', draft.id)) as { id: string; url: string };
		expect(first.id).toMatch(/^[0-9a-f]{64}$/);
		const listed = await list('article', draft.id);
		expect(listed.status).toBe(200);
		expect(listed.headers.get('cache-control')).toMatch(/no-store/);
		expect(listed.body.map((link) => link.id)).toEqual([first.id, second.id]);
		expect(listed.body[0]!.createdBy).toBe(roles.editor.username);
		// The listing never carries the links' addresses.
		expect(JSON.stringify(listed.body)).not.toContain(new URL(first.url).searchParams.get('token')!);

		const revoked = await roles.editor.client.delete(`/api/admin/previews/${first.id}`);
		expect(revoked.status).toBe(204);
		expect((await roles.anonymous.get(onServer(first.url))).status).toBe(404);
		expect((await roles.anonymous.get(onServer(second.url))).status).toBe(200);
		expect((await list('article', draft.id)).body.map((link) => link.id)).toEqual([second.id]);
		const again = await roles.editor.client.delete(`/api/admin/previews/${first.id}`);
		expect(again.status).toBe(404);
		expect(again.body).toEqual({ message: 'No such preview link: it was revoked, or has ended.' });
	});

	it('answers 400 with a sentence for a bad query or link id, and 404 for no such item', async () => {
		const cases: [string, string][] = [
			['type=platform&id=1', 'Type must be one of: article, page, episode.'],
			['type=article&id=x', 'Id must be the id of the item whose preview links to list.'],
			['type=article', 'Id is required.'],
		];
		for (const [query, message] of cases) {
			const answer = await roles.editor.client.get(`/api/admin/previews?${query}`);
			expect(answer.status, query).toBe(400);
			expect(answer.body).toEqual({ message });
		}
		const missing = await list('article', 999_999);
		expect(missing.status).toBe(404);
		expect(missing.body).toEqual({ message: 'No article with id 999999 to preview.' });
		for (const id of ['123', 'G'.repeat(64), 'a'.repeat(63)]) {
			const answer = await roles.editor.client.delete(`/api/admin/previews/${id}`);
			expect(answer.status, id).toBe(400);
			expect(answer.body).toEqual({
				message: 'The preview link id must be the id a preview link was given (64 hexadecimal characters).',
			});
		}
	});

	it('lists and revokes for editors only: 401 to anonymous and banned sessions, 403 to users', async () => {
		const draft = await insertArticle(server, { isPublished: false });
		const link = (await previewOf('article', draft.id)) as { id: string; url: string };
		const refusals: [TestClient, number, string][] = [
			[roles.anonymous, 401, 'Authentication required'],
			[roles.banned.client, 401, 'Authentication required'],
			[roles.user.client, 403, 'Access denied. Editor privileges required.'],
		];
		for (const [client, status, message] of refusals) {
			const listed = await client.get(`/api/admin/previews?type=article&id=${draft.id}`);
			expect(listed.status).toBe(status);
			expect(listed.body).toEqual({ message });
			const revoked = await client.delete(`/api/admin/previews/${link.id}`);
			expect(revoked.status).toBe(status);
			expect(revoked.body).toEqual({ message });
		}
		expect((await roles.anonymous.get(onServer(link.url))).status).toBe(200);
	});

	it('ends the links when the item is published, for good: unpublishing does not bring them back', async () => {
		const draft = await insertArticle(server, { isPublished: false, title: 'Before publishing' });
		const link = (await previewOf('article', draft.id)) as { url: string };
		expect((await roles.anonymous.get(onServer(link.url))).status).toBe(200);
		const body = articleBody({ title: 'Published text' });
		const published = await roles.editor.client.put(`/api/news/${draft.id}`, body);
		expect(published.status, JSON.stringify(published.body)).toBe(200);
		const unpublished = await roles.editor.client.put(`/api/news/${draft.id}`, {
			...body,
			title: 'Written after publishing',
			isPublished: false,
		});
		expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
		const shown = await roles.anonymous.get(onServer(link.url));
		expect(shown.status).toBe(404);
		expect(shown.body).not.toContain('Written after publishing');
		expect((await list('article', draft.id)).body).toEqual([]);

		// An episode published by its editor ends its links the same way.
		const episode = await roles.editor.client.post('/api/podcasts', episodeBody({ isPublished: false }));
		expect(episode.status).toBe(201);
		const episodeLink = (await previewOf('episode', episode.body.id)) as { url: string };
		const publishedEpisode = await roles.editor.client.put(
			`/api/podcasts/${episode.body.id}`,
			episodeBody({ isPublished: true }),
		);
		expect(publishedEpisode.status, JSON.stringify(publishedEpisode.body)).toBe(200);
		expect((await roles.anonymous.get(onServer(episodeLink.url))).status).toBe(404);
	});

	it('ends a link when its creator stops being an editor', async () => {
		const draft = await insertArticle(server, { isPublished: false });
		const former = await registerUser(server);
		const { users } = server.tables;
		await server.db.update(users).set({ role: 'editor' }).where(eq(users.id, former.id));
		const made = await former.client.post('/api/admin/previews', { type: 'article', id: draft.id });
		expect(made.status).toBe(201);
		expect((await roles.anonymous.get(onServer(made.body.url))).status).toBe(200);
		await server.db.update(users).set({ role: 'user' }).where(eq(users.id, former.id));
		expect((await roles.anonymous.get(onServer(made.body.url))).status).toBe(404);
		expect((await list('article', draft.id)).body).toEqual([]);
	});

	it('keeps at most 20 live links per item, with a sentence, until one is revoked', async () => {
		const draft = await insertArticle(server, { isPublished: false });
		const links: { id: string }[] = [];
		for (let i = 0; i < 20; i++) links.push((await previewOf('article', draft.id)) as { id: string });
		const refused = await roles.editor.client.post('/api/admin/previews', { type: 'article', id: draft.id });
		expect(refused.status).toBe(409);
		expect(refused.body).toEqual({
			message: 'This item already has 20 live preview links: revoke one before making another.',
		});
		// Another item has its own count.
		await previewOf('article', (await insertArticle(server, { isPublished: false })).id);
		expect((await roles.editor.client.delete(`/api/admin/previews/${links[0]!.id}`)).status).toBe(204);
		await previewOf('article', draft.id);
	});
});
