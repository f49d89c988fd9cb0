/**
 * The listing's filters and page, kept in the URL (search, category, sortBy, sortOrder, page)
 * so a filtered view can be shared and survives a reload. Defaults are left out of the URL.
 */
import { PLATFORM_CATEGORIES } from '@/lib/categories';

export type PlatformSortField = '' | 'name' | 'rating';
export type SortOrder = 'asc' | 'desc';

export type DirectoryFilters = {
	search: string;
	/** '' = All Categories. */
	category: string;
	/** '' = the editors' default order. */
	sortBy: PlatformSortField;
	/** Descending by default; only meaningful once a sort field is chosen. */
	sortOrder: SortOrder;
	/** 1-based. */
	page: number;
};

/** 6 platforms per page: two rows of three on a desktop. */
export const PAGE_SIZE = 6;

export const DEFAULT_FILTERS: DirectoryFilters = {
	search: '',
	category: '',
	sortBy: '',
	sortOrder: 'desc',
	page: 1,
};

const isCategory = (value: string) => (PLATFORM_CATEGORIES as readonly string[]).includes(value);

/** Reads the filters from a query string; unknown values fall back to the defaults. */
export function filtersFromQuery(query: string): DirectoryFilters {
	const params = new URLSearchParams(query);
	const category = params.get('category') ?? '';
	const sortBy = params.get('sortBy');
	const page = Number(params.get('page'));
	return {
		search: (params.get('search') ?? '').trim().slice(0, 200),
		category: isCategory(category) ? category : '',
		sortBy: sortBy === 'name' || sortBy === 'rating' ? sortBy : '',
		sortOrder: params.get('sortOrder') === 'asc' ? 'asc' : 'desc',
		page: Number.isSafeInteger(page) && page > 1 ? page : 1,
	};
}

function apiParams(filters: DirectoryFilters): URLSearchParams {
	const params = new URLSearchParams();
	if (filters.search.trim()) params.set('search', filters.search.trim());
	if (filters.category) params.set('category', filters.category);
	if (filters.sortBy) {
		params.set('sortBy', filters.sortBy);
		params.set('sortOrder', filters.sortOrder);
	}
	return params;
}

/** The page's query string for the filters ('' for the default view), page included. */
export function filtersToQuery(filters: DirectoryFilters): string {
	const params = apiParams(filters);
	if (filters.page > 1) params.set('page', String(filters.page));
	const query = params.toString().replace(/\+/g, '%20');
	return query ? `?${query}` : '';
}

/** The GET /api/platforms query for the filters; paging happens in the browser. */
export function apiQuery(filters: DirectoryFilters): string {
	return apiParams(filters).toString();
}

export function hasActiveFilters(filters: DirectoryFilters): boolean {
	return filters.search.trim() !== '' || filters.category !== '' || filters.sortBy !== '';
}

/**
 * The query string the page opens with, with what a visitor already chose in the static
 * toolbar before the script loaded: React keeps a form control's value the browser holds at
 * hydration but resets it on the next render, so the choice must be read from the controls
 * first. A control still on its server-rendered default leaves the URL's value in place.
 */
export function queryWithEarlyChoices(
	query: string,
	controls: { search?: string; category?: string; sortBy?: string },
): string {
	const params = new URLSearchParams(query);
	if (controls.search?.trim()) {
		params.set('search', controls.search);
		params.delete('page');
	}
	if (controls.category) params.set('category', controls.category);
	if (controls.sortBy) params.set('sortBy', controls.sortBy);
	return params.toString();
}
