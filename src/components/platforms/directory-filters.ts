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
 * The filters to start from once the island runs: the server-rendered ones (the address's),
 * with what the reader changed in the toolbar before the script loaded. A changed search,
 * category or sort starts again on page 1, as a change made after hydration does.
 */
export function earlyChoices(
	rendered: DirectoryFilters,
	controls: { search?: string; category?: string; sortBy?: string; sortOrder?: string },
): DirectoryFilters {
	const chosen = filtersFromQuery(
		new URLSearchParams({
			search: controls.search ?? rendered.search,
			category: controls.category ?? rendered.category,
			sortBy: controls.sortBy ?? rendered.sortBy,
			sortOrder: controls.sortOrder ?? rendered.sortOrder,
		}).toString(),
	);
	const changed =
		chosen.search !== rendered.search ||
		chosen.category !== rendered.category ||
		chosen.sortBy !== rendered.sortBy ||
		(chosen.sortBy !== '' && chosen.sortOrder !== rendered.sortOrder);
	return changed ? { ...chosen, page: 1 } : rendered;
}
