/**
 * Article search (src/server/content/search/articles.sqlite.ts, migration 0002): articles_fts is keyed
 * by kind, date bucket and id, and a date-ordered search walks it and stops after the page. It
 * must answer exactly what sorting every match answers, whatever order ids and dates were
 * written in; a prefix spelled out as its terms must match what FTS5's prefix query matches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleKind } from '@/lib/column-values';
import { articleListQuerySchema } from '@/lib/validation/content';
import { articleMatch, articleSearchKey, articleListQuery } from '@/server/content/search/articles.sqlite';
import { openDatabase, type AppDatabase } from '@/server/db';
import * as schema from '@db/schema';
import { insertArticleRow } from '../support/content-fixtures';
import { insertOldArticle, upgradedDatabase } from '../support/migrations';

type Row = typeof schema.articles.$inferSelect;

let dir: string;
let db: AppDatabase;

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1103515245 + 12345) % 2 ** 31;
		return state / 2 ** 31;
	};
}

const BUCKET_MS = 2 ** 16;
const DAY_MS = 24 * 3600 * 1000;
const BASE = Date.UTC(2024, 0, 1);

/** An article row with this file's defaults (dated BASE unless told otherwise). */
function insert(database: AppDatabase, values: Partial<typeof schema.articles.$inferInsert>) {
	return insertArticleRow(database, {
		title: 'Untitled',
		content: 'Body.',
		createdAt: new Date(BASE),
		...values,
	});
}

/**
 * Dates that do not follow ids: spread over days, crowded into one 65.5 s bucket (several per
 * millisecond), at the clamped ends (before 1970, after 2109).
 */
function seedArticles(database: AppDatabase): void {
	const next = random(7);
	const crowded = Math.floor((BASE + 5 * DAY_MS) / BUCKET_MS) * BUCKET_MS;
	for (let i = 0; i < 400; i++) {
		const roll = next();
		const at =
			roll < 0.5
				? BASE + Math.floor(next() * 10 * DAY_MS)
				: roll < 0.9
					? crowded + Math.floor(next() * 40) * 1000 + Math.floor(next() * 3)
					: [-5_000, 0, 2 ** 43, 2 ** 43 + 1][Math.floor(next() * 4)]!;
		const words = [
			next() < 0.9 ? 'Retail' : 'Commerce',
			next() < 0.2 ? 'retailer' : 'shopper',
			next() < 0.5 ? 'media' : 'screens',
			i % 50 === 7 ? 'zephyrine' : 'grocery',
		];
		insert(database, {
			kind: next() < 0.7 ? 'news' : 'education',
			title: words.slice(0, 2).join(' '),
			excerpt: `${words[2]}.`,
			tags: [words[3]!],
			isPublished: next() < 0.85,
			createdAt: new Date(at),
		});
	}
}

/** What the list must answer: every match, sorted by date then id, then paged. */
function expected(
	rows: Row[],
	kind: ArticleKind,
	search: string,
	options: { publishedOnly: boolean; asc: boolean; limit: number; offset: number },
): number[] {
	const prefixes = search.toLowerCase().split(/\s+/);
	const matches = (row: Row) => {
		const words = `${row.title} ${row.excerpt} ${row.tags.join(' ')}`.toLowerCase().split(/\W+/);
		return prefixes.every((prefix) => words.some((word) => word.startsWith(prefix)));
	};
	const sign = options.asc ? 1 : -1;
	return rows
		.filter((row) => row.kind === kind && (!options.publishedOnly || row.isPublished))
		.filter(matches)
		.sort((a, b) => sign * (a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id))
		.slice(options.offset, options.offset + options.limit)
		.map((row) => row.id);
}

function listIds(
	kind: ArticleKind,
	search: string,
	options: { publishedOnly: boolean; asc: boolean; limit: number; offset: number },
): number[] {
	const query = articleListQuerySchema.parse({
		search,
		sortOrder: options.asc ? 'asc' : 'desc',
		limit: options.limit,
		offset: options.offset,
	});
	return articleListQuery(db, kind, query, { publishedOnly: options.publishedOnly })
		.all()
		.map((row) => row.id);
}

