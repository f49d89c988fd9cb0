/** Static pages: GET /api/pages, GET /api/pages/{slug}, PUT /api/pages/{slug} (editors). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_PAGE_SLUGS } from '@/lib/categories';
import { firstRow } from '@/server/db';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';

let server: TestServer;
let roles: Roles;
const OLD = new Date('2024-01-15T10:00:00Z');

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
	for (const slug of STATIC_PAGE_SLUGS) {
		await server.db
			.insert(server.tables.staticPages)
			.values({ slug, title: `Title of ${slug}`, content: `# ${slug}\n\nText.`, updatedAt: OLD });
	}
});
afterAll(async () => {
	await server?.stop();
});

const PAGE_FIELDS = [
	'content',
	'id',
	'lastModifiedByUser',
	'metaDescription',
	'metaTitle',
	'slug',
	'title',
	'updatedAt',
];
const row = async (slug: string) =>
	await firstRow(
		server.db.select().from(server.tables.staticPages).where(eq(server.tables.staticPages.slug, slug)),
	);

describe('reading pages', () => {
	it('lists every page for anyone', async () => {
		const answer = await roles.anonymous.get('/api/pages');
		expect(answer.status).toBe(200);
		expect(answer.body.map((page: { slug: string }) => page.slug)).toEqual([...STATIC_PAGE_SLUGS]);
		for (const page of answer.body) expect(Object.keys(page).sort()).toEqual(PAGE_FIELDS);
	});

	it('reads one page by slug', async () => {
		const answer = await roles.anonymous.get('/api/pages/privacy-policy');
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			id: (await row('privacy-policy'))!.id,
			slug: 'privacy-policy',
			title: 'Title of privacy-policy',
			content: '# privacy-policy\n\nText.',
			metaTitle: null,
			metaDescription: null,
			updatedAt: OLD.toISOString(),
			lastModifiedByUser: null,
		});
	});

	it('answers 404 "Page not found" for an unknown slug', async () => {
		for (const slug of ['nope', 'ABOUT-US', '..%2F..%2Fetc', 'about-us%00']) {
			const answer = await roles.anonymous.get(`/api/pages/${slug}`);
			expect(answer.status, slug).toBe(404);
			expect(answer.body).toEqual({ message: 'Page not found' });
		}
	});
});

describe('editing pages', () => {
	const body = {
		title: 'About Retail Media Hub',
		content: '## Who we are\n\nWe review platforms.',
	};

	it('refuses anonymous (401), users (403) and banned users (401), changing nothing', async () => {
		expect((await roles.anonymous.put('/api/pages/about-us', body)).status).toBe(401);
		const user = await roles.user.client.put('/api/pages/about-us', body);
		expect(user.status).toBe(403);
		expect(user.body.message).toBe('Access denied. Editor privileges required.');
		expect((await roles.banned.client.put('/api/pages/about-us', body)).status).toBe(401);
		expect((await row('about-us'))!.title).toBe('Title of about-us');
		expect((await row('about-us'))!.lastModifiedBy).toBeNull();
	});

	it('lets an editor save title and content, recording who and when', async () => {
		const before = Date.now();
		const answer = await roles.editor.client.put('/api/pages/about-us', {
			...body,
			title: '  About Retail Media Hub ',
		});
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual(PAGE_FIELDS);
		expect(answer.body).toMatchObject({
			slug: 'about-us',
			title: 'About Retail Media Hub',
			content: body.content,
			lastModifiedByUser: { username: roles.editor.username },
		});
		expect(Date.parse(answer.body.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
		expect(Date.parse(answer.body.updatedAt)).toBeGreaterThan(OLD.getTime());
		const saved = (await row('about-us'))!;
		expect(saved.lastModifiedBy).toBe(roles.editor.id);
		expect(saved.updatedAt.getTime()).toBe(Date.parse(answer.body.updatedAt));

		const read = await roles.anonymous.get('/api/pages/about-us');
		expect(read.body).toEqual(answer.body);
		const list = await roles.anonymous.get('/api/pages');
		const listed = list.body.find((page: { slug: string }) => page.slug === 'about-us');
		expect(listed.lastModifiedByUser).toEqual({ username: roles.editor.username });
		// Other pages are untouched.
		expect(list.body.find((page: { slug: string }) => page.slug === 'contact').lastModifiedByUser).toBeNull();
	});

	it('allows emptying the content', async () => {
		const answer = await roles.editor.client.put('/api/pages/contact', {
			title: 'Contact',
			content: '',
		});
		expect(answer.status).toBe(200);
		expect(answer.body.content).toBe('');
	});

	it('answers 404 for an unknown slug and creates nothing', async () => {
		const answer = await roles.editor.client.put('/api/pages/careers', body);
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ message: 'Page not found' });
		expect(await row('careers')).toBeUndefined();
	});

	it('validates the body', async () => {
		const cases: [unknown, string][] = [
			[{ content: 'x' }, 'Title is required.'],
			[{ title: '   ', content: 'x' }, 'Title is required.'],
			[{ title: 'x'.repeat(201), content: 'x' }, 'Title must be at most 200 characters.'],
			[{ title: 'Terms' }, 'Content is required.'],
			[{ title: 'Terms', content: 5 }, 'Content is required.'],
			[{ title: 'Terms', content: 'x'.repeat(100_001) }, 'Content must be at most 100000 characters.'],
		];
		for (const [input, message] of cases) {
			const answer = await roles.editor.client.put('/api/pages/terms-of-service', input);
			expect(answer.status, message).toBe(400);
			expect(answer.body.message).toBe(message);
		}
		const malformed = await roles.editor.client.put('/api/pages/terms-of-service', '{"title":');
		expect(malformed.status).toBe(400);
		expect(malformed.body.message).toBe('Request body is not valid JSON.');
		expect((await row('terms-of-service'))!.title).toBe('Title of terms-of-service');
	});

	it('keeps the last editor when another editor saves', async () => {
		const second = await setUpRoles(server);
		const answer = await second.editor.client.put('/api/pages/privacy-policy', {
			title: 'Privacy',
			content: 'Text',
		});
		expect(answer.body.lastModifiedByUser).toEqual({ username: second.editor.username });
		const again = await roles.editor.client.put('/api/pages/privacy-policy', {
			title: 'Privacy 2',
			content: 'Text',
		});
		expect(again.body.lastModifiedByUser).toEqual({ username: roles.editor.username });
	});
});
