/**
 * Search gives the same answers on both engines: the same articles and episodes written into
 * SQLite (FTS5) and PostgreSQL (tsvector + GIN, src/server/content/search/articles.postgres.ts) must come back
 * as the same ids in the same order for every query: prefixes, case, accents, punctuation,
 * FTS5 syntax typed as text, kinds, drafts, categories, each sort and paging.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleKind } from '@/lib/column-values';
import { articleListQuerySchema } from '@/lib/validation/content';
import { articleListQuery } from '@/server/content/search/articles.sqlite';
import { ftsCondition } from '@/server/content/search';
import { closeDatabase, openDatabase, type AppDatabase } from '@/server/db';
import * as schema from '@db/schema';
import { schema as pgSchema } from '@/server/db/postgres-connection';
import {
	listArticles,
	SEARCH_LIMITS,
	articleSearchCondition,
	collectedMatchesQuery,
} from '@/server/content/search/articles.postgres';
import { podcastSearchCondition } from '@/server/content/search/episodes.postgres';
import { postgresTestDatabase, type TestPostgres } from '../support/postgres-databases';

let dir: string;
let sqlite: AppDatabase;
let postgres: TestPostgres;

const DAY = 24 * 3600 * 1000;
const BASE = Date.UTC(2025, 0, 1);

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1103515245 + 12345) % 2 ** 31;
		return state / 2 ** 31;
	};
}

/** Titles that test folding, punctuation and NOCASE order; picked from at random. */
const TITLES = [
	'Retail media networks',
	'RETAILER screens',
	'retail-media in stores',
	'Café culture and shoppers',
	'cafe society',
	'CAFÉ NOIR',
	'e-commerce growth',
	'Ecommerce basics',
	'Top 10 tips, 3.5 stars',
	'abc_def naming',
	'Łódź and Straße',
	'Ñandú data',
	'Привет мир',
	'ПРИВЕТСТВИЕ',
	'apple',
	'Banana',
	'Élan',
	'zebra',
	'_under the hood',
	'Äpfel',
	'"quoted" OR NEAR(retail)',
	'media* and more',
];
const EXCERPTS = ['Shopper data.', 'In-store screens.', 'Measurement 101.', 'Grocery chains.'];
const TAGS = [[], ['retail'], ['media', 'measurement'], ['zephyr'], ['café']];
const CATEGORIES = ['Trends', 'trends', 'Data', 'Strategy'];

type ArticleRow = typeof schema.articles.$inferInsert & { id: number };

function articleRows(): ArticleRow[] {
	const next = random(11);
	const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
	return Array.from({ length: 240 }, (_, i) => {
		// Many articles share a date, so ties fall to the id.
		const createdAt = new Date(BASE + Math.floor(next() * 12) * DAY + (next() < 0.3 ? 0 : i));
		return {
			id: i + 1,
			kind: next() < 0.65 ? 'news' : 'education',
			title: `${pick(TITLES)}${next() < 0.3 ? ` ${pick(TITLES)}` : ''}`,
			slug: `article-${i + 1}`,
			excerpt: pick(EXCERPTS),
			content: 'Body.',
			category: pick(CATEGORIES),
			tags: pick(TAGS),
			readTime: 5,
			isPublished: next() < 0.8,
			createdAt,
			updatedAt: createdAt,
		} satisfies ArticleRow;
	});
}

const SEARCHES = [
	'',
	'retail',
	'RETAIL',
	'ret',
	'retail media',
	'media retail',
	'café',
	'cafe',
	'CAF',
	'e-commerce',
	'ecom',
	'5',
	'10 tips',
	'abc',
	'def',
	'lodz',
	'ŁÓDŹ',
	'straß',
	'nandu',
	'прив',
	'ПРИВЕТ',
	'zephyr',
	'measure data',
	'"quoted" OR x',
	'media*',
	'NEAR(retail)',
	'é',
	'\u0301',
	'screens \u0301',
	'nothingmatches',
];

