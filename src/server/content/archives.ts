/**
 * The news and education archives: every published article of a kind, newest first, a page of
 * ARCHIVE_PAGE_SIZE at a time, optionally in one category. Pages read the list through
 * listPublished (the public list every reader gets), so drafts never appear.
 */
import { and, count, eq } from 'drizzle-orm';
import { ARTICLE_CATEGORIES } from '@/lib/categories';
import { ARCHIVE_PAGE_SIZE, archivePageCount } from '@/lib/archive-links';
import type { ArticleKind } from '@/lib/column-values';
import { db, articles } from '@/server/db';
import { listAll, listPublished, type Article } from './articles';

/** How many published articles a kind has, in all and per category. */
export type ArchiveCounts = { total: number; byCategory: Map<string, number> };

export async function archiveCounts(kind: ArticleKind): Promise<ArchiveCounts> {
	const rows = await db()
		.select({ category: articles.category, n: count() })
		.from(articles)
		.where(and(eq(articles.kind, kind), eq(articles.isPublished, true)))
		.groupBy(articles.category);
	const byCategory = new Map(rows.map((row) => [row.category, Number(row.n)]));
	const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
	return { total, byCategory };
}

/** The categories an archive can be narrowed to: those an article of the kind may carry. */
export function archiveCategories(kind: ArticleKind): readonly string[] {
	return ARTICLE_CATEGORIES[kind];
}

export type ArchivePage = {
	articles: Article[];
	page: number;
	pageCount: number;
	total: number;
	category: string | undefined;
	/** The search the page is narrowed to, if any. */
	q: string | undefined;
};

/**
 * One page of an archive, or undefined when there is no such page: a category no article of
 * the kind may carry, or a page past the last (an empty listing still has page 1).
 */
export async function readArchivePage(
	kind: ArticleKind,
	{ category, page, q }: { category: string | undefined; page: number; q?: string | undefined },
): Promise<ArchivePage | undefined> {
	if (category !== undefined && !archiveCategories(kind).includes(category)) return undefined;
	if (q) return searchArchivePage(kind, { category, page, q });
	const counts = await archiveCounts(kind);
	const total = category === undefined ? counts.total : (counts.byCategory.get(category) ?? 0);
	const pageCount = archivePageCount(total);
	if (page < 1 || page > pageCount) return undefined;
	const articles = await listPublished(kind, {
		category,
		sortOrder: 'desc',
		limit: ARCHIVE_PAGE_SIZE,
		offset: (page - 1) * ARCHIVE_PAGE_SIZE,
	});
	return { articles, page, pageCount, total, category, q: undefined };
}

/**
 * A page of an archive searched: the list the news API's ?search= reads (published only, here
 * through the editors' published status, which also counts the matches for the pager).
 */
async function searchArchivePage(
	kind: ArticleKind,
	{ category, page, q }: { category: string | undefined; page: number; q: string },
): Promise<ArchivePage | undefined> {
	if (page < 1) return undefined;
	const { articles, total } = await listAll(kind, {
		search: q,
		category,
		status: 'published',
		sortOrder: 'desc',
		limit: ARCHIVE_PAGE_SIZE,
		offset: (page - 1) * ARCHIVE_PAGE_SIZE,
	});
	const pageCount = archivePageCount(total);
	if (page > pageCount) return undefined;
	return { articles, page, pageCount, total, category, q };
}
