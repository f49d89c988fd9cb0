/**
 * Search on PostgreSQL, answering what the SQLite search (FTS5, src/server/content/search.ts
 * and article-search.ts) answers: every word a case- and accent-insensitive prefix, all words
 * required, over title, excerpt and tags (articles) or title, description and tags (episodes);
 * the kind and draft filters; date order newest first with ties by id, or title and category
 * in SQLite's NOCASE order. The documents are the search_vector columns of migration
 * 0001_search (db/migrations-postgres), generated from each row and indexed with GIN.
 */
import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ArticleKind, ArticleListQuery } from '../../lib/validation/content';
import { searchWords } from '../content/search';
import { schema, type PostgresDatabase } from './postgres';

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

/**
 * The article list with its search on PostgreSQL, unexecuted (tests EXPLAIN it). The planner
 * picks between the GIN index (few matches) and the date index read in order with the match
 * as a filter (many matches), the choice the SQLite side makes by hand with its date walk.
 */
export function articleListQuery(
	database: PostgresDatabase,
	kind: ArticleKind,
	query: ArticleListQuery,
	{ publishedOnly }: { publishedOnly: boolean },
) {
	return database
		.select({
			id: articles.id,
			title: articles.title,
			excerpt: articles.excerpt,
			content: articles.content,
			category: articles.category,
			imageUrl: articles.imageUrl,
			tags: articles.tags,
			readTime: articles.readTime,
			isPublished: articles.isPublished,
			authorId: articles.authorId,
			authorUsername: users.username,
			createdAt: articles.createdAt,
			updatedAt: articles.updatedAt,
		})
		.from(articles)
		.leftJoin(users, eq(articles.authorId, users.id))
		.where(
			and(
				eq(articles.kind, kind),
				publishedOnly ? eq(articles.isPublished, true) : undefined,
				query.category ? eq(articles.category, query.category) : undefined,
				articleSearchCondition(query.search),
			),
		)
		.orderBy(...articleOrder(query))
		.limit(query.limit)
		.offset(query.offset);
}
