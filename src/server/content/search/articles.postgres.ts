/**
 * The article list and its search on PostgreSQL, answering what the SQLite adapter
 * (articles.sqlite.ts) answers: the same filters and order (articles.ts), the search through the
 * tsvector + GIN index (tsquery.postgres.ts), date order newest first with ties by id, or title
 * and category in SQLite's NOCASE order.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ArticleKind } from '@/lib/column-values';
import { schema, type PostgresDatabase, type PostgresHandle } from '@/server/db/postgres-connection';
import { postgresDialect } from '@/server/db/postgres-engine';
import { articleColumnsOf } from './article-columns';
import {
	articleOrder,
	listFilters,
	type ArticleListRow,
	type ArticleListStore,
	type ListQuery,
} from './articles';
import { searchQuery } from './tsquery.postgres';

const { articles, users } = schema;

/** The generated document column (not in the drizzle schema, so rows never carry it). */
const articleVector = sql`${articles}.search_vector`;

const order = (query: ListQuery) => articleOrder(query, articles, postgresDialect.nocase);

/** Articles whose title, excerpt, tags or body match the search; undefined for no search. */
export function articleSearchCondition(input: string | null | undefined): SQL | undefined {
	const query = searchQuery(input);
	return query ? sql`${articleVector} @@ (${query})` : undefined;
}

const articleColumns = articleColumnsOf(articles, users);

/** `id = any($1)`: one array parameter, however many ids. */
const idIn = (ids: number[]) => sql`${articles.id} = any(${sql.param(ids)}::integer[])`;

/**
 * How many of the newest articles a date-ordered search reads looking for its page (a short
 * walk first, a long one when the word is too common to collect), and how many matches it
 * collects through the GIN index. PostgreSQL's planner guesses the same number of matches for
 * every prefix, so left to itself it walks the whole date index for a rare word, or sorts tens
 * of thousands of rows for a common pair; these bounds make the choice, as the date walk does on
 * SQLite.
 */
export const SEARCH_LIMITS = { shortWalkRows: 500, walkRows: 5000, collectMatches: 5000 };

/**
 * A word found in fewer than this share of the short walk's articles is rare in the list: its
 * matches are collected without the list index (collectedMatchesQuery).
 */
const FEW_MATCHES_SHARE = 0.01;

export type ArticleListOptions = {
	publishedOnly: boolean;
	/** Tests lower the limits to reach every path with a small table. */
	limits?: typeof SEARCH_LIMITS;
};

/** How many articles the list's filters and search match, whatever the page. */
export async function countArticles(
	database: PostgresHandle,
	kind: ArticleKind,
	query: ListQuery,
	publishedOnly: boolean,
): Promise<number> {
	const match = searchQuery(query.search);
	const [row] = await database
		.select({ total: count() })
		.from(articles)
		.where(
			and(
				listFilters(kind, query, publishedOnly)(articles),
				match ? sql`${articleVector} @@ (${match})` : undefined,
			),
		);
	return row?.total ?? 0;
}

/** The subquery of matches collectedMatchesQuery reads, named as a table to filter its columns. */
const matchedArticles = alias(articles, 'matched');

/**
 * Up to `bound` ids of the list's matches, read through the GIN index (no ORDER BY or LIMIT to
 * walk an index for); unexecuted, so tests can EXPLAIN it. Guessing the same number of matches
 * for every prefix, the planner intersects the GIN bitmap with the list index's bitmap of the
 * whole kind: that pays for a common word (fewer rows to read), but for a rare one it costs more
 * than the rest of the search (3 to 7 ms at 20,000 education articles, against 0.1 ms for the
 * GIN index alone). So with `fewMatches` (the walk found the word rare in this list) and no
 * category, the matches are read on their own, in a subquery the planner cannot merge
 * (OFFSET 0), and kind and status are checked on each; otherwise the planner chooses.
 */
