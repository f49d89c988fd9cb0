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

/** The public page of an article: /news/{slug} or /education/{slug}. */
export function articlePath(kind: ArticleKind, slug: string): string {
	return `/${kind}/${slug}`;
}

/** A platform's public page: /platforms/{slug}. */
export function platformPath(slug: string): string {
	return `/platforms/${slug}`;
}

/** A platform's own feed of changes and reviews: /platforms/{slug}/rss. */
export function platformFeedPath(slug: string): string {
	return `${platformPath(slug)}/rss`;
}

/** The platforms a buyer would consider instead of this one: /platforms/{slug}/alternatives. */
export function alternativesPath(slug: string): string {
	return `${platformPath(slug)}/alternatives`;
}

/** A podcast episode's public page: /podcast/{slug}. */
export function episodePath(slug: string): string {
	return `/podcast/${slug}`;
}
