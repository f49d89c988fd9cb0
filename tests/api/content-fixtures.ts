/**
 * Arrangements shared by the content API tests: one signed-in client per role, and rows written
 * straight into the server's database when a test needs exact dates or many items.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { schema, type AppDatabase } from '@/server/db';
import type { StartOptions, TestServer } from '../setup/server';
import { TestClient, registerUser, startAccountServer, type Registered } from './helpers';

export type Roles = {
	anonymous: TestClient;
	user: Registered;
	banned: Registered;
	editor: Registered;
};

/** A server (trusting X-Forwarded-For, so each client has its own rate-limit key). */
export const startContentServer = (options: StartOptions = {}) => startAccountServer(options);

/** Registers a user, an editor (promoted in the database) and a banned user. */
export async function setUpRoles(server: TestServer): Promise<Roles> {
	const user = await registerUser(server);
	const editor = await registerUser(server);
	server.db
		.update(schema.users)
		.set({ role: 'editor' })
		.where(eq(schema.users.id, editor.id))
		.run();
	const banned = await registerUser(server);
	server.db
		.update(schema.users)
		.set({ isBanned: true })
		.where(eq(schema.users.id, banned.id))
		.run();
	return { anonymous: new TestClient(server.url), user, banned, editor };
}

let counter = 0;

/** A unique made-up word (letters only, so it is one search token). */
export function uniqueWord(prefix = 'zq'): string {
	counter += 1;
	const letters = Array.from(
		String(counter * 7919 + process.pid),
		(d) => 'abcdefghij'[Number(d)],
	).join('');
	return `${prefix}${letters}x`; // the end mark keeps one word from being a prefix of another
}

type ArticleRow = typeof schema.articles.$inferInsert;

/** Inserts an article directly (published unless told otherwise) and returns its row. */
export function insertArticle(server: TestServer, values: Partial<ArticleRow> = {}) {
	return insertArticleRow(server.db, values);
}

/** insertArticle for any database (e.g. one a unit test opened itself). */
export function insertArticleRow(database: AppDatabase, values: Partial<ArticleRow> = {}) {
	const createdAt = values.createdAt ?? new Date();
	return database
		.insert(schema.articles)
		.values({
			kind: 'news',
			title: `Article ${uniqueWord()}`,
			excerpt: 'An excerpt.',
			content: 'Some **markdown**.',
			category: 'Trends',
			tags: [],
			readTime: 5,
			isPublished: true,
			createdAt,
			updatedAt: createdAt,
			...values,
		})
		.returning()
		.get();
}

/** A valid article form body for POST/PUT. */
export function articleBody(overrides: Record<string, unknown> = {}) {
	return {
		title: `Title ${uniqueWord()}`,
		excerpt: 'A short excerpt.',
		content: '# Heading\n\nBody text.',
		category: 'Industry News',
		imageUrl: '',
		tags: 'retail, media',
		readTime: 7,
		isPublished: true,
		...overrides,
	};
}

export const ARTICLE_FIELDS = [
	'author',
	'authorId',
	'category',
	'content',
	'createdAt',
	'excerpt',
	'id',
	'imageUrl',
	'isPublished',
	'readTime',
	'tags',
	'title',
	'updatedAt',
];

export function expectArticleShape(article: Record<string, unknown>): void {
	expect(Object.keys(article).sort()).toEqual(ARTICLE_FIELDS);
	expect(typeof article.id).toBe('number');
	expect(Array.isArray(article.tags)).toBe(true);
	expect(Number.isNaN(Date.parse(String(article.createdAt)))).toBe(false);
	expect(Number.isNaN(Date.parse(String(article.updatedAt)))).toBe(false);
}

/** Runs EXPLAIN QUERY PLAN for a built drizzle query on the test's own connection. */
export function queryPlan(server: TestServer, built: { sql: string; params: unknown[] }): string[] {
	return server.db.$client
		.prepare(`EXPLAIN QUERY PLAN ${built.sql}`)
		.all(...built.params)
		.map((row) => (row as { detail: string }).detail);
}

/** Search inputs that must never make the server fail. */
export const ODD_SEARCHES = [
	'"',
	'""',
	'"unbalanced',
	'*',
	'***',
	'a*b',
	'OR',
	'retail OR media',
	'AND NOT',
	'NEAR(',
	'NEAR(retail media, 2)',
	'title:retail',
	'{title excerpt}: x',
	'^retail',
	'(((',
	')',
	'-',
	'+',
	'\\',
	"'; drop table articles; --",
	'%_%',
	'ünïcödé café',
	'零售媒体',
	'🙂🛒',
	'\u0000',
	'\u200b',
	'x'.repeat(200),
	'word '.repeat(40).slice(0, 200),
];