function plan(search: string): string[] {
	const query = articleListQuerySchema.parse({ search });
	const built = articleListQuery(db, 'news', query, { publishedOnly: true }).toSQL();
	return db.$client
		.prepare(`EXPLAIN QUERY PLAN ${built.sql}`)
		.all(...built.params)
		.map((row) => (row as { detail: string }).detail);
}

const ftsRowids = (match: string) =>
	db.$client.prepare('select rowid from articles_fts where articles_fts match ?').pluck().all(match);

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'rmh-article-search-'));
	db = openDatabase(join(dir, 'app.db'));
	seedArticles(db);
});

afterAll(() => {
	db?.$client.close();
	rmSync(dir, { recursive: true, force: true });
});

describe('date-ordered search', () => {
	const pages = [
		{ limit: 50, offset: 0 },
		{ limit: 1, offset: 0 },
		{ limit: 6, offset: 0 },
		{ limit: 7, offset: 3 },
		{ limit: 10, offset: 40 },
		{ limit: 100, offset: 100 },
		{ limit: 20, offset: 390 },
		// Deeper than the walk goes (5,000): every match is collected and sorted.
		{ limit: 100, offset: 4950 },
	];

	it.each(['retail', 'RETAILER', 'retail media', 'reta', 'media', 'zephyrine', 'nothing'])(
		'answers %j exactly as sorting every match would',
		(search) => {
			const rows = db.select().from(schema.articles).all();
			for (const kind of ['news', 'education'] as const) {
				for (const publishedOnly of [true, false]) {
					for (const asc of [false, true]) {
						for (const page of pages) {
							const options = { publishedOnly, asc, ...page };
							const label = JSON.stringify({ search, kind, ...options });
							expect(listIds(kind, search, options), label).toEqual(expected(rows, kind, search, options));
						}
					}
				}
			}
		},
	);

	it('walks the index in key order: no list of every match, no walk of the date index', () => {
		for (const search of ['retail', 'retail media', 'zephyrine']) {
			const steps = plan(search);
			expect(steps[0], steps.join('\n')).toMatch(/^SCAN articles_fts VIRTUAL TABLE INDEX/);
			expect(steps, steps.join('\n')).toContain('SEARCH articles USING INTEGER PRIMARY KEY (rowid=?)');
			expect(steps.some((step) => /LIST SUBQUERY|BLOOM|articles_public_list_idx/.test(step))).toBe(false);
			expect(steps.some((step) => /^SCAN articles\b(?!_fts)/.test(step))).toBe(false);
		}
	});

	it('collects every match when the walk would read more than 5,000 of them', () => {
		const next = random(11);
		db.$client.transaction(() => {
			for (let i = 0; i < 5_100; i++) {
				const createdAt = new Date(BASE + Math.floor(next() * 30 * DAY_MS));
				insert(db, {
					title: 'Bulk kelp',
					category: i % 1_000 === 0 ? 'Rare' : 'Trends',
					createdAt,
				});
			}
		})();
		const rows = db.select().from(schema.articles).all();
		const inCategory = (category: string, page: { limit: number; offset: number }) => {
			const query = articleListQuerySchema.parse({ search: 'kelp', category, ...page });
			const ids = articleListQuery(db, 'news', query, { publishedOnly: true })
				.all()
				.map((row) => row.id);
			const want = rows
				.filter((row) => row.title === 'Bulk kelp' && row.category === category)
				.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
				.slice(page.offset, page.offset + page.limit)
				.map((row) => row.id);
			expect(ids, `${category} ${JSON.stringify(page)}`).toEqual(want);
			expect(ids.length).toBeGreaterThan(0);
		};
		inCategory('Rare', { limit: 50, offset: 0 });
		inCategory('Trends', { limit: 50, offset: 0 });
		inCategory('Trends', { limit: 20, offset: 4_000 });
		db.delete(schema.articles).where(eq(schema.articles.title, 'Bulk kelp')).run();
	});

	it('follows changes of date, kind and text, and deletions (the triggers move the key)', () => {
		const article = insert(db, { title: 'Moving quillwort', createdAt: new Date(BASE) });
		const newest = { publishedOnly: true, asc: false, limit: 1, offset: 0 };
		const oldest = { ...newest, asc: true };
		insert(db, { title: 'Other quillwort', createdAt: new Date(BASE + DAY_MS) });
		expect(listIds('news', 'quillwort', oldest)).toEqual([article.id]);
		const later = new Date(BASE + 2 * DAY_MS);
		db.update(schema.articles).set({ createdAt: later }).where(eq(schema.articles.id, article.id)).run();
		expect(listIds('news', 'quillwort', newest)).toEqual([article.id]);
		db.update(schema.articles).set({ kind: 'education' }).where(eq(schema.articles.id, article.id)).run();
		expect(listIds('education', 'quillwort', newest)).toEqual([article.id]);
		expect(listIds('news', 'quillwort', newest)).not.toContain(article.id);
		db.update(schema.articles)
			.set({ title: 'Moving fernleaf' })
			.where(eq(schema.articles.id, article.id))
			.run();
		expect(listIds('education', 'quillwort', newest)).toEqual([]);
		expect(listIds('education', 'fernleaf', newest)).toEqual([article.id]);
		db.delete(schema.articles).where(eq(schema.articles.id, article.id)).run();
		expect(listIds('education', 'fernleaf', newest)).toEqual([]);
	});
});

