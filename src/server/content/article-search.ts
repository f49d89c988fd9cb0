/**
 * Full-text search over articles (articles_fts, migration 0002). The index's rowid is a search
 * key that sorts like the default list order, laid out by the view articles_search_source:
 *   bit 62 kind (news 0, education 1) | bits 36-61 created_at >> 16 (a 65.5 s bucket) | bits 0-35 id
 * So one kind is one range of keys, and a date-ordered search can walk the index in key order and
 * stop once a page is full, instead of collecting every match (about 97,000 for "retail" at
 * 100,000 articles) and then sorting or walking the date index.
 */
import { and, asc, between, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, integer, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ArticleKind } from '../../lib/validation/content';
import { schema, type AppDatabase } from '../db';
import { prefixTerm, toFtsQuery } from './search';

const { articles } = schema;

const ID_BITS = 36;
const KIND_SHIFT = 62;
const KIND_INDEX: Record<ArticleKind, number> = { news: 0, education: 1 };

/**
 * articles_fts as drizzle sees it (not in db/schema.ts: drizzle-kit does not create virtual
 * tables): its rowid, the search key, and the hidden column named after the table, the left
 * side of MATCH.
 */
export const articlesFts = sqliteTable('articles_fts', {
	key: integer('rowid').notNull(),
	fts: text('articles_fts'),
});

const ID_MASK = sql.raw(String(2 ** ID_BITS - 1));
const ID_SHIFT = sql.raw(String(ID_BITS));

/** Key → article id, and the first and last key of a key's date bucket. */
const articleIdOf = (key: SQLWrapper) => sql<number>`(${key} & ${ID_MASK})`;
const bucketStart = (key: SQLWrapper) => sql<number>`((${key} >> ${ID_SHIFT}) << ${ID_SHIFT})`;
const bucketEnd = (key: SQLWrapper) => sql<number>`(${key} | ${ID_MASK})`;

/** The first and last key of a kind (computed by SQLite: 2^62 - 1 is not a JavaScript number). */
function kindKeys(kind: ArticleKind): { first: SQL; last: SQL } {
	const first = sql`(${sql.raw(String(KIND_INDEX[kind]))} << ${sql.raw(String(KIND_SHIFT))})`;
	return { first, last: sql`(${first} + ((1 << ${sql.raw(String(KIND_SHIFT))}) - 1))` };
}

/** Words whose folding (unicode61 remove_diacritics 2) is plain lower case. */
const ASCII_WORD = /^[A-Za-z0-9]+$/;
/** A prefix with more indexed terms than this is left to FTS5's own prefix query. */
const MAX_PREFIX_TERMS = 50;

/**
 * `"retail"*` spelled out as the indexed terms it covers: `("retail" OR "retailer")`. Same
 * matches, but FTS5 then reads the doclists lazily, in key order, and can stop early; for a
 * prefix query it first merges every matching term's doclist (about 7 ms for "retail"* at
 * 100,000 articles). Terms come from articles_fts_terms one seek at a time. Other words (not
 * ASCII, so folded by the tokenizer in ways JavaScript may not copy; or too many terms) keep the
 * prefix query.
 */
function spelledOutPrefix(database: AppDatabase, word: string): string {
	if (!ASCII_WORD.test(word)) return prefixTerm(word);
	const prefix = word.toLowerCase();
	const terms: string[] = [];
	let from = prefix;
	for (;;) {
		const row = database.get<{ term: string } | undefined>(
			sql`select term from articles_fts_terms where term >= ${from} limit 1`,
		);
		if (!row || !row.term.startsWith(prefix)) break;
		if (terms.length === MAX_PREFIX_TERMS) return prefixTerm(word);
		terms.push(row.term);
		// The smallest text after this term: tokens never hold U+0001.
		from = `${row.term}\u0001`;
	}
	if (terms.length === 0) return prefixTerm(word);
	const quoted = terms.map((term) => `"${term}"`);
	return quoted.length === 1 ? quoted[0]! : `(${quoted.join(' OR ')})`;
}

/** The MATCH expression for a search, or null when the input has no word (no filter). */
export function articleMatch(database: AppDatabase, input: string | undefined): string | null {
	return toFtsQuery(input, (word) => spelledOutPrefix(database, word));
}

/** `articles.id IN (the kind's matches)`: for orders other than by date. */
export function articleMatchCondition(kind: ArticleKind, match: string): SQL {
	const keys = kindKeys(kind);
	return sql`${articles.id} in (select ${articleIdOf(articlesFts.key)} from ${articlesFts}
		where ${articlesFts.fts} match ${match} and ${between(articlesFts.key, keys.first, keys.last)})`;
}

/** The columns a list filters on, of articles or of an alias of it. */
export type ListFilterColumns = { kind: AnySQLiteColumn; isPublished: AnySQLiteColumn };

export type DateWalk = {
	kind: ArticleKind;
	match: string;
	direction: 'asc' | 'desc';
	/** offset + limit: how many matches the page needs. */
	rows: number;
	/** The list's filters (kind, drafts), written for the table given. */
	filters: (table: ListFilterColumns) => SQL;
};

/**
 * WHERE for a date-ordered search FROM articlesFts CROSS JOIN articles (CROSS JOIN keeps the
 * index the outer loop, walked in key order): the join, the match, and the keys from the page's
 * last bucket on. The page's last match in key order is found by the same walk in a subquery;
 * every article of its bucket is kept, so ORDER BY the real date puts that bucket right. With
 * fewer matches than the page, the whole kind is kept.
 */
export function dateWalkCondition(
	database: AppDatabase,
	{ kind, match, direction, rows, filters }: DateWalk,
): SQL {
	const keys = kindKeys(kind);
	const walk = alias(articlesFts, 'walk');
	const walked = alias(articles, 'walked');
	const edge = database
		.select({ key: direction === 'desc' ? bucketStart(walk.key) : bucketEnd(walk.key) })
		.from(walk)
		.crossJoin(walked)
		.where(
			and(
				eq(walked.id, articleIdOf(walk.key)),
				sql`${walk.fts} match ${match}`,
				between(walk.key, keys.first, keys.last),
				filters(walked),
			),
		)
		.orderBy(direction === 'desc' ? desc(walk.key) : asc(walk.key))
		.limit(1)
		.offset(rows - 1);
	const range =
		direction === 'desc'
			? between(articlesFts.key, sql`coalesce((${edge}), ${keys.first})`, keys.last)
			: between(articlesFts.key, keys.first, sql`coalesce((${edge}), ${keys.last})`);
	return and(
		eq(articles.id, articleIdOf(articlesFts.key)),
		sql`${articlesFts.fts} match ${match}`,
		range,
	)!;
}