type Case = {
	kind: ArticleKind;
	search: string;
	sortBy?: 'title' | 'category';
	sortOrder: 'asc' | 'desc';
	publishedOnly: boolean;
	category?: string;
	limit: number;
	offset: number;
};

function cases(): Case[] {
	const all: Case[] = [];
	// Drafts are left out of news and kept in education: both filters, half the queries.
	for (const search of SEARCHES)
		for (const kind of ['news', 'education'] as const)
			for (const sortBy of [undefined, 'title', 'category'] as const)
				for (const sortOrder of ['desc', 'asc'] as const) {
					const publishedOnly = kind === 'news';
					all.push({ kind, search, sortBy, sortOrder, publishedOnly, limit: 100, offset: 0 });
				}
	for (const search of ['', 'retail', 'cafe', 'e'])
		for (const [limit, offset] of [
			[7, 0],
			[7, 7],
			[5, 30],
		] as const) {
			all.push({ kind: 'news', search, sortOrder: 'desc', publishedOnly: true, limit, offset });
			all.push({ kind: 'news', search, sortOrder: 'asc', publishedOnly: false, limit, offset });
			all.push({
				kind: 'education',
				search,
				sortBy: 'title',
				sortOrder: 'asc',
				publishedOnly: true,
				category: 'Trends',
				limit,
				offset,
			});
		}
	return all;
}

async function ids(c: Case, limits = SEARCH_LIMITS): Promise<{ sqlite: number[]; postgres: number[] }> {
	const query = articleListQuerySchema.parse({
		search: c.search,
		sortBy: c.sortBy,
		sortOrder: c.sortOrder,
		category: c.category,
		limit: c.limit,
		offset: c.offset,
	});
	const options = { publishedOnly: c.publishedOnly };
	const fromSqlite = articleListQuery(sqlite, c.kind, query, options).all();
	const fromPostgres = await listArticles(postgres.db, c.kind, query, { ...options, limits });
	return { sqlite: fromSqlite.map((r) => r.id), postgres: fromPostgres.map((r) => r.id) };
}

const EPISODE_TEXTS = [
	['Retail media weekly', 'Screens in stores.'],
	['Café talk', 'Über shoppers and e-commerce.'],
	['Measurement deep dive', 'Incrementality, 3.5 ways.'],
	['Привет retail', 'Groceries and CAFES.'],
] as const;

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'rmh-search-engines-'));
	sqlite = openDatabase(join(dir, 'app.db'));
	postgres = await postgresTestDatabase();
	const rows = articleRows();
	sqlite.insert(schema.articles).values(rows).run();
	await postgres.db.insert(pgSchema.articles).values(rows);
	const episodes = Array.from({ length: 24 }, (_, i) => {
		const [title, description] = EPISODE_TEXTS[i % EPISODE_TEXTS.length]!;
		return {
			id: i + 1,
			title: `${title} ${i}`,
			slug: `episode-${i + 1}`,
			description,
			audioUrl: `https://example.com/${i}.mp3`,
			duration: 30 + i,
			episodeNumber: i + 1,
			publishedAt: new Date(BASE + i * DAY),
			tags: i % 3 === 0 ? ['zephyr', 'measurement'] : [],
		};
	});
	sqlite.insert(schema.podcastEpisodes).values(episodes).run();
	await postgres.db.insert(pgSchema.podcastEpisodes).values(episodes);
	// Statistics as on a live database, so the planner sees the table as it is.
	await postgres.db.execute(sql`analyze`);
});

afterAll(async () => {
	await postgres?.close();
	sqlite?.$client.close();
	await closeDatabase();
	rmSync(dir, { recursive: true, force: true });
});

