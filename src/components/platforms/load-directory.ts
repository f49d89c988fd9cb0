/**
 * Server-only (imported by /platforms' frontmatter): what the directory shows first for the
 * address asked, so the server HTML holds the real view of a shared link (filters, page) and the
 * island need not hydrate to show it. The default view is generated; others render on demand.
 */
import { listPlatformIds, listPlatforms } from '@/server/platforms/directory';
import { MAX_PAGE_SIZE, platformListQuerySchema } from '@/lib/validation/platforms';
import { cardData } from './PlatformCard';
import {
	PAGE_SIZE,
	apiQuery,
	filtersFromQuery,
	hasActiveFilters,
	type DirectoryFilters,
} from './directory-filters';
import { pageCount } from './pagination';
import type { PlatformCardData } from './types';

export type DirectoryStart = {
	/** The address's filters, the page settled within the results. */
	filters: DirectoryFilters;
	/** The cards of that page. */
	platforms: PlatformCardData[];
	/** How many platforms match. */
	count: number;
};

export async function directoryForReader(url: URL): Promise<DirectoryStart> {
	const filters = filtersFromQuery(url.search);
	if (!hasActiveFilters(filters) && filters.page === 1) {
		const firstPage = await listPlatforms(platformListQuerySchema.parse({ limit: String(PAGE_SIZE) }));
		return { filters, platforms: firstPage.map(cardData), count: (await listPlatformIds()).length };
	}
	// The same query the island sends to GET /api/platforms, every page of it.
	const params = Object.fromEntries(new URLSearchParams(apiQuery(filters)));
	const matching = [];
	for (;;) {
		const page = await listPlatforms(
			platformListQuerySchema.parse({
				...params,
				limit: String(MAX_PAGE_SIZE),
				offset: String(matching.length),
			}),
		);
		matching.push(...page);
		if (page.length < MAX_PAGE_SIZE) break;
	}
	// A page past the end (an old link, a narrower search) settles on the last, as in the island.
	const page = Math.min(filters.page, pageCount(matching.length, PAGE_SIZE));
	return {
		filters: { ...filters, page },
		platforms: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(cardData),
		count: matching.length,
	};
}
