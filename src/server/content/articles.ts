/**
 * News and education articles: the public lists, the editors' lists, reading one, and the
 * editors' create, update and delete. Both kinds share the `articles` table, told apart by kind;
 * every query here filters by kind, so an id of the other kind is simply not found.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
	ArticleInput,
	ArticleKind,
	ArticleListQuery,
	EditorArticleListQuery,
} from '@/lib/validation/content';
import { db, firstRow, isPostgres, schema, schemaOf, type AppDatabase, articles } from '@/server/db';
import {
	countArticles as countArticlesPostgres,
	listArticles as listArticlesPostgres,
} from '@/server/db/search-postgres';
import type { PostgresDatabase } from '@/server/db/postgres';
import { articleColumnsOf } from './article-columns';
import { contentChanged } from './events';
import {
	articleMatch,
	articleMatchCondition,
	articlesFts,
	dateWalkCondition,
	dateWalkKeys,
	type ListFilterColumns,
} from './article-search';

const { articles, users } = schema;

/** An article as the API returns it (dates become ISO strings in JSON). */
export type Article = {
	id: number;
	title: string;
	excerpt: string;
	content: string;
	category: string;
	imageUrl: string | null;
	tags: string[];
	readTime: number;
	isPublished: boolean;
	authorId: number | null;
	author: { username: string } | null;
	createdAt: Date;
	updatedAt: Date;
};

/** The columns of an article and its author's name, from the tables of the running engine. */
const columnsOf = ({ articles, users }: Pick<typeof schema, 'articles' | 'users'>) =>
	articleColumnsOf(articles, users);

/** The SQLite spelling, for the FTS5 list queries (which run on SQLite only). */
const articleColumns = columnsOf(schema);

type ArticleRow = NonNullable<ReturnType<ReturnType<typeof selectArticles>['get']>>;

function toArticle({ authorUsername, ...row }: ArticleRow): Article {
	return {
		...row,
		author: authorUsername === null ? null : { username: authorUsername },
	};
}

function selectArticles(database: AppDatabase) {
	const { articles, users } = schemaOf(database);
	return database
		.select(columnsOf({ articles, users }))
		.from(articles)
		.leftJoin(users, eq(articles.authorId, users.id));
}

/** ORDER BY for a list: the chosen field, then newest first, then id so ties are stable. */
function articleOrder(query: Pick<ArticleListQuery, 'sortBy' | 'sortOrder'>): SQL[] {
	const direction = query.sortOrder === 'asc' ? asc : desc;
	switch (query.sortBy) {
		case 'title':
			return [direction(sql`${articles.title} collate nocase`), direction(articles.id)];
		case 'category':
			return [
				direction(sql`${articles.category} collate nocase`),
				desc(articles.createdAt),
				desc(articles.id),
			];
		default:
			return [direction(articles.createdAt), direction(articles.id)];
	}
}

/** A public list query (always a page) or an editor's (every article unless limit is given). */
type ListQuery = ArticleListQuery | EditorArticleListQuery;

/**
 * Rows to read: the page asked for, or all of them. SQLite needs a LIMIT before an OFFSET, and
 * drizzle writes none for "no bound", so an offset without a limit gets the largest one.
 */
function rowLimit(query: ListQuery): number | undefined {
	if (query.limit !== undefined) return query.limit;
	return query.offset > 0 ? Number.MAX_SAFE_INTEGER : undefined;
}

/** WHERE of a list without the search: kind, published or drafts, category. */
function listFilters(
	kind: ArticleKind,
	query: ListQuery,
	publishedOnly: boolean,
): (table: ListFilterColumns) => SQL {
	const status = 'status' in query ? query.status : undefined;
	const published =
		publishedOnly || status === 'published' ? true : status === 'draft' ? false : undefined;
	return (table) =>
		and(
			eq(table.kind, kind),
			published === undefined ? undefined : eq(table.isPublished, published),
			query.category ? eq(table.category, query.category) : undefined,
		)!;
}

/**
 * The list query, unexecuted, so tests can EXPLAIN it. Search goes through the FTS5 index
 * (articles_fts), never a LIKE scan. In date order (the default) it walks that index in date
 * order and reads only the page's articles (article-search.ts), unless finding the page would
 * read too many matches: then, as for the other orders, it collects every match.
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
			.orderBy(...articleOrder(query))
			.limit(limit)
			.offset(query.offset);
	}
	const all = selectArticles(database)
		.where(and(filters(articles), match ? articleMatchCondition(kind, match) : undefined))
		.orderBy(...articleOrder(query))
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
 * A list with its search, on either engine: the FTS5 walk here on SQLite (in one read
 * transaction, so a search's prefix terms and its matches come from one snapshot), the tsvector
 * search of db/search-postgres on PostgreSQL, with the same results and order.
 */
