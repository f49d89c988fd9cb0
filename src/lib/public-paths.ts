/**
 * Public paths built the same way by pages, islands and the server (search results, feeds, the
 * sitemap, the site generator), so all name the same URL. Plain data and functions: safe in
 * islands.
 */
import type { ArticleKind, SlugKind } from '@/lib/column-values';

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

/** A platform's rating badge for its vendor's site: /platforms/{slug}/badge.svg (?theme=dark). */
export function platformBadgePath(slug: string): string {
	return `${platformPath(slug)}/badge.svg`;
}

/** The badge's dark variant. */
export function platformDarkBadgePath(slug: string): string {
	return `${platformBadgePath(slug)}?theme=dark`;
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

/** The public address a slug gives an item of its kind (the dashboard shows it beside the slug). */
export function slugPath(kind: SlugKind, slug: string): string {
	switch (kind) {
		case 'platform':
			return platformPath(slug);
		case 'episode':
			return episodePath(slug);
		case 'newsletter-issue':
			return `/newsletter/${slug}`;
		case 'news':
		case 'education':
			return `/${kind}/${slug}`;
	}
}

/** How many platforms one comparison address names: two to four. */
export const COMPARE_PATH_MIN = 2;
export const COMPARE_PATH_MAX = 4;
/** Separates the platforms of a comparison address; no platform slug holds the word "vs". */
const VS = '-vs-';

/**
 * A comparison's canonical address: its platforms' slugs in alphabetical order, joined by
 * "-vs-" (/compare/amazon-ads-vs-criteo), so every order of the same platforms names one page.
 */
export function comparePath(slugs: readonly string[]): string {
	return `/compare/${[...slugs].sort().join(VS)}`;
}

/**
 * The slugs a comparison address's segment names, in the order written ("b-vs-a": ["b", "a"]);
 * null unless it names two to four parts, none empty. Whether each is a platform, and whether
 * the order is the canonical one, is the server's to say.
 */
export function parseComparePath(segment: string): string[] | null {
	const slugs = segment.split(VS);
	if (slugs.length < COMPARE_PATH_MIN || slugs.length > COMPARE_PATH_MAX) return null;
	return slugs.every((slug) => slug.length > 0) ? slugs : null;
}
