/**
 * Slugs: the readable part of a public address (/platforms/{slug}, /news/{slug}). Lower-case
 * ASCII letters, digits and single hyphens, with at least one letter (so a slug never reads as
 * the numeric id that older addresses carry). Shared by the server, which checks and makes
 * them, and the dashboard, which shows the rule before saving. The migration that gave every
 * existing row a slug (db/migrations/0029) follows the same rules in SQL.
 */
import slugify from '@sindresorhus/slugify';
import type { SlugKind } from './column-values';

export const SLUG_MAX_LENGTH = 80;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Slugs a kind cannot take, because a route of that kind's folder already answers there
 * (/platforms/map, /podcast/rss, /newsletter/confirm). A platform's slug also may not hold the
 * word "vs", which separates the platforms of a comparison address (/compare/a-vs-b).
 */
const RESERVED: Record<SlugKind, readonly string[]> = {
	platform: ['map', 'vs'],
	news: [],
	education: [],
	episode: ['rss'],
	'newsletter-issue': ['confirm'],
};

/** What is wrong with a slug an editor typed, as a sentence; null when it is fine. */
export function slugProblem(slug: string, kind: SlugKind): string | null {
	if (slug.length === 0) return 'Enter an address (slug).';
	if (slug.length > SLUG_MAX_LENGTH) return `An address (slug) has at most ${SLUG_MAX_LENGTH} characters.`;
	if (!SLUG_PATTERN.test(slug) || !/[a-z]/.test(slug)) {
		return 'An address (slug) uses lower-case letters, digits and single hyphens, with at least one letter.';
	}
	if (RESERVED[kind].includes(slug)) return `"${slug}" is reserved for another page; choose another address.`;
	if (kind === 'platform' && slug.split('-').includes('vs')) {
		return 'A platform\'s address cannot contain the word "vs", which comparison addresses use.';
	}
	return null;
}

/**
 * The slug made from a name or title: letters beyond ASCII transliterated (é to e), "&" as
 * "and", apostrophes dropped, cut at a word to the length limit. Null when nothing usable is
 * left (a title without letters, or a reserved word); the caller then names the item by kind.
 */
export function slugFromTitle(title: string, kind: SlugKind): string | null {
	let slug = slugify(title.replace(/['’]/g, ''), { decamelize: false });
	if (slug.length > SLUG_MAX_LENGTH) {
		const cut = slug.slice(0, SLUG_MAX_LENGTH + 1);
		slug = cut.slice(0, Math.max(cut.lastIndexOf('-'), 1)).replace(/-+$/, '');
	}
	if (kind === 'platform')
		slug = slug
			.split('-')
			.filter((word) => word !== 'vs')
			.join('-');
	return slugProblem(slug, kind) ? null : slug;
}

/** The slug of an item whose title gives none: "platform-12", "news-48". */
export function fallbackSlug(kind: SlugKind, id: number): string {
	return `${kind === 'newsletter-issue' ? 'issue' : kind}-${id}`;
}
