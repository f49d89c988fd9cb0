/**
 * The dashboard's helper endpoints: the Overview counts and the editor-only markdown
 * preview, which must render exactly as the public pages do (renderMarkdown).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '@/server/content/markdown';
import type { TestServer } from '../support/server';
import { insertArticle, setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import type { TestClient } from '../support/account-api';
import { createPlatform } from '../support/platform-fixtures';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

describe('roles', () => {
	const cases: [string, (c: TestClient) => Promise<{ status: number }>][] = [
		['GET /api/admin/overview', (c) => c.get('/api/admin/overview')],
		['POST /api/admin/markdown-preview', (c) => c.post('/api/admin/markdown-preview', { content: '# Hi' })],
	];
	it.each(cases)('%s: anonymous 401, user 403, banned 401, editor 200', async (_name, call) => {
		expect((await call(roles.anonymous)).status).toBe(401);
		expect((await call(roles.user.client)).status).toBe(403);
		expect((await call(roles.banned.client)).status).toBe(401);
		expect((await call(roles.editor.client)).status).toBe(200);
	});
});

describe('GET /api/admin/overview', () => {
	it('counts platforms, all news, published news and recommended platforms', async () => {
		await createPlatform(roles.editor, { isRecommended: true });
		await createPlatform(roles.editor, { isRecommended: false });
		await insertArticle(server, { kind: 'news', isPublished: true });
		await insertArticle(server, { kind: 'news', isPublished: false });
		await insertArticle(server, { kind: 'education', isPublished: true });
		const { status, body } = await roles.editor.client.get('/api/admin/overview');
		expect(status).toBe(200);
		const platforms = await server.db.select().from(server.tables.platforms);
		const news = (await server.db.select().from(server.tables.articles)).filter((a) => a.kind === 'news');
		expect(body).toMatchObject({
			platforms: platforms.length,
			articles: news.length,
			published: news.filter((a) => a.isPublished).length,
			featured: platforms.filter((p) => p.isRecommended).length,
		});
		expect(body).toMatchObject({ platforms: 2, articles: 2, published: 1, featured: 1 });
	});

	it('counts education articles, comments waiting for moderation and reviews with open reports', async () => {
		const { tables, db } = server;
		await insertArticle(server, { kind: 'education', isPublished: false });
		const [platform] = await db.select().from(tables.platforms).limit(1);
		const [comment] = await db
			.insert(tables.platformComments)
			.values([
				{ platformId: platform!.id, userId: roles.user.id, comment: 'Waiting.', status: 'pending' },
				{ platformId: platform!.id, userId: roles.user.id, comment: 'Seen.', status: 'approved' },
			])
			.returning();
		expect(comment).toBeDefined();
		const [review] = await db
			.insert(tables.platformRatings)
			.values({ platformId: platform!.id, userId: roles.user.id, rating: 2 })
			.returning();
		const [other] = await db
			.insert(tables.platformRatings)
			.values({ platformId: platform!.id, userId: roles.editor.id, rating: 5 })
			.returning();
		// Two open reports of one review count once; a dismissed report counts not at all.
		await db.insert(tables.reviewReports).values([
			{ ratingId: review!.id, userId: roles.editor.id, reason: 'Spam' },
			{ ratingId: review!.id, userId: roles.banned.id, reason: 'Off topic' },
			{ ratingId: other!.id, userId: roles.user.id, reason: 'Spam', dismissedAt: new Date() },
		]);
		const { status, body } = await roles.editor.client.get('/api/admin/overview');
		expect(status).toBe(200);
		const articles = await db.select().from(tables.articles);
		expect(body).toMatchObject({
			education: articles.filter((a) => a.kind === 'education').length,
			pendingComments: 1,
			reportedReviews: 1,
		});
		expect(body.education).toBeGreaterThanOrEqual(2);
	});
});

describe('POST /api/admin/markdown-preview', () => {
	it('answers the same sanitized HTML as the public pages', async () => {
		const content =
			'# Title\n\nSome **bold** and a [link](https://example.com).\n\n<script>alert(1)</script><img src="x" onerror="alert(2)">\n\n[bad](javascript:alert(3))';
		const { status, body } = await roles.editor.client.post('/api/admin/markdown-preview', {
			content,
		});
		expect(status).toBe(200);
		expect(body).toEqual({ html: renderMarkdown(content) });
		// A markdown heading of level 1 renders as h2: the page's own title is its only h1.
		expect(body.html).toContain('<h2>Title</h2>');
		expect(body.html).toContain('<strong>bold</strong>');
		expect(body.html).not.toMatch(/<script|onerror|javascript:/i);
	});

	it('renders empty content as empty HTML and refuses a missing or non-text body', async () => {
		expect((await roles.editor.client.post('/api/admin/markdown-preview', { content: '' })).body).toEqual({
			html: '',
		});
		expect((await roles.editor.client.post('/api/admin/markdown-preview', {})).status).toBe(400);
		expect((await roles.editor.client.post('/api/admin/markdown-preview', { content: 5 })).status).toBe(400);
	});
});
