/**
 * The home page's category filters live in the URL (`/?newsCategory=Ad-Tech#news`) so a filtered
 * view can be shared and the header's links work without any script. The header builds the links
 * and the home page reads them back through this one module, so both use the same names.
 */
export type HomeSection = 'news' | 'education';

/** Query parameter that carries each section's category filter. */
export const CATEGORY_PARAMS = {
	news: 'newsCategory',
	education: 'educationCategory',
} as const satisfies Record<HomeSection, string>;

/** The home URL that scrolls to a section with its filter set; an empty category means all. */
export function categoryLink(section: HomeSection, category: string): string {
	if (!category) return `/#${section}`;
	const query = new URLSearchParams({ [CATEGORY_PARAMS[section]]: category });
	return `/?${query.toString().replace(/\+/g, '%20')}#${section}`;
}

/** The category a URL asks for in a section ('' = all). */
export function categoryFromUrl(section: HomeSection, url: URL | string): string {
	const search = typeof url === 'string' ? new URL(url, 'http://x').searchParams : url.searchParams;
	return search.get(CATEGORY_PARAMS[section])?.trim() ?? '';
}