describe('search keys', () => {
	it('are the same in the index (view articles_search_source) and in the list query', () => {
		const { articles } = schema;
		const compared = db.get<{ rows: number; differ: number }>(
			sql`select count(*) as rows, coalesce(sum(source.search_key != ${articleSearchKey()}), 0) as differ
				from ${articles} join articles_search_source as source on source.id = ${articles.id}`,
		);
		expect(compared.rows).toBeGreaterThan(400);
		expect(compared.differ).toBe(0);
	});
});

describe('prefixes spelled out as terms', () => {
	it('lists the indexed terms of an ASCII prefix, folded to lower case', () => {
		expect(articleMatch(db, 'Retail')).toBe('("retail" OR "retailer")');
		expect(articleMatch(db, 'zephyrine')).toBe('"zephyrine"');
		expect(articleMatch(db, 'retail MEDIA')).toBe('("retail" OR "retailer") AND "media"');
	});

	it('keeps the prefix query for unknown, non-ASCII and very common prefixes', () => {
		expect(articleMatch(db, 'zzzz')).toBe('"zzzz"*');
		expect(articleMatch(db, 'café')).toBe('"café"*');
		const many = Array.from({ length: 51 }, (_, i) => `qq${i.toString(36)}x`).join(' ');
		insert(db, { title: 'Many words', excerpt: many });
		expect(articleMatch(db, 'qq')).toBe('"qq"*');
		// qq1x and qq10x to qq1ex
		expect(articleMatch(db, 'qq1')!.split(' OR ')).toHaveLength(16);
	});

	it('matches what the prefix query matches', () => {
		for (const word of ['r', 're', 'retail', 'retailer', 'media', 'qq', 'qq1', 's', 'z']) {
			const spelled = ftsRowids(articleMatch(db, word)!);
			expect(spelled.sort(), word).toEqual(ftsRowids(`"${word}"*`).sort());
		}
		expect(articleMatch(db, '   ')).toBeNull();
	});
});

describe('migration 0002 on an existing database', () => {
	it('indexes the rows written before it', () => {
		const upgrade = mkdtempSync(join(tmpdir(), 'rmh-search-upgrade-'));
		try {
			let first: { id: number } | undefined;
			let second: { id: number } | undefined;
			const upgraded = upgradedDatabase(
				upgrade,
				join(upgrade, 'app.db'),
				'_articles_search_by_date',
				(old) => {
					first = insertOldArticle(old, { title: 'Old mistletoe', createdAt: new Date(BASE) });
					second = insertOldArticle(old, { title: 'Older mistletoe', createdAt: new Date(BASE - DAY_MS) });
				},
			);
			const query = articleListQuerySchema.parse({ search: 'mistletoe' });
			const ids = articleListQuery(upgraded, 'news', query, { publishedOnly: true })
				.all()
				.map((row) => row.id);
			upgraded.$client.close();
			expect(ids).toEqual([first!.id, second!.id]);
		} finally {
			rmSync(upgrade, { recursive: true, force: true });
		}
	});
});
