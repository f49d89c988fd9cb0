/**
 * The article list and its search on SQLite: full-text search over articles' titles, excerpts,
 * tags and bodies (articles_fts, migrations 0002 and 0012). The index's rowid is a search
 * key that sorts like the default list order, laid out by the view articles_search_source:
 *   bit 62 kind (news 0, education 1) | bits 36-61 created_at >> 16 (a 65.5 s bucket) | bits 0-35 id
 * So one kind is one range of keys, and a date-ordered search can walk the index in key order and
 * stop once a page is full, instead of collecting every match (about 97,000 for "retail" at
 * 100,000 articles) and then sorting or walking the date index.
 */
import { and, asc, between, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import * as sqliteSchema from '@db/schema';
import type { ArticleKind } from '@/lib/column-values';
import type { AppDatabase } from '@/server/db';
import { sqliteDialect } from '@/server/db/sqlite-engine';
import { articleColumnsOf } from './article-columns';
import {
	articleOrder,
	listFilters,
	type ArticleListRow,
	type ArticleListStore,
	type ListFilterColumns,
	type ListQuery,
} from './articles';
import { prefixTerm, toFtsQuery } from './words';

const { articles, users } = sqliteSchema;

const ID_BITS = 36;
const BUCKET_SHIFT = 16;
const CREATED_AT_MAX = 2 ** 42 - 1;
const KIND_SHIFT = 62;
const KIND_INDEX: Record<ArticleKind, number> = { news: 0, education: 1 };

const raw = (value: number) => sql.raw(String(value));
const ID_MASK = raw(2 ** ID_BITS - 1);

/**
 * articles_fts as drizzle sees it (not in db/schema/: drizzle-kit does not create virtual
 * tables): its rowid, the search key, and the hidden column named after the table, the left
 * side of MATCH.
 */
export const articlesFts = sqliteTable('articles_fts', {
	key: integer('rowid').notNull(),
	fts: text('articles_fts'),
});

/**
 * The search key of an articles row, computed as the view articles_search_source computes it
 * for the index (tests/unit/article-search.test.ts checks that they agree).
 */
export function articleSearchKey(): SQL {
	const kind = sql.join(
		Object.entries(KIND_INDEX).map(([name, index]) => sql`when ${name} then ${raw(index)}`),
		sql` `,
	);
	const createdAt = sql`max(0, min(${articles.createdAt}, ${raw(CREATED_AT_MAX)}))`;
	return sql`((case ${articles.kind} ${kind} else 0 end << ${raw(KIND_SHIFT)})
		| ((${createdAt} >> ${raw(BUCKET_SHIFT)}) << ${raw(ID_BITS)}) | ${articles.id})`;
}

/** Key → article id, and the last key of a key's date bucket. */
const articleIdOf = (key: SQLWrapper) => sql<number>`(${key} & ${ID_MASK})`;
const bucketEnd = (key: SQLWrapper) => sql<number>`(${key} | ${ID_MASK})`;

/** The first and last key of a kind (computed by SQLite: 2^62 - 1 is not a JavaScript number). */
function kindKeys(kind: ArticleKind): { first: SQL; last: SQL } {
	const first = sql`(${raw(KIND_INDEX[kind])} << ${raw(KIND_SHIFT)})`;
	return { first, last: sql`(${first} + ((1 << ${raw(KIND_SHIFT)}) - 1))` };
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
		if (!row?.term.startsWith(prefix)) break;
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

const matchCondition = (match: string) => sql`${articlesFts.fts} match ${match}`;

/**
 * `key IN (the kind's matches)`, for the other orders and for pages the walk does not reach.
 * Keys, not ids: the index gives them in order, which makes the list quick to build.
 */
export function articleMatchCondition(kind: ArticleKind, match: string): SQL {
	const keys = kindKeys(kind);
	return sql`${articleSearchKey()} in (select ${articlesFts.key} from ${articlesFts}
		where ${matchCondition(match)} and ${between(articlesFts.key, keys.first, keys.last)})`;
}

/**
 * How many matches a date-ordered search reads, at most, looking for the end of its page. Past
 * that (a deep page, or filters that keep few of the matches: a small category) collecting
 * every match and walking the date index costs less.
 */
const WALK_MAX_MATCHES = 5000;

export type DateWalk = {
	kind: ArticleKind;
	match: string;
	direction: 'asc' | 'desc';
	/** offset + limit: how many articles the page needs. */
	rows: number;
	/** The list's filters (kind, drafts, category), written for the table given. */
	filters: (table: ListFilterColumns) => SQL;
};

export type KeyRange = { first: SQL; last: SQL };

/**
 * The keys a date-ordered page lies in, or null when finding out would read more than
 * WALK_MAX_MATCHES matches. Walks the index in key order to the page's last article; every
 * article of that article's date bucket is kept, so sorting by the real date puts the bucket
 * right. With fewer matches than the page, the whole kind.
 */
export function dateWalkKeys(
	database: AppDatabase,
	{ kind, match, direction, rows, filters }: DateWalk,
): KeyRange | null {
	if (rows > WALK_MAX_MATCHES) return null;
	const keys = kindKeys(kind);
	const order = direction === 'desc' ? desc : asc;
	const matches = database
		.select({ key: sql<number>`${articlesFts.key}`.as('key') })
		.from(articlesFts)
		.where(and(matchCondition(match), between(articlesFts.key, keys.first, keys.last)))
		.orderBy(order(articlesFts.key))
		.limit(WALK_MAX_MATCHES)
		.as('walk');
	const walked = alias(articles, 'walked');
	// The bucket with the kind bit (key >> 36) is under 2^27: safe as a JavaScript number.
	const edge = database
		.select({ bucket: sql<number>`${matches.key} >> ${raw(ID_BITS)}` })
		.from(matches)
		.crossJoin(walked)
		.where(and(eq(walked.id, articleIdOf(matches.key)), filters(walked)))
		.orderBy(order(matches.key))
		.limit(1)
		.offset(rows - 1)
		.get();
	if (edge) {
		const bucket = sql`(${edge.bucket} << ${raw(ID_BITS)})`;
		return direction === 'desc'
			? { first: bucket, last: keys.last }
			: { first: keys.first, last: bucketEnd(bucket) };
	}
	const read = database.select({ n: count() }).from(matches).get()?.n ?? 0;
	return read < WALK_MAX_MATCHES ? keys : null;
}

/**
 * WHERE for FROM articlesFts CROSS JOIN articles (CROSS JOIN keeps the index the outer loop):
 * the join, the match and the keys of the page.
 */
export function dateWalkCondition(match: string, keys: KeyRange): SQL {
	return and(
		eq(articles.id, articleIdOf(articlesFts.key)),
		matchCondition(match),
		between(articlesFts.key, keys.first, keys.last),
	)!;
}

const articleColumns = articleColumnsOf(articles, users);
const order = (query: ListQuery) => articleOrder(query, articles, sqliteDialect.nocase);

/**
 * Rows to read: the page asked for, or all of them. SQLite needs a LIMIT before an OFFSET, and
 * drizzle writes none for "no bound", so an offset without a limit gets the largest one.
 */
function rowLimit(query: ListQuery): number | undefined {
	if (query.limit !== undefined) return query.limit;
	return query.offset > 0 ? Number.MAX_SAFE_INTEGER : undefined;
}

/**
 * The list query, unexecuted, so tests can EXPLAIN it. Search goes through the FTS5 index
 * (articles_fts), never a LIKE scan. In date order (the default) it walks that index in date
 * order and reads only the page's articles (dateWalkKeys), unless finding the page would read
 * too many matches: then, as for the other orders, it collects every match.
 */
export function articleListQuery(
	database: AppDatabase,
	kind: ArticleKind,
	query: ListQuery,
	{ publishedOnly }: { publishedOnly: boolean },
) {
	const filters = listFilters(kind, query, publishedOnly);
	const match = articleMatch(database, query.search);
	const limit = rowLimit(query);
	const keys =
		match && !query.sortBy && limit !== undefined
			? dateWalkKeys(database, {
					kind,
					match,
					direction: query.sortOrder,
					rows: query.offset + limit,
					filters,
				})
			: null;
	if (match && keys && limit !== undefined) {
		return database
			.select(articleColumns)
			.from(articlesFts)
			.crossJoin(articles)
			.leftJoin(users, eq(articles.authorId, users.id))
			.where(and(dateWalkCondition(match, keys), filters(articles)))
			.orderBy(...order(query))
			.limit(limit)
			.offset(query.offset);
	}
	const all = database
		.select(articleColumns)
		.from(articles)
		.leftJoin(users, eq(articles.authorId, users.id))
		.where(and(filters(articles), match ? articleMatchCondition(kind, match) : undefined))
		.orderBy(...order(query))
		.$dynamic();
	return limit === undefined ? all : all.limit(limit).offset(query.offset);
}

/** How many articles the list's filters and search match, whatever the page. */
function countList(
	database: AppDatabase,
	kind: ArticleKind,
	query: ListQuery,
	publishedOnly: boolean,
): number {
	const match = articleMatch(database, query.search);
	const row = database
		.select({ total: count() })
		.from(articles)
		.where(
			and(
				listFilters(kind, query, publishedOnly)(articles),
				match ? articleMatchCondition(kind, match) : undefined,
			),
		)
		.get();
	return row?.total ?? 0;
}

/**
 * The SQLite article lists, each read in one read transaction, so a search's prefix terms and
 * its matches (and an editor's page and its total) come from one snapshot.
 */
export function sqliteArticleLists(database: () => AppDatabase): ArticleListStore {
	return {
		list: async (kind, query, publishedOnly) => {
			const handle = database();
			const read = () => articleListQuery(handle, kind, query, { publishedOnly }).all() as ArticleListRow[];
			return handle.$client.transaction(read)();
		},
		listWithTotal: async (kind, query) => {
			const handle = database();
			const read = () => ({
				rows: articleListQuery(handle, kind, query, { publishedOnly: false }).all() as ArticleListRow[],
				total: countList(handle, kind, query, false),
			});
			return handle.$client.transaction(read)();
		},
	};
}