export function collectedMatchesQuery(
	database: PostgresHandle,
	kind: ArticleKind,
	query: ListQuery,
	{ publishedOnly, bound, fewMatches }: { publishedOnly: boolean; bound: number; fewMatches: boolean },
) {
	const filters = listFilters(kind, query, publishedOnly);
	const matches = articleSearchCondition(query.search);
	if (!fewMatches || query.category) {
		return database
			.select({ id: sql<number>`${articles.id}` })
			.from(articles)
			.where(and(filters(articles), matches))
			.limit(bound);
	}
	const everyMatch = database
		.select({ id: articles.id, kind: articles.kind, isPublished: articles.isPublished })
		.from(articles)
		.where(matches);
	return database
		.select({ id: sql<number>`${matchedArticles.id}` })
		.from(sql`(${everyMatch} offset 0) as ${sql.identifier('matched')}`)
		.where(filters(matchedArticles))
		.limit(bound);
}

/**
 * The article list with its search, as the SQLite adapter answers it. Without a search, one
 * query. With one, in date order: the newest `shortWalkRows` articles are read in order and the
 * first matches kept; when they hold the whole page, that is the page (every later article is
 * older). Otherwise, and for the other orders, the matches are collected through the GIN index
 * (up to `collectMatches`) and sorted. A word with more matches than that is common enough for
 * the long walk (`walkRows`) to find the page; past both, one query and the planner's choice.
 */
export async function listArticles(
	database: PostgresHandle,
	kind: ArticleKind,
	query: ListQuery,
	{ publishedOnly, limits = SEARCH_LIMITS }: ArticleListOptions,
) {
	const filters = listFilters(kind, query, publishedOnly)(articles);
	const list = (where: SQL | undefined, offset: number) => {
		const all = database
			.select(articleColumns)
			.from(articles)
			.leftJoin(users, eq(articles.authorId, users.id))
			.where(where)
			.orderBy(...order(query))
			.$dynamic();
		if (query.limit === undefined) return offset ? all.offset(offset) : all;
		return all.limit(query.limit).offset(offset);
	};
	const match = searchQuery(query.search);
	if (!match) return list(filters, query.offset);
	const matches = sql`${articleVector} @@ (${match})`;
	const rows = query.offset + (query.limit ?? Number.POSITIVE_INFINITY);

	const dateOrder = !query.sortBy;
	const direction = query.sortOrder === 'asc' ? asc : desc;
	/**
	 * The page from the newest `walkRows` articles of the list (null when they do not fill it),
	 * and how many matches they held.
	 */
	const walk = async (walkRows: number): Promise<{ page: number[] | null; found: number }> => {
		const newest = database
			.select({
				id: articles.id,
				createdAt: articles.createdAt,
				vector: sql`${articleVector}`.as('vector'),
			})
			.from(articles)
			.where(filters)
			.orderBy(direction(articles.createdAt), direction(articles.id))
			.limit(walkRows)
			.as('newest');
		const found = await database
			.select({ id: newest.id })
			.from(newest)
			.where(sql`${newest.vector} @@ (${match})`)
			.orderBy(direction(newest.createdAt), direction(newest.id))
			.limit(rows);
		const page = found.length === rows ? found.slice(query.offset).map((row) => row.id) : null;
		return { page, found: found.length };
	};

	let fewMatches = false;
	if (dateOrder && rows <= limits.shortWalkRows) {
		const { page, found } = await walk(limits.shortWalkRows);
		if (page) return list(idIn(page), 0);
		fewMatches = found < limits.shortWalkRows * FEW_MATCHES_SHARE;
	}

	const collected = await collectedMatchesQuery(database, kind, query, {
		publishedOnly,
		bound: limits.collectMatches + 1,
		fewMatches,
	});
	if (collected.length <= limits.collectMatches) {
		const ids = collected.map((row) => row.id);
		return list(idIn(ids), query.offset);
	}
	if (dateOrder && rows <= limits.walkRows) {
		const { page } = await walk(limits.walkRows);
		if (page) return list(idIn(page), 0);
	}
	return list(and(filters, matches), query.offset);
}

/** The PostgreSQL article lists; an editor's page and its total come from one snapshot. */
export function postgresArticleLists(pool: PostgresDatabase): ArticleListStore {
	return {
		list: async (kind, query, publishedOnly) =>
			(await listArticles(pool, kind, query, { publishedOnly })) as ArticleListRow[],
		listWithTotal: (kind, query) =>
			pool.transaction(
				async (tx) => ({
					rows: (await listArticles(tx, kind, query, { publishedOnly: false })) as ArticleListRow[],
					total: await countArticles(tx, kind, query, false),
				}),
				{ isolationLevel: 'repeatable read', accessMode: 'read only' },
			),
	};
}
