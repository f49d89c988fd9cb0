/**
 * Public paths built the same way by pages, islands and the server (search results, feeds, the
 * sitemap, the site generator), so all name the same URL. Plain data and functions: safe in
 * islands.
 */
import type { ArticleKind } from '@/lib/column-values';

/** Static page slugs and their public paths (the about-us page lives at /about). */
export const STATIC_PAGE_PATHS: Record<string, string> = {
	'about-us': '/about',
	contact: '/contact',
	'privacy-policy': '/privacy-policy',
	'terms-of-service': '/terms-of-service',
};

/** The public page of an article: /news/{id} or /education/{id}. */
export function articlePath(kind: ArticleKind, id: number): string {
	return `/${kind}/${id}`;
}

/** The public page of a platform: /platforms/{id}. */
export function platformPath(id: number): string {
	return `/platforms/${id}`;
}
