/**
 * Input that one engine takes and the other refuses: ids past what an id column holds
 * (2147483647, PostgreSQL's `integer`) and NUL characters, which PostgreSQL's text cannot hold.
 * On PostgreSQL each failed the query: a 500 with a stack trace in the log, at anyone's will.
 * Every route with an id segment and every free-text query field, on both engines: a 4xx with
 * a message, never a 500.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '@/lib/ids';
import { PLATFORM_NOT_FOUND } from '@/lib/validation/platforms';
import { firstRow } from '@/server/db';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import type { TestServer } from '../support/server';
import { apiRoutesFromFileSystem } from '../support/security-roles';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer({ env: { SITE_GENERATE_ON_START: '0' } });
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

const OUT_OF_RANGE_IDS = [String(MAX_ID + 1), '99999999999', '999999999999'];

/**
 * Routes whose `{id}` is not a row number: a preview link's id is its token's hash (64 hex
 * characters), so any number is a 400 there (tests/api/previews.test.ts), never a query.
 */
const NOT_ROW_IDS = new Set(['/api/admin/previews/{id}']);

/**
 * Routes that answer a request without an API key 401 before reading anything (the Admin API):
 * tests/api/api-v1.test.ts tries these ids with a key.
 */
const KEY_ROUTES = new Set(['/api/v1/admin/articles/{id}']);

/** Every API route with an `{id}` segment that is a row number, with each method it answers. */
const ID_ROUTES = apiRoutesFromFileSystem()
	.filter(({ route }) => route.includes('{id}') && !NOT_ROW_IDS.has(route) && !KEY_ROUTES.has(route))
	.flatMap(({ route, methods }) => methods.map((method) => ({ route, method })));

/** Every page route with a `[slug]` segment (which takes an old numeric id too), as its address pattern. */
function idPages(dir = join(process.cwd(), 'src', 'pages')): string[] {
	return readdirSync(dir, { withFileTypes: true, recursive: true })
		.filter((entry) => entry.isFile() && entry.name === '[slug].astro')
		.map(
			(entry) =>
				`/${relative(join(process.cwd(), 'src', 'pages'), entry.parentPath)
					.split(sep)
					.join('/')}/{id}`,
		);
}

describe('ids past the largest id', () => {
	it('finds id routes to try', () => {
		expect(ID_ROUTES.length).toBeGreaterThan(20);
		const routes = apiRoutesFromFileSystem().map(({ route }) => route);
		for (const route of NOT_ROW_IDS) expect(routes).toContain(route);
		expect(idPages()).toEqual(
			expect.arrayContaining(['/news/{id}', '/newsletter/{id}', '/platforms/{id}', '/podcast/{id}']),
		);
	});

	it.each(
		ID_ROUTES.flatMap(({ route, method }) => OUT_OF_RANGE_IDS.map((id) => [method, route, id] as const)),
	)('%s %s with id %s is a 404 with a message', async (method, route, id) => {
		const answer = await roles.editor.client.request(
			method,
			route.replace('{id}', id),
			method === 'GET' ? undefined : {},
		);
		expect(answer.status).toBe(404);
		expect(typeof answer.body.message).toBe('string');
	});

	it.each(idPages().flatMap((page) => OUT_OF_RANGE_IDS.map((id) => [page, id] as const)))(
		'the page %s with id %s is the 404 page',
		async (page, id) => {
			const answer = await roles.anonymous.get(page.replace('{id}', id));
			expect(answer.status).toBe(404);
		},
	);

	it('refuses a platform id in a JSON body past the largest id, and takes the largest', async () => {
		const path = `/api/admin/users/${roles.user.id}/vendor`;
		const tooLarge = await roles.editor.client.put(path, { platformId: MAX_ID + 1 });
		expect(tooLarge.status).toBe(400);
		expect(tooLarge.body).toEqual({ message: 'Platform id must be a platform id or null.' });
		// The largest id reaches the query and names no platform: the endpoint's own answer.
		const largest = await roles.editor.client.put(path, { platformId: MAX_ID });
		expect(largest.status).toBe(400);
		expect(largest.body).toEqual({ message: PLATFORM_NOT_FOUND });
	});

	it('keeps out-of-range ids out of a comparison', async () => {
		const answer = await roles.anonymous.get(`/compare?platforms=1,${MAX_ID + 1},99999999999`);
		expect(answer.status).toBe(200);
	});
});

/** Every free-text query field, as the role that may ask. */
const QUERY_FIELDS: { role: 'anonymous' | 'editor'; path: string; field: string }[] = [
	{ role: 'anonymous', path: '/api/news', field: 'search' },
	{ role: 'anonymous', path: '/api/news', field: 'category' },
	{ role: 'anonymous', path: '/api/education', field: 'search' },
	{ role: 'anonymous', path: '/api/education', field: 'category' },
	{ role: 'anonymous', path: '/api/podcasts', field: 'search' },
	{ role: 'anonymous', path: '/api/platforms', field: 'search' },
	// The field is read before the platform is looked up.
	{ role: 'anonymous', path: '/api/platforms/1/ratings', field: 'theme' },
	{ role: 'anonymous', path: '/api/search', field: 'q' },
	{ role: 'anonymous', path: '/search', field: 'q' },
	{ role: 'anonymous', path: '/news', field: 'category' },
	{ role: 'anonymous', path: '/education', field: 'category' },
	{ role: 'anonymous', path: '/platforms', field: 'search' },
	{ role: 'editor', path: '/api/news/all', field: 'search' },
	{ role: 'editor', path: '/api/news/all', field: 'category' },
	{ role: 'editor', path: '/api/education/all', field: 'search' },
	{ role: 'editor', path: '/api/podcasts/all', field: 'search' },
	{ role: 'editor', path: '/api/admin/users', field: 'search' },
	{ role: 'editor', path: '/api/admin/newsletters/subscribers', field: 'q' },
	{ role: 'editor', path: '/api/admin/newsletters/subscribers.csv', field: 'q' },
];

describe('NUL in a query string', () => {
	it.each(
		QUERY_FIELDS.flatMap((entry) =>
			['a%00b', '%00'].map((value) => [entry.path, entry.field, value, entry.role] as const),
		),
	)('%s?%s=%s is a 400 with a message', async (path, field, value, role) => {
		const client = role === 'editor' ? roles.editor.client : roles.anonymous;
		const answer = await client.get(`${path}?${field}=${value}`);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: expect.stringMatching(/NUL/) });
	});
});

describe('NUL in a JSON body', () => {
	it('saves a page whose content holds a NUL, without it', async () => {
		const { staticPages } = server.tables;
		await server.db
			.insert(staticPages)
			.values({ slug: 'contact', title: 'Contact', content: 'Old.' })
			.onConflictDoNothing();
		const answer = await roles.editor.client.put('/api/pages/contact', {
			title: 'Con\u0000tact',
			content: 'Write\u0000 to us.',
		});
		expect(answer.status).toBe(200);
		const row = await firstRow(server.db.select().from(staticPages).where(eq(staticPages.slug, 'contact')));
		expect(row).toMatchObject({ title: 'Contact', content: 'Write to us.' });
	});

	it('looks up an address holding a NUL as the address without it', async () => {
		const answer = await roles.anonymous.post('/api/login', {
			email: 'nobody\u0000@example.com',
			password: 'whatever-pw',
		});
		expect(answer.status).toBe(401);
	});
});
