/**
 * The home page's category filters live in the URL (`/?newsCategory=Ad-Tech#news`) so a filtered
 * view can be shared and the header's links work without any script. The header builds the links
 * and the home page reads them back through this one module, so both use the same names.
 */
import type { ArticleListQuery } from './validation/content';

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

/*
 * The rest of a section's filters (search, sort, order) travel in sibling parameters, so a
 * filtered view (`/?newsSearch=clean&newsSort=title&newsOrder=asc#news`) can be shared and
 * reloaded. Defaults are left out of the URL (for the order: the chosen sort's, A→Z).
 */
export const SEARCH_PARAMS = {
	news: 'newsSearch',
	education: 'educationSearch',
} as const satisfies Record<HomeSection, string>;

export const SORT_PARAMS = {
	news: 'newsSort',
	education: 'educationSort',
} as const satisfies Record<HomeSection, string>;

export const ORDER_PARAMS = {
	news: 'newsOrder',
	education: 'educationOrder',
} as const satisfies Record<HomeSection, string>;

/** Sort keys of the home lists ('' = newest first); the API's sortBy values. */
export const HOME_SORT_FIELDS = ['title', 'category'] as const satisfies readonly NonNullable<
	ArticleListQuery['sortBy']
>[];
export type HomeSort = '' | (typeof HOME_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * Both sorts are by text (title, category), which a reader expects A→Z first; Z→A is the
 * other choice of the order control. (The default list, newest first, has no order control.)
 */
export const CHOSEN_SORT_ORDER: SortOrder = 'asc';

export type SectionFilters = {
	search: string;
	category: string;
	sortBy: HomeSort;
	/** Only meaningful once a sort is chosen (then CHOSEN_SORT_ORDER unless changed). */
	sortOrder: SortOrder;
};

export const DEFAULT_SECTION_FILTERS: SectionFilters = {
	search: '',
	category: '',
	sortBy: '',
	sortOrder: 'desc',
};

export function isDefaultFilters(filters: SectionFilters): boolean {
	return (
		filters.search.trim() === '' &&
		filters.category === '' &&
		filters.sortBy === '' &&
		filters.sortOrder === 'desc'
	);
}

/** A section's filters as the URL gives them; unknown sort or order values fall back to defaults. */
export function filtersFromUrl(section: HomeSection, url: URL | string): SectionFilters {
	const search = typeof url === 'string' ? new URL(url, 'http://x').searchParams : url.searchParams;
	const sort = search.get(SORT_PARAMS[section]) ?? '';
	const sortBy: HomeSort = (HOME_SORT_FIELDS as readonly string[]).includes(sort) ? (sort as HomeSort) : '';
	return {
		search: search.get(SEARCH_PARAMS[section]) ?? '',
		category: categoryFromUrl(section, url),
		sortBy,
		sortOrder: !sortBy ? 'desc' : search.get(ORDER_PARAMS[section]) === 'desc' ? 'desc' : CHOSEN_SORT_ORDER,
	};
}

/** The URL with this section's filters written in (defaults removed), other parameters kept. */
export function urlWithFilters(section: HomeSection, filters: SectionFilters, url: URL): URL {
	const next = new URL(url);
	const set = (name: string, value: string) =>
		value ? next.searchParams.set(name, value) : next.searchParams.delete(name);
	set(SEARCH_PARAMS[section], filters.search.trim());
	set(CATEGORY_PARAMS[section], filters.category);
	set(SORT_PARAMS[section], filters.sortBy);
	set(
		ORDER_PARAMS[section],
		filters.sortBy && filters.sortOrder !== CHOSEN_SORT_ORDER ? filters.sortOrder : '',
	);
	// Spaces as %20, like categoryLink, so both write the same URL for the same filter.
	next.search = next.searchParams.toString().replace(/\+/g, '%20');
	return next;
}