async function readList(
	kind: ArticleKind,
	query: ListQuery,
	publishedOnly: boolean,
): Promise<Article[]> {
	const database = db();
	if (isPostgres(database)) {
		const rows = await listArticlesPostgres(database as unknown as PostgresDatabase, kind, query, {
			publishedOnly,
		});
		return rows.map(toArticle);
	}
	const read = () =>
		articleListQuery(database, kind, query, { publishedOnly }).all().map(toArticle);
	return database.$client.transaction(read)();
}

/** What visitors see: published articles only. */
export function listPublished(kind: ArticleKind, query: ArticleListQuery): Promise<Article[]> {
	return readList(kind, query, true);
}

/**
 * The editors' list: drafts included (or only drafts or only published, by status), with the
 * number of matching articles so a page can say "of n"; both read in one snapshot.
 */
export async function listAll(
	kind: ArticleKind,
	query: EditorArticleListQuery,
): Promise<{ articles: Article[]; total: number }> {
	const database = db();
	if (isPostgres(database)) {
		const postgres = database as unknown as PostgresDatabase;
		// One snapshot for the page and its total, as on SQLite.
		return postgres.transaction(
			async (tx) => ({
				articles: (await listArticlesPostgres(tx, kind, query, { publishedOnly: false })).map(
					toArticle,
				),
				total: await countArticlesPostgres(tx, kind, query, false),
			}),
			{ isolationLevel: 'repeatable read', accessMode: 'read only' },
		);
	}
	const read = () => ({
		articles: articleListQuery(database, kind, query, { publishedOnly: false })
			.all()
			.map(toArticle),
		total: countList(database, kind, query, false),
	});
	return database.$client.transaction(read)();
}

/** One article of the kind; a draft only when includeDrafts (editors). */
export async function getArticle(
	kind: ArticleKind,
	id: number,
	{ includeDrafts }: { includeDrafts: boolean },
): Promise<Article | undefined> {
	const row = await firstRow(
		selectArticles(db()).where(
			and(
				eq(articles.id, id),
				eq(articles.kind, kind),
				includeDrafts ? undefined : eq(articles.isPublished, true),
			),
		),
	);
	return row && toArticle(row);
}

async function mustGet(kind: ArticleKind, id: number): Promise<Article> {
	const article = await getArticle(kind, id, { includeDrafts: true });
	if (!article) throw new Error(`Article ${id} vanished right after it was written`);
	return article;
}

export async function createArticle(
	kind: ArticleKind,
	input: ArticleInput,
	authorId: number,
): Promise<Article> {
	const now = new Date();
	const [created] = await db()
		.insert(articles)
		.values({ ...input, kind, authorId, createdAt: now, updatedAt: now })
		.returning({ id: articles.id });
	const id = created!.id;
	contentChanged({ type: 'article', kind, id });
	return mustGet(kind, id);
}

/** Replaces the editable fields; the author stays the original one. Undefined when missing. */
export async function updateArticle(
	kind: ArticleKind,
	id: number,
	input: ArticleInput,
): Promise<Article | undefined> {
	const [updated] = await db()
		.update(articles)
		.set({ ...input, updatedAt: new Date() })
		.where(and(eq(articles.id, id), eq(articles.kind, kind)))
		.returning({ id: articles.id });
	if (!updated) return undefined;
	contentChanged({ type: 'article', kind, id });
	return mustGet(kind, id);
}

/** True when an article was deleted. */
export async function deleteArticle(kind: ArticleKind, id: number): Promise<boolean> {
	const [deleted] = await db()
		.delete(articles)
		.where(and(eq(articles.id, id), eq(articles.kind, kind)))
		.returning({ id: articles.id });
	if (!deleted) return false;
	contentChanged({ type: 'article', kind, id });
	return true;
}

/** Ids of every published article of a kind, for generating their pages. */
export async function publishedArticleIds(kind: ArticleKind): Promise<number[]> {
	const rows = await db()
		.select({ id: articles.id })
		.from(articles)
		.where(and(eq(articles.kind, kind), eq(articles.isPublished, true)));
	return rows.map((row) => row.id);
}
