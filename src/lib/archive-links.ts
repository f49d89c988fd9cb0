/**
 * The addresses of the news and education archives (/news, /education): every published
 * article, 12 a page, newest first, narrowed by ?category= and ?q= and paged by ?page=. Built here once
 * for the pages, their rel=prev/next links, the sitemap, the generator and the home's View All
 * buttons. Page 1 and "all categories" are left out of the URL, so each listing has one address.
 */
import type { ArticleKind } from './column-values';

export const ARCHIVE_PAGE_SIZE = 12;

/** `q` searches the archive (titles, excerpts, tags and bodies, as the site search does). */
export type ArchivePlace = { category?: string; page?: number; q?: string };

export function archivePath(kind: ArticleKind, { category, page = 1, q }: ArchivePlace = {}): string {
	const query = new URLSearchParams();
	if (category) query.set('category', category);
	if (page > 1) query.set('page', String(page));
	if (q?.trim()) query.set('q', q.trim());
	const search = query.toString().replace(/\+/g, '%20');
	return search ? `/${kind}?${search}` : `/${kind}`;
}

/** Pages a listing of `total` articles fills; an empty listing still has its first page. */
export function archivePageCount(total: number): number {
	return Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE));
}

/** The newsletter archive (/newsletter): sent issues, newest first, paged like the others. */
export function newsletterArchivePath(page = 1): string {
	return page > 1 ? `/newsletter?page=${page}` : '/newsletter';
}

/** One sent issue as a web page: /newsletter/{slug}. */
export function newsletterIssuePath(slug: string): string {
	return `/newsletter/${slug}`;
}
