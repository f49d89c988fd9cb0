/**
 * Search on PostgreSQL, answering what the SQLite search (FTS5, src/server/content/search.ts
 * and article-search.ts) answers: every word a case- and accent-insensitive prefix, all words
 * required, over title, excerpt and tags (articles) or title, description and tags (episodes);
 * the kind and draft filters; date order newest first with ties by id, or title and category
 * in SQLite's NOCASE order. The documents are the search_vector columns of migration
 * 0001_search (db/migrations-postgres), generated from each row and indexed with GIN.
 */
import { and, asc, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type {
	ArticleKind,
	ArticleListQuery,
	EditorArticleListQuery,
} from '@/lib/validation/content';
import { articleColumnsOf } from '@/server/content/article-columns';
import { searchWords } from '@/server/content/search';
import { schema, type PostgresDatabase, type PostgresHandle } from './postgres';

const { articles, podcastEpisodes, users } = schema;

/**
 * Text folded the way SQLite's FTS5 tokenizer (unicode61 remove_diacritics 2) folds it: lower
 * case, accents dropped (NFD, then the combining marks U+0300-U+036F removed), and every run of
 * characters that are not letters or digits made one space, so the 'simple' parser sees plain
 * words only (no e-mail, URL or decimal tokens that FTS5 would split). Migration 0001_search
 * folds the documents with this same expression; a change here needs a migration there.
 * Letters beyond ASCII fold only in a UTF-8 database with a UTF-8 character type, which
 * migratePostgres checks.
 */
export function searchFold(text: SQLWrapper): SQL {
	return sql`regexp_replace(regexp_replace(normalize(lower(${text}), NFD), '[\\u0300-\\u036f]+', '', 'g'), '[^[:alnum:]]+', ' ', 'g')`;
}

/** The generated document columns (not in the drizzle schema, so rows never carry them). */
const articleVector = sql`${articles}.search_vector`;
const podcastVector = sql`${podcastEpisodes}.search_vector`;

/**
 * One word as a prefix query, folded in SQL by the index's own fold. A word left with no
 * letter or digit once folded (only combining marks) is null, and so matches nothing, as FTS5
 * matches nothing for it.
 */
function wordQuery(word: string): SQL {
	const folded = searchFold(sql`${word}::text`);
	return sql`(case when ${folded} ~ '[[:alnum:]]' then to_tsquery('simple'::regconfig, quote_literal(${folded}) || ':*') end)`;
}

/** The tsquery of what a visitor typed (every word required), or null when it has no word. */
export function searchQuery(input: string | null | undefined): SQL | null {
	const words = searchWords(input);
	if (words.length === 0) return null;
	return sql.join(words.map(wordQuery), sql` && `);
}

/** Articles whose title, excerpt or tags match the search; undefined for no search. */
export function articleSearchCondition(input: string | null | undefined): SQL | undefined {
	const query = searchQuery(input);
	return query ? sql`${articleVector} @@ (${query})` : undefined;
}

/** Episodes whose title, description or tags match the search; undefined for no search. */
export function podcastSearchCondition(input: string | null | undefined): SQL | undefined {
	const query = searchQuery(input);
	return query ? sql`${podcastVector} @@ (${query})` : undefined;
}

/**
 * SQLite's `collate nocase`: only ASCII letters fold, and text compares by code point. Lower
 * case under the C collation does exactly that, whatever the database's locale.
 */
export function nocase(column: SQLWrapper): SQL {
	return sql`lower(${column} collate "C") collate "C"`;
}

/** ORDER BY of an article list: the chosen field, then newest first, then id. */
function articleOrder(query: Pick<ArticleListQuery, 'sortBy' | 'sortOrder'>): SQL[] {
	const direction = query.sortOrder === 'asc' ? asc : desc;
	switch (query.sortBy) {
		case 'title':
			return [direction(nocase(articles.title)), direction(articles.id)];
		case 'category':
			return [direction(nocase(articles.category)), desc(articles.createdAt), desc(articles.id)];
		default:
			return [direction(articles.createdAt), direction(articles.id)];
	}
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

export type ArticleListOptions = {
	publishedOnly: boolean;
	/** Tests lower the limits to reach every path with a small table. */
	limits?: typeof SEARCH_LIMITS;
};

/**
 * The article list with its search, as the SQLite service answers it. Without a search, one
 * query. With one, in date order: the newest `shortWalkRows` articles are read in order and the
 * first matches kept; when they hold the whole page, that is the page (every later article is
 * older). Otherwise, and for the other orders, the matches are collected through the GIN index
 * (up to `collectMatches`) and sorted. A word with more matches than that is common enough for
 * the long walk (`walkRows`) to find the page; past both, one query and the planner's choice.
 */
/** A public list query (always a page) or an editor's (every article unless limit is given). */
type ListQuery = ArticleListQuery | EditorArticleListQuery;

/** WHERE of a list without the search: kind, published or drafts (an editor's status), category. */
function listFilters(kind: ArticleKind, query: ListQuery, publishedOnly: boolean): SQL {
	const status = 'status' in query ? query.status : undefined;
	const published =
		publishedOnly || status === 'published' ? true : status === 'draft' ? false : undefined;
	return and(
		eq(articles.kind, kind),
		published === undefined ? undefined : eq(articles.isPublished, published),
		query.category ? eq(articles.category, query.category) : undefined,
	)!;
}

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
				listFilters(kind, query, publishedOnly),
				match ? sql`${articleVector} @@ (${match})` : undefined,
			),
		);
	return row?.total ?? 0;
}

export async function listArticles(
	database: PostgresHandle,
	kind: ArticleKind,
	query: ListQuery,
	{ publishedOnly, limits = SEARCH_LIMITS }: ArticleListOptions,
) {
	const filters = listFilters(kind, query, publishedOnly);
	const list = (where: SQL | undefined, offset: number) => {
		const all = database
			.select(articleColumns)
			.from(articles)
			.leftJoin(users, eq(articles.authorId, users.id))
			.where(where)
			.orderBy(...articleOrder(query))
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
	/** The page from the newest `walk` articles of the list, or null when they do not fill it. */
	const walk = async (walkRows: number): Promise<number[] | null> => {
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
		return found.length === rows ? found.slice(query.offset).map((row) => row.id) : null;
	};

	if (dateOrder && rows <= limits.shortWalkRows) {
		const page = await walk(limits.shortWalkRows);
		if (page) return list(idIn(page), 0);
	}

	// No ORDER BY or LIMIT to walk an index for: the planner reads the GIN index.
	const collected = await database
		.select({ id: articles.id })
		.from(articles)
		.where(and(filters, matches))
		.limit(limits.collectMatches + 1);
	if (collected.length <= limits.collectMatches) {
		const ids = collected.map((row) => row.id);
		return list(idIn(ids), query.offset);
	}
	if (dateOrder && rows <= limits.walkRows) {
		const page = await walk(limits.walkRows);
		if (page) return list(idIn(page), 0);
	}
	return list(and(filters, matches), query.offset);
}