describe('article search on SQLite and PostgreSQL', () => {
	// The real limits, then limits small enough that this table reaches the other paths: the
	// walk that ends short of its page, and more matches than are collected.
	it.each([
		['the real search limits', SEARCH_LIMITS],
		['a short walk', { shortWalkRows: 20, walkRows: 20, collectMatches: 5000 }],
		['few collected matches', { shortWalkRows: 3, walkRows: 3, collectMatches: 10 }],
		['the long walk after too many matches', { shortWalkRows: 3, walkRows: 60, collectMatches: 10 }],
	])('answers every query with the same ids in the same order, with %s', async (_, limits) => {
		const all = cases();
		const results = await Promise.all(all.map((c) => ids(c, limits)));
		const differences = results.flatMap((found, i) =>
			JSON.stringify(found.sqlite) === JSON.stringify(found.postgres)
				? []
				: [
						`${JSON.stringify(all[i])}\n  sqlite   ${found.sqlite.join(',')}\n  postgres ${found.postgres.join(',')}`,
					],
		);
		const nonEmpty = results.filter((found) => found.sqlite.length > 0).length;
		expect(differences).toEqual([]);
		// The comparison means something only if most queries find articles.
		expect(nonEmpty).toBeGreaterThan(all.length / 2);
	});

	it('folds case and accents, and matches nothing for a word of marks only', async () => {
		const query = (search: string) =>
			ids({ kind: 'news', search, sortOrder: 'desc', publishedOnly: false, limit: 100, offset: 0 });
		expect((await query('CAFÉ')).postgres).toEqual((await query('cafe')).postgres);
		expect((await query('cafe')).postgres.length).toBeGreaterThan(0);
		expect((await query('\u0301')).postgres).toEqual([]);
	});

	/** The plan of a query with sequential scans forbidden (the table is small enough for one). */
	async function planWithIndexes(built: { sql: string; params: unknown[] }): Promise<string> {
		const client = await postgres.db.$client.connect();
		try {
			await client.query('set enable_seqscan = off');
			const plan = await client.query(`explain ${built.sql}`, built.params);
			return plan.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
		} finally {
			await client.query('reset enable_seqscan');
			client.release();
		}
	}

	it('can read matches through the GIN index', async () => {
		const built = postgres.db
			.select({ id: pgSchema.articles.id })
			.from(pgSchema.articles)
			.where(articleSearchCondition('zephyr media'))
			.toSQL();
		expect(await planWithIndexes(built)).toContain('Bitmap Index Scan on articles_search_idx');
	});

	it('collects the few matches of a list without a category through the GIN index alone', async () => {
		const query = articleListQuerySchema.parse({ search: 'zephyr', limit: 5 });
		const built = collectedMatchesQuery(postgres.db, 'education', query, {
			publishedOnly: true,
			bound: 5001,
			fewMatches: true,
		}).toSQL();
		const plan = await planWithIndexes(built);
		// Kind and status are checked on each match, never by reading the list index's
		// bitmap of the whole kind.
		expect(plan).toContain('Bitmap Index Scan on articles_search_idx');
		expect(plan).not.toContain('articles_public_list_idx');
	});
});

describe('podcast search on SQLite and PostgreSQL', () => {
	it('matches the same episodes', async () => {
		for (const search of ['retail', 'CAFE', 'über', 'e-comm', '3.5', 'прив', 'zeph measure', 'x']) {
			const fromSqlite = sqlite
				.select({ id: schema.podcastEpisodes.id })
				.from(schema.podcastEpisodes)
				.where(ftsCondition('podcast_episodes_fts', schema.podcastEpisodes.id, search))
				.orderBy(asc(schema.podcastEpisodes.id))
				.all()
				.map((row) => row.id);
			const fromPostgres = (
				await postgres.db
					.select({ id: pgSchema.podcastEpisodes.id })
					.from(pgSchema.podcastEpisodes)
					.where(podcastSearchCondition(search))
					.orderBy(asc(pgSchema.podcastEpisodes.id))
			).map((row) => row.id);
			expect({ search, ids: fromPostgres }).toEqual({ search, ids: fromSqlite });
		}
	});
});
