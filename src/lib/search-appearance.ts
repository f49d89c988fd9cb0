/**
 * What a page shows search engines and share previews: its <title>, meta description and Open
 * Graph title and description. Editors may set a search title and description on articles,
 * static pages, platforms and episodes; without them a page's own title and description apply.
 * Zod-free, so the dashboard's forms show the same fallbacks and limits the pages use.
 */
export const SITE_NAME = 'Retail Media Hub';

/**
 * The static pages' own descriptions (their bodies are markdown, so each says what it is),
 * by slug: the pages use them, and the dashboard shows them as the search description's fallback.
 */
export const STATIC_PAGE_DESCRIPTIONS: Record<string, string> = {
	'about-us':
		'Who we are: Retail Media Hub, the independent guide to retail media platforms, news and education.',
	contact: 'How to reach the Retail Media Hub team: editorial, platform listings, partnerships and support.',
	'privacy-policy': 'How Retail Media Hub collects, uses and protects your personal data.',
	'terms-of-service': 'The terms that govern your use of Retail Media Hub.',
};

/** A static page's own description; a page without one is described by its title. */
export function staticPageDescription(page: { slug: string; title: string }): string {
	return STATIC_PAGE_DESCRIPTIONS[page.slug] ?? page.title;
}

/** Longer titles and descriptions are cut by search engines; the form refuses them. */
export const META_TITLE_MAX_LENGTH = 70;
export const META_DESCRIPTION_MAX_LENGTH = 160;

/** A page's title as <title> carries it: "Criteo | Retail Media Hub" (the home page: the site name). */
export function siteTitle(title: string): string {
	return title === SITE_NAME ? SITE_NAME : `${title} | ${SITE_NAME}`;
}

/**
 * A description of at most `max` characters: white space collapsed and, when longer, cut at a
 * word with an ellipsis. Every page's meta description goes through it (BaseLayout), so none
 * exceeds what search engines show.
 */
export function shortDescription(text: string, max = META_DESCRIPTION_MAX_LENGTH): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	if (flat.length <= max) return flat;
	const room = flat.slice(0, max); // the ellipsis takes the last character
	const atWord = room.lastIndexOf(' ');
	const cut = (atWord > max / 2 ? room.slice(0, atWord) : room.slice(0, max - 1)).replace(
		/[\s,;:.\-–—]+$/,
		'',
	);
	return `${cut}…`;
}

export type SearchAppearance = {
	/** The full <title> and og:title. */
	title: string;
	/** The meta and og:description, at most META_DESCRIPTION_MAX_LENGTH characters. */
	description: string;
};

/**
 * The title and description a page shows: the editor's search title as it is (no site name
 * appended: it is theirs to word within 70 characters), else the page's title with the site
 * name; the editor's search description, else the page's own, shortened.
 */
export function searchAppearance(page: {
	title: string;
	description: string;
	metaTitle?: string | null;
	metaDescription?: string | null;
}): SearchAppearance {
	return {
		title: page.metaTitle || siteTitle(page.title),
		description: shortDescription(page.metaDescription || page.description),
	};
}
