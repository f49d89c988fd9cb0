/**
 * Arrangements shared by the content API tests: one signed-in client per role, and rows written
 * straight into the server's database when a test needs exact dates or many items.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppDatabase } from '@/server/db';
import * as schema from '@db/schema';
import type { PostgresDatabase } from '@/server/db/postgres-connection';
import type { StartOptions, TestServer } from './server';
import { TestClient, registerUser, startAccountServer, type Registered } from './account-api';
import { testSlug } from './slugs';

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
	const { users } = server.tables;
	const editor = await registerUser(server);
	await server.db.update(users).set({ role: 'editor' }).where(eq(users.id, editor.id));
	const banned = await registerUser(server);
	await server.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id));
	return { anonymous: new TestClient(server.url), user, banned, editor };
}

let counter = 0;

/** A unique made-up word (letters only, so it is one search token). */
export function uniqueWord(prefix = 'zq'): string {
	counter += 1;
	const letters = Array.from(String(counter * 7919 + process.pid), (d) => 'abcdefghij'[Number(d)]).join('');
	return `${prefix}${letters}x`; // the end mark keeps one word from being a prefix of another
}

type ArticleRow = typeof schema.articles.$inferInsert;

/** Inserts an article directly (published unless told otherwise) and returns its row. */
export async function insertArticle(server: TestServer, values: Partial<ArticleRow> = {}) {
	const [row] = await server.db.insert(server.tables.articles).values(articleValues(values)).returning();
	return row!;
}

/** insertArticle for a SQLite database a unit test opened itself (synchronous, for loops). */
export function insertArticleRow(database: AppDatabase, values: Partial<ArticleRow> = {}) {
	return database.insert(schema.articles).values(articleValues(values)).returning().get();
}

function articleValues(values: Partial<ArticleRow>): ArticleRow {
	const createdAt = values.createdAt ?? new Date();
	const title = values.title ?? `Article ${uniqueWord()}`;
	return {
		kind: 'news',
		title,
		slug: testSlug(title),
		excerpt: 'An excerpt.',
		content: 'Some **markdown**.',
		category: 'Trends',
		tags: [],
		readTime: 5,
		isPublished: true,
		createdAt,
		updatedAt: createdAt,
		...values,
	};
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
	'metaDescription',
	'metaTitle',
	'publishAt',
	'readTime',
	'slug',
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

type BuiltQuery = { sql: string; params: unknown[] };

/** Runs EXPLAIN QUERY PLAN for a built drizzle query on the test's own SQLite connection. */
export function queryPlan(server: TestServer, built: BuiltQuery): string[] {
	return server.db.$client
		.prepare(`EXPLAIN QUERY PLAN ${built.sql}`)
		.all(...built.params)
		.map((row) => (row as { detail: string }).detail);
}

/**
 * EXPLAIN of a built query on PostgreSQL, sequential scans forbidden: the test tables are small
 * enough that a scan wins, and the question is whether an index can answer at all.
 */
export async function postgresQueryPlan(server: TestServer, built: BuiltQuery): Promise<string> {
	const pool = (server.db as unknown as PostgresDatabase).$client;
	const client = await pool.connect();
	try {
		await client.query('set enable_seqscan = off');
		const plan = await client.query<{ 'QUERY PLAN': string }>(`explain ${built.sql}`, built.params);
		return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
	} finally {
		await client.query('reset enable_seqscan');
		client.release();
	}
}

/**
 * Search inputs that must never make the server fail. A NUL is not among them: an address whose
 * query holds one is refused before any route (tests/security/input-bounds.test.ts).
 */
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
	'\u200b',
	'x'.repeat(200),
	'word '.repeat(40).slice(0, 200),
];
