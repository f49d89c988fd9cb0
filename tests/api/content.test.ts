/**
 * News and education endpoints: lists, drafts, editor CRUD, validation, roles,
 * full-text search through FTS5, sorting, filtering and paging.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleListQuerySchema } from '@/lib/validation/content';
import { articleListQuery } from '@/server/content/search/articles.sqlite';
import { firstRow } from '@/server/db';
import type { PostgresDatabase } from '@/server/db/postgres-connection';
import {
	articleSearchCondition,
	listArticles as listArticlesPostgres,
} from '@/server/content/search/articles.postgres';
import type { TestServer } from '../support/server';
import {
	ODD_SEARCHES,
	articleBody,
	expectArticleShape,
	insertArticle,
	postgresQueryPlan,
	queryPlan,
	setUpRoles,
	startContentServer,
	uniqueWord,
	type Roles,
} from '../support/content-fixtures';
import type { TestClient } from '../support/account-api';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	// These tests insert rows behind the app's back (insertArticle) and read them at once, which
	// the app's cache of anonymous answers cannot see; tests/api/api-cache.test.ts covers it.
	server = await startContentServer({ env: { API_CACHE_TTL_MS: '0' } });
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

const KINDS = [
	{
		kind: 'news',
		category: 'Industry News',
		otherCategory: 'For Brands',
		deleted: 'News article deleted',
	},
	{
		kind: 'education',
		category: 'For Brands',
		otherCategory: 'Industry News',
		deleted: 'Education article deleted',
	},
] as const;

const ids = (list: { id: number }[]) => list.map((article) => article.id);

describe.each(KINDS)('/api/$kind', ({ kind, category, otherCategory, deleted }) => {
	const base = `/api/${kind}`;

	describe('create', () => {
		it('lets an editor create an article (201) with the editor as author', async () => {
			const { editor } = roles;
			const answer = await editor.client.post(base, articleBody({ category, authorId: roles.user.id }));
			expect(answer.status, JSON.stringify(answer.body)).toBe(201);
			expectArticleShape(answer.body);
			expect(answer.body).toMatchObject({
				category,
				excerpt: 'A short excerpt.',
				content: '# Heading\n\nBody text.',
				imageUrl: null,
				tags: ['retail', 'media'],
				readTime: 7,
				isPublished: true,
				authorId: editor.id,
				author: { username: editor.username },
			});
			const row = await firstRow(
				server.db.select().from(server.tables.articles).where(eq(server.tables.articles.id, answer.body.id)),
			);
			expect(row?.kind).toBe(kind);
			expect(row?.authorId).toBe(editor.id);
		});

		it('refuses a category of the other kind', async () => {
			const answer = await roles.editor.client.post(base, articleBody({ category: otherCategory }));
			expect(answer.status).toBe(400);
			expect(answer.body.message).toMatch(/category/i);
		});
	});

	describe('roles', () => {
		const cases: [string, (c: TestClient, id: number) => Promise<{ status: number }>][] = [
			['GET all', (c) => c.get(`${base}/all`)],
			['POST', (c) => c.post(base, articleBody({ category }))],
			['PUT', (c, id) => c.put(`${base}/${id}`, articleBody({ category }))],
			['DELETE', (c, id) => c.delete(`${base}/${id}`)],
		];

		it.each(cases)('%s: anonymous 401, user 403, banned 401, editor OK', async (_name, call) => {
			const article = await insertArticle(server, { kind, category });
			expect((await call(roles.anonymous, article.id)).status).toBe(401);
			expect((await call(roles.user.client, article.id)).status).toBe(403);
			expect((await call(roles.banned.client, article.id)).status).toBe(401);
			const answer = await call(roles.editor.client, article.id);
			expect([200, 201]).toContain(answer.status);
		});

		it('gives the anonymous and user refusals their messages', async () => {
			const anonymous = await roles.anonymous.post(base, articleBody({ category }));
			expect(anonymous.body).toEqual({ message: 'Authentication required' });
			const user = await roles.user.client.post(base, articleBody({ category }));
			expect(user.body).toEqual({ message: 'Access denied. Editor privileges required.' });
		});

		it('leaves the article untouched after refused writes', async () => {
			const article = await insertArticle(server, { kind, category, title: 'Untouched' });
			await roles.user.client.put(`${base}/${article.id}`, articleBody({ category, title: 'Hacked' }));
			await roles.banned.client.delete(`${base}/${article.id}`);
			await roles.anonymous.delete(`${base}/${article.id}`);
			const answer = await roles.anonymous.get(`${base}/${article.id}`);
			expect(answer.status).toBe(200);
			expect(answer.body.title).toBe('Untouched');
		});
	});

	describe('read one', () => {
		it('shows a published article to anyone', async () => {
			const article = await insertArticle(server, { kind, category, tags: ['a', 'b'] });
			for (const client of [roles.anonymous, roles.user.client, roles.editor.client]) {
				const answer = await client.get(`${base}/${article.id}`);
				expect(answer.status).toBe(200);
				expectArticleShape(answer.body);
				expect(answer.body).toMatchObject({
					id: article.id,
					title: article.title,
					tags: ['a', 'b'],
					author: null,
				});
			}
		});

		it('hides a draft from everyone but editors', async () => {
			const draft = await insertArticle(server, { kind, category, isPublished: false });
			for (const client of [roles.anonymous, roles.user.client, roles.banned.client]) {
				const answer = await client.get(`${base}/${draft.id}`);
				expect(answer.status).toBe(404);
				expect(answer.body).toEqual({ message: 'Article not found' });
			}
			const editor = await roles.editor.client.get(`${base}/${draft.id}`);
			expect(editor.status).toBe(200);
			expect(editor.body.isPublished).toBe(false);
		});

		it('answers 404 for an id of the other kind, a missing id and a malformed id', async () => {
			const other = await insertArticle(server, {
				kind: kind === 'news' ? 'education' : 'news',
				category: otherCategory,
			});
			const otherKind = await roles.editor.client.get(`${base}/${other.id}`);
			expect(otherKind.status).toBe(404);
			expect(otherKind.body.message).toBe('Article not found');
			expect((await roles.anonymous.get(`${base}/999999`)).status).toBe(404);
			expect((await roles.anonymous.get(`${base}/abc`)).status).toBe(404);
			expect((await roles.anonymous.get(`${base}/0`)).status).toBe(404);
		});
	});

	describe('update', () => {
		it('replaces the fields, keeps the author and moves updatedAt', async () => {
			const old = new Date('2024-01-01T00:00:00Z');
			const article = await insertArticle(server, {
				kind,
				category,
				authorId: roles.user.id,
				createdAt: old,
				updatedAt: old,
			});
			const before = Date.now();
			const answer = await roles.editor.client.put(
				`${base}/${article.id}`,
				articleBody({
					category,
					title: 'New title',
					tags: ['x', 'y'],
					readTime: '12',
					isPublished: false,
					imageUrl: '/img/a.png',
					authorId: 12345,
				}),
			);
			expect(answer.status, JSON.stringify(answer.body)).toBe(200);
			expectArticleShape(answer.body);
			expect(answer.body).toMatchObject({
				id: article.id,
				title: 'New title',
				tags: ['x', 'y'],
				readTime: 12,
				isPublished: false,
				imageUrl: '/img/a.png',
				authorId: roles.user.id,
				author: { username: roles.user.username },
				createdAt: old.toISOString(),
			});
			expect(Date.parse(answer.body.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
			const row = await firstRow(
				server.db.select().from(server.tables.articles).where(eq(server.tables.articles.id, article.id)),
			);
			expect(row?.title).toBe('New title');
			expect(row!.updatedAt.getTime()).toBeGreaterThan(old.getTime());
		});

		it('answers 404 for a missing article or one of the other kind', async () => {
			const missing = await roles.editor.client.put(`${base}/999999`, articleBody({ category }));
			expect(missing.status).toBe(404);
			expect(missing.body.message).toBe('Article not found');
			const other = await insertArticle(server, {
				kind: kind === 'news' ? 'education' : 'news',
				category: otherCategory,
				title: 'Other kind',
			});
			const answer = await roles.editor.client.put(`${base}/${other.id}`, articleBody({ category }));
			expect(answer.status).toBe(404);
			const row = await firstRow(
				server.db.select().from(server.tables.articles).where(eq(server.tables.articles.id, other.id)),
			);
			expect(row?.title).toBe('Other kind');
		});

		it('validates the body like create', async () => {
			const article = await insertArticle(server, { kind, category });
			const answer = await roles.editor.client.put(
				`${base}/${article.id}`,
				articleBody({ category, title: '' }),
			);
			expect(answer.status).toBe(400);
			expect(answer.body.message).toMatch(/Title is required/);
		});
	});

	describe('delete', () => {
		it('deletes, then the article is gone', async () => {
			const article = await insertArticle(server, { kind, category });
			const answer = await roles.editor.client.delete(`${base}/${article.id}`);
			expect(answer.status).toBe(200);
			expect(answer.body).toEqual({ message: deleted });
			expect((await roles.editor.client.get(`${base}/${article.id}`)).status).toBe(404);
			const again = await roles.editor.client.delete(`${base}/${article.id}`);
			expect(again.status).toBe(404);
			expect(again.body.message).toBe('Article not found');
		});

		it('does not delete an article of the other kind', async () => {
			const other = await insertArticle(server, {
				kind: kind === 'news' ? 'education' : 'news',
				category: otherCategory,
			});
			expect((await roles.editor.client.delete(`${base}/${other.id}`)).status).toBe(404);
			expect(
				await firstRow(
					server.db.select().from(server.tables.articles).where(eq(server.tables.articles.id, other.id)),
				),
			).toBeDefined();
		});
	});

	describe('lists', () => {
		it('shows published articles only in the public list, everything in /all', async () => {
			const published = await insertArticle(server, { kind, category });
			const draft = await insertArticle(server, { kind, category, isPublished: false });
			const publicList = await roles.anonymous.get(`${base}?limit=100`);
			expect(publicList.status).toBe(200);
			expect(ids(publicList.body)).toContain(published.id);
			expect(ids(publicList.body)).not.toContain(draft.id);
			expect(publicList.body.every((a: { isPublished: boolean }) => a.isPublished)).toBe(true);
			publicList.body.forEach(expectArticleShape);
			for (const client of [roles.user.client, roles.editor.client]) {
				const list = await client.get(`${base}?limit=100`);
				expect(ids(list.body)).not.toContain(draft.id);
			}
			const all = await roles.editor.client.get(`${base}/all?limit=100`);
			expect(all.status).toBe(200);
			expect(ids(all.body)).toEqual(expect.arrayContaining([published.id, draft.id]));
		});

		it('never mixes kinds', async () => {
			const other = await insertArticle(server, {
				kind: kind === 'news' ? 'education' : 'news',
				category: otherCategory,
			});
			expect(ids((await roles.anonymous.get(`${base}?limit=100`)).body)).not.toContain(other.id);
			expect(ids((await roles.editor.client.get(`${base}/all?limit=100`)).body)).not.toContain(other.id);
		});

		it('keeps drafts out of public search results', async () => {
			const word = uniqueWord();
			const draft = await insertArticle(server, {
				kind,
				category,
				title: `Draft ${word}`,
				isPublished: false,
			});
			expect((await roles.anonymous.get(`${base}?search=${word}`)).body).toEqual([]);
			expect(ids((await roles.editor.client.get(`${base}/all?search=${word}`)).body)).toEqual([draft.id]);
		});
	});
});

describe('article validation (POST /api/news)', () => {
	const post = (body: unknown) => roles.editor.client.post('/api/news', body);

	it.each([
		['title', 'Title is required.'],
		['excerpt', 'Excerpt is required.'],
		['content', 'Content is required.'],
		['category', 'Category is required.'],
	])('requires %s', async (field, message) => {
		const missing = articleBody();
		delete (missing as Record<string, unknown>)[field];
		const answer = await post(missing);
		expect(answer.status).toBe(400);
		expect(answer.body.message).toBe(message);
		const blank = await post(articleBody({ [field]: '   ' }));
		expect(blank.status).toBe(400);
		expect(blank.body.message).toContain(message);
	});

	it('refuses a category that is not in the list', async () => {
		const answer = await post(articleBody({ category: 'Gossip' }));
		expect(answer.status).toBe(400);
		expect(answer.body.message).toBe('Please choose a category from the list.');
	});

	it('accepts both news category lists (admin form and header filters)', async () => {
		expect((await post(articleBody({ category: 'Market Analysis' }))).status).toBe(201);
		expect((await post(articleBody({ category: 'Grocery' }))).status).toBe(201);
	});

	it.each([0, 61, '0', '61', -1])('refuses readTime %j', async (readTime) => {
		const answer = await post(articleBody({ readTime }));
		expect(answer.status).toBe(400);
		expect(answer.body.message).toContain('Read time must be between 1 and 60 minutes.');
	});

	it.each([
		['abc', 5],
		['', 5],
		[null, 5],
		[undefined, 5],
		['60', 60],
		[1, 1],
	])('reads readTime %j as %j', async (readTime, expected) => {
		const answer = await post(articleBody({ readTime }));
		expect(answer.status).toBe(201);
		expect(answer.body.readTime).toBe(expected);
	});

	it('normalizes tags given as text or as a list', async () => {
		expect((await post(articleBody({ tags: 'a, ,b' }))).body.tags).toEqual(['a', 'b']);
		expect((await post(articleBody({ tags: [' x ', '', 'x', 'Y'] }))).body.tags).toEqual(['x', 'Y']);
		expect((await post(articleBody({ tags: undefined }))).body.tags).toEqual([]);
		const tooMany = await post(
			articleBody({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }),
		);
		expect(tooMany.status).toBe(400);
		expect(tooMany.body.message).toContain('At most 20 tags');
		const tooLong = await post(articleBody({ tags: ['x'.repeat(41)] }));
		expect(tooLong.status).toBe(400);
	});

	it('refuses unsafe image URLs and keeps good ones', async () => {
		for (const imageUrl of [
			'javascript:alert(1)',
			'data:image/png;base64,AAAA',
			'//evil.example/x.png',
			'vbscript:x',
		]) {
			const answer = await post(articleBody({ imageUrl }));
			expect(answer.status, imageUrl).toBe(400);
			expect(answer.body.message).toContain('Image URL must be an http(s) URL or a path starting with /.');
		}
		expect((await post(articleBody({ imageUrl: 'https://cdn.example.com/a.jpg' }))).body.imageUrl).toBe(
			'https://cdn.example.com/a.jpg',
		);
		expect((await post(articleBody({ imageUrl: '  ' }))).body.imageUrl).toBeNull();
	});

	it('enforces the length limits', async () => {
		expect((await post(articleBody({ title: 'x'.repeat(201) }))).status).toBe(400);
		expect((await post(articleBody({ excerpt: 'x'.repeat(501) }))).status).toBe(400);
		expect((await post(articleBody({ content: 'x'.repeat(100_001) }))).status).toBe(400);
		expect((await post(articleBody({ title: 'x'.repeat(200) }))).status).toBe(201);
	});

	it('defaults isPublished to false and refuses a non-boolean', async () => {
		const body = articleBody();
		delete (body as Record<string, unknown>).isPublished;
		const created = await post(body);
		expect(created.status).toBe(201);
		expect(created.body.isPublished).toBe(false);
		expect((await post(articleBody({ isPublished: 'yes' }))).status).toBe(400);
	});

	it('answers 400 for malformed JSON and 415 for a non-JSON body', async () => {
		const malformed = await roles.editor.client.post('/api/news', '{"title": "x",');
		expect(malformed.status).toBe(400);
		expect(malformed.body).toEqual({ message: 'Request body is not valid JSON.' });
		const empty = await roles.editor.client.post('/api/news', '');
		expect(empty.status).toBe(400);
		const text = await roles.editor.client.post('/api/news', 'title=x', {
			'content-type': 'text/plain',
		});
		expect(text.status).toBe(415);
		const array = await roles.editor.client.post('/api/news', []);
		expect(array.status).toBe(400);
	});
});

describe('search', () => {
	it('matches title, excerpt, tags and body, ignoring case', async () => {
		const [inTitle, inExcerpt, inTags] = [uniqueWord(), uniqueWord(), uniqueWord()];
		const a = await insertArticle(server, { title: `The ${inTitle} report` });
		const b = await insertArticle(server, { excerpt: `About ${inExcerpt}.` });
		const c = await insertArticle(server, { tags: ['alpha', inTags] });
		const inBody = await insertArticle(server, {
			content: `Only the body says ${inTitle} ${inExcerpt} ${inTags}`,
		});
		const found = async (q: string) =>
			ids((await roles.anonymous.get(`/api/news?search=${q}`)).body).sort((x: number, y: number) => x - y);
		const sorted = (...list: number[]) => list.sort((x, y) => x - y);
		expect(await found(inTitle)).toEqual(sorted(a.id, inBody.id));
		expect(await found(inExcerpt.toUpperCase())).toEqual(sorted(b.id, inBody.id));
		expect(await found(inTags)).toEqual(sorted(c.id, inBody.id));
	});

	it('matches prefixes ("retai" finds "Retail")', async () => {
		const word = uniqueWord();
		const article = await insertArticle(server, { title: `Retail ${word}` });
		const list = (await roles.anonymous.get('/api/news?search=retai&limit=100')).body;
		expect(ids(list)).toContain(article.id);
		for (const found of list) {
			const text = `${found.title} ${found.excerpt} ${found.tags.join(' ')} ${found.content}`;
			expect(text).toMatch(/\bretai/i);
		}
		expect(ids((await roles.anonymous.get(`/api/news?search=RETAI ${word.slice(0, 5)}`)).body)).toContain(
			article.id,
		);
	});

	it('requires every word (AND), in any field', async () => {
		const [first, second] = [uniqueWord(), uniqueWord()];
		const both = await insertArticle(server, { title: `Grocery ${first}`, tags: [second] });
		const onlyFirst = await insertArticle(server, { title: `Grocery ${first}` });
		const found = ids(
			(await roles.anonymous.get(`/api/news?search=${encodeURIComponent(`${first} ${second}`)}`)).body,
		);
		expect(found).toEqual([both.id]);
		expect(found).not.toContain(onlyFirst.id);
		const single = ids((await roles.anonymous.get(`/api/news?search=${first}`)).body);
		expect(single.sort()).toEqual([both.id, onlyFirst.id].sort());
	});

	it('folds accents', async () => {
		const word = uniqueWord();
		const article = await insertArticle(server, { title: `Café ${word} économie` });
		expect(
			ids(
				(await roles.anonymous.get(`/api/news?search=${encodeURIComponent(`cafe ${word} ECONOMIE`)}`)).body,
			),
		).toEqual([article.id]);
	});

	it('follows edits and deletions (the triggers keep the index in step)', async () => {
		const [before, after] = [uniqueWord(), uniqueWord()];
		const created = await roles.editor.client.post('/api/news', articleBody({ title: `Story ${before}` }));
		const id = created.body.id;
		expect(ids((await roles.anonymous.get(`/api/news?search=${before}`)).body)).toEqual([id]);
		await roles.editor.client.put(`/api/news/${id}`, articleBody({ title: `Story ${after}` }));
		expect((await roles.anonymous.get(`/api/news?search=${before}`)).body).toEqual([]);
		expect(ids((await roles.anonymous.get(`/api/news?search=${after}`)).body)).toEqual([id]);
		await roles.editor.client.delete(`/api/news/${id}`);
		expect((await roles.anonymous.get(`/api/news?search=${after}`)).body).toEqual([]);
	});

	it('treats input without words as no filter', async () => {
		const all = ids((await roles.anonymous.get('/api/news?limit=100')).body);
		for (const search of ['', '   ', '"*"', '()']) {
			const answer = await roles.anonymous.get(`/api/news?limit=100&search=${encodeURIComponent(search)}`);
			expect(answer.status).toBe(200);
			expect(ids(answer.body)).toEqual(all);
		}
	});

	it.each(ODD_SEARCHES)('never fails on odd input %j', async (search) => {
		for (const path of ['/api/news', '/api/education', '/api/news/all']) {
			const client = path.endsWith('/all') ? roles.editor.client : roles.anonymous;
			const answer = await client.get(`${path}?search=${encodeURIComponent(search)}`);
			expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
			expect(Array.isArray(answer.body)).toBe(true);
		}
	});

	it('refuses a search over 200 characters with 400', async () => {
		const answer = await roles.anonymous.get(`/api/news?search=${'x'.repeat(201)}`);
		expect(answer.status).toBe(400);
		expect(answer.body.message).toContain('at most 200 characters');
	});

	it('uses the search index (FTS5, or GIN on PostgreSQL), not a scan of articles', async () => {
		const query = articleListQuerySchema.parse({ search: 'retail media', sortBy: 'title' });
		for (const publishedOnly of [true, false]) {
			if (server.engine === 'postgres') {
				// A search collects its matches with this condition (then filters and sorts them);
				// with the list's other filters the planner may start from another index instead.
				const { articles } = server.tables;
				const built = server.db
					.select({ id: articles.id })
					.from(articles)
					.where(articleSearchCondition(query.search))
					.toSQL();
				expect(built.sql).not.toMatch(/\blike\b/i);
				const plan = await postgresQueryPlan(server, built);
				expect(plan).toContain('Bitmap Index Scan on articles_search_idx');
				expect(plan).not.toMatch(/Seq Scan on articles\b/);
				continue;
			}
			const builder = articleListQuery(server.db, 'news', query, { publishedOnly });
			const built = builder.toSQL();
			expect(built.sql).toContain('articles_fts');
			expect(built.sql).not.toMatch(/\blike\b/i);
			const plan = queryPlan(server, built);
			expect(
				plan.some((step) => /articles_fts VIRTUAL TABLE INDEX/.test(step)),
				plan.join('\n'),
			).toBe(true);
			expect(
				plan.some((step) => /^SCAN articles\b(?!_fts)/.test(step)),
				plan.join('\n'),
			).toBe(false);
		}
	});

	it('runs the same query the endpoint answers with', async () => {
		const word = uniqueWord();
		await insertArticle(server, { title: `Retail ${word}` });
		await insertArticle(server, { title: `Media ${word}`, isPublished: false });
		const query = articleListQuerySchema.parse({ search: word });
		const direct =
			server.engine === 'postgres'
				? await listArticlesPostgres(server.db as unknown as PostgresDatabase, 'news', query, {
						publishedOnly: true,
					})
				: articleListQuery(server.db, 'news', query, { publishedOnly: true }).all();
		const api = (await roles.anonymous.get(`/api/news?search=${word}`)).body;
		expect(ids(api)).toEqual(ids(direct));
		expect(api).toHaveLength(1);
	});

	it('answers newest first by date (not id), paged, per kind, drafts only in /all', async () => {
		const word = uniqueWord();
		const base = Date.UTC(2024, 5, 1, 12);
		// Written out of date order: back-dated, several in one minute, two in one millisecond.
		const written: { at: number; isPublished: boolean; id: number }[] = [];
		for (const { at, isPublished } of [
			{ at: base, isPublished: true },
			{ at: base - 86_400_000, isPublished: true },
			{ at: base + 30_000, isPublished: true },
			{ at: base + 10_000, isPublished: false },
			{ at: base + 20_000, isPublished: true },
			{ at: base + 20_000, isPublished: true },
			{ at: base + 5_000, isPublished: true },
			{ at: base + 86_400_000, isPublished: true },
		]) {
			const { id } = await insertArticle(server, {
				title: `Retail ${word}`,
				isPublished,
				createdAt: new Date(at),
			});
			written.push({ at, isPublished, id });
		}
		const education = await insertArticle(server, { kind: 'education', title: `Guide ${word}` });
		const newestFirst = [...written].sort((a, b) => b.at - a.at || b.id - a.id);
		const published = newestFirst.filter((a) => a.isPublished).map((a) => a.id);

		const search = `/api/news?search=retail%20${word}`;
		expect(ids((await roles.anonymous.get(search)).body)).toEqual(published);
		expect(ids((await roles.anonymous.get(`${search}&sortOrder=asc`)).body)).toEqual(
			[...published].reverse(),
		);
		const paged: number[] = [];
		for (let offset = 0; offset < published.length; offset += 3) {
			paged.push(...ids((await roles.anonymous.get(`${search}&limit=3&offset=${offset}`)).body));
		}
		expect(paged).toEqual(published);
		expect(ids((await roles.editor.client.get(`/api/news/all?search=${word}`)).body)).toEqual(
			newestFirst.map((a) => a.id),
		);
		expect(ids((await roles.anonymous.get(`/api/education?search=${word}`)).body)).toEqual([education.id]);
	});
});

describe('sorting, filtering and paging (education)', () => {
	let category: string;

	beforeAll(async () => {
		// A category of its own so the assertions see exactly these rows.
		category = 'For Data Teams';
		await server.db.delete(server.tables.articles).where(eq(server.tables.articles.kind, 'education'));
		const rows: [string, string, string][] = [
			['banana split', 'For Data Teams', '2024-03-01'],
			['Apple pie', 'For Data Teams', '2024-01-01'],
			['cherry tart', 'For Ad Ops', '2024-02-01'],
			['apple crumble', 'For Brands', '2024-04-01'],
			['Date loaf', 'For Retailers', '2024-05-01'],
			['Apple pie', 'For Brands', '2024-03-01'],
		];
		for (const [title, rowCategory, date] of rows) {
			const at = new Date(`${date}T00:00:00Z`);
			await insertArticle(server, {
				kind: 'education',
				title,
				category: rowCategory,
				createdAt: at,
				updatedAt: at,
			});
		}
		await insertArticle(server, {
			kind: 'education',
			title: 'Aardvark draft',
			category,
			isPublished: false,
		});
	});

	const list = async (query: string) => {
		const answer = await roles.anonymous.get(`/api/education?${query}`);
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		return answer.body as { id: number; title: string; category: string; createdAt: string }[];
	};

	it('defaults to newest first; sortOrder=asc gives oldest first', async () => {
		const newest = await list('');
		expect(newest.map((a) => a.createdAt.slice(0, 10))).toEqual([
			'2024-05-01',
			'2024-04-01',
			'2024-03-01',
			'2024-03-01',
			'2024-02-01',
			'2024-01-01',
		]);
		// Equal dates fall back to id, in the same direction.
		expect(newest[2]!.id).toBeGreaterThan(newest[3]!.id);
		const oldest = await list('sortOrder=asc');
		expect(ids(oldest)).toEqual(ids(newest).reverse());
	});

	it('sorts by title ignoring case, ties by id', async () => {
		const asc = await list('sortBy=title&sortOrder=asc');
		expect(asc.map((a) => a.title)).toEqual([
			'apple crumble',
			'Apple pie',
			'Apple pie',
			'banana split',
			'cherry tart',
			'Date loaf',
		]);
		expect(asc[1]!.id).toBeLessThan(asc[2]!.id);
		const desc = await list('sortBy=title&sortOrder=desc');
		expect(ids(desc)).toEqual(ids(asc).reverse());
		expect(ids(await list('sortBy=title'))).toEqual(ids(desc));
	});

	it('sorts by category, newest first within one', async () => {
		const asc = await list('sortBy=category&sortOrder=asc');
		expect(asc.map((a) => a.category)).toEqual([
			'For Ad Ops',
			'For Brands',
			'For Brands',
			'For Data Teams',
			'For Data Teams',
			'For Retailers',
		]);
		expect(asc.map((a) => a.title).slice(1, 5)).toEqual([
			'apple crumble',
			'Apple pie',
			'banana split',
			'Apple pie',
		]);
		const desc = await list('sortBy=category&sortOrder=desc');
		expect(desc.map((a) => a.category)).toEqual([
			'For Retailers',
			'For Data Teams',
			'For Data Teams',
			'For Brands',
			'For Brands',
			'For Ad Ops',
		]);
	});

	it('filters by category; empty means all, unknown matches nothing', async () => {
		const filtered = await list(`category=${encodeURIComponent(category)}`);
		expect(filtered.map((a) => a.title)).toEqual(['banana split', 'Apple pie']);
		expect(await list('category=')).toHaveLength(6);
		expect(await list('category=Nonexistent')).toEqual([]);
		const editorAll = await roles.editor.client.get(
			`/api/education/all?category=${encodeURIComponent(category)}`,
		);
		expect(editorAll.body.map((a: { title: string }) => a.title)).toContain('Aardvark draft');
	});

	it('combines search, category and sort', async () => {
		const found = await list(
			`search=apple&category=${encodeURIComponent('For Brands')}&sortBy=title&sortOrder=asc`,
		);
		expect(found.map((a) => a.title)).toEqual(['apple crumble', 'Apple pie']);
	});

	it('pages with limit and offset', async () => {
		const all = ids(await list('sortBy=title&sortOrder=asc'));
		expect(ids(await list('sortBy=title&sortOrder=asc&limit=2'))).toEqual(all.slice(0, 2));
		expect(ids(await list('sortBy=title&sortOrder=asc&limit=2&offset=2'))).toEqual(all.slice(2, 4));
		expect(ids(await list('sortBy=title&sortOrder=asc&limit=100&offset=5'))).toEqual(all.slice(5));
		expect(await list('offset=50')).toEqual([]);
	});

	it('answers 400 for unknown sort keys and bad paging', async () => {
		for (const [query, message] of [
			['sortBy=rating', "The sort field must be one of 'title', 'category'."],
			['sortBy=createdAt', "The sort field must be one of 'title', 'category'."],
			['sortOrder=up', "The sort order must be 'asc' or 'desc'."],
			['limit=0', 'The limit must be a whole number from 1 to 100.'],
			['limit=101', 'The limit must be a whole number from 1 to 100.'],
			['limit=ten', 'The limit must be a whole number from 1 to 100.'],
			['offset=-1', 'The offset must be a whole number of 0 or more.'],
		]) {
			const answer = await roles.anonymous.get(`/api/education?${query}`);
			expect(answer.status, query).toBe(400);
			expect(answer.body.message).toContain(message);
		}
		const editor = await roles.editor.client.get('/api/education/all?sortBy=nope');
		expect(editor.status).toBe(400);
	});

	it('limits to 50 by default', async () => {
		for (let i = 0; i < 50; i += 1)
			await insertArticle(server, { kind: 'education', category: 'For Ad Ops' });
		expect(await list('')).toHaveLength(50);
		expect(await list('limit=100')).toHaveLength(56);
	});
});
