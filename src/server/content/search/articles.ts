/**
 * The article list with its search: the port each engine implements (articles.sqlite.ts: FTS5,
 * articles.postgres.ts: tsvector + GIN) and what both share, so their answers cannot drift
 * apart: the list's filters and its order.
 */
import { and, asc, desc, eq, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ArticleKind } from '@/lib/column-values';
import type { ArticleListQuery, EditorArticleListQuery } from '@/lib/validation/content';
import type { Schema as ArticleTables } from '@/server/db';

/** A public list query (always a page) or an editor's (every article unless limit is given). */
export type ListQuery = ArticleListQuery | EditorArticleListQuery;

/** An article of a list as read (every column but its kind), with its author's name. */
export type ArticleListRow = Omit<ArticleTables['articles']['$inferSelect'], 'kind'> & {
	authorUsername: string | null;
	authorDisplayName: string | null;
};

/** Where an engine keeps the article lists; both answer the same rows in the same order. */
export interface ArticleListStore {
	/** The page the query asks for (every article when it gives no limit), searched. */
	list(kind: ArticleKind, query: ListQuery, publishedOnly: boolean): Promise<ArticleListRow[]>;
	/** The editors' page and how many articles match in all, read in one snapshot. */
	listWithTotal(
		kind: ArticleKind,
		query: EditorArticleListQuery,
	): Promise<{ rows: ArticleListRow[]; total: number }>;
}

/** The columns a list filters on, of articles or of an alias of it. */
export type ListFilterColumns = { kind: Column; isPublished: Column; category: Column };

/** WHERE of a list without the search: kind, published or drafts (an editor's status), category. */
export function listFilters(
	kind: ArticleKind,
	query: ListQuery,
	publishedOnly: boolean,
): (table: ListFilterColumns) => SQL {
	const status = 'status' in query ? query.status : undefined;
	const published = publishedOnly || status === 'published' ? true : status === 'draft' ? false : undefined;
	return (table) =>
		and(
			eq(table.kind, kind),
			published === undefined ? undefined : eq(table.isPublished, published),
			query.category ? eq(table.category, query.category) : undefined,
		)!;
}

export type OrderColumns = { id: Column; title: Column; category: Column; createdAt: Column };

/**
 * ORDER BY of a list: the chosen field (title and category in SQLite's NOCASE order, spelled by
 * the engine's `nocase`), then newest first, then id so ties are stable.
 */
export function articleOrder(
	query: Pick<ArticleListQuery, 'sortBy' | 'sortOrder'>,
	table: OrderColumns,
	nocase: (column: SQLWrapper) => SQL,
): SQL[] {
	const direction = query.sortOrder === 'asc' ? asc : desc;
	switch (query.sortBy) {
		case 'title':
			return [direction(nocase(table.title)), direction(table.id)];
		case 'category':
			return [direction(nocase(table.category)), desc(table.createdAt), desc(table.id)];
		default:
			return [direction(table.createdAt), direction(table.id)];
	}
}
