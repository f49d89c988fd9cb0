import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/class-names';
import { LoadError } from '@/components/ui/LoadError';
import { NoResults } from '@/components/ui/NoResults';
import { DirectoryToolbar } from './DirectoryToolbar';
import {
	DEFAULT_FILTERS,
	earlyChoices,
	PAGE_SIZE,
	apiQuery,
	filtersFromQuery,
	filtersToQuery,
	hasActiveFilters,
	type DirectoryFilters,
} from './directory-filters';
import { fetchAllPlatforms } from './fetch-platforms';
import { Pagination } from './Pagination';
import { pageCount, showingText } from './pagination';
import { PlatformCard } from './PlatformCard';
import type { DirectoryStart } from './load-directory';
import type { PlatformCardData } from './types';

export type PlatformDirectoryProps = {
	/** The address's view as the server rendered it (load-directory.ts). */
	start: DirectoryStart;
};

/** Typing settles for this long before the list is asked for again. */
const SEARCH_DELAY_MS = 250;

type Results = { platforms: PlatformCardData[]; query: string };

/**
 * The /platforms island. Its server render is the address's view (filters and page from the
 * URL), so the HTML already lists the right cards; once hydrated it asks GET /api/platforms for
 * the whole filtered list and pages through it here, 6 at a time.
 */
export default function PlatformDirectory({ start }: PlatformDirectoryProps) {
	const [filters, setFilters] = useState<DirectoryFilters>(start.filters);
	const [searchText, setSearchText] = useState(start.filters.search);
	const [results, setResults] = useState<Results | null>(null);
	const [failed, setFailed] = useState(false);
	const [retry, setRetry] = useState(0);
	const [urlRead, setUrlRead] = useState(false);
	const listTop = useRef<HTMLDivElement>(null);
	/** The next address is a new history entry (a page moved to), not a correction of this one. */
	const pushNextAddress = useRef(false);
	const query = apiQuery(filters);

	// What the reader typed or chose in the server-rendered toolbar while the code loaded: React
	// keeps a control's value the browser holds at hydration but resets it on the next render.
	useEffect(() => {
		const controlValue = (id: string) =>
			(document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null)?.value;
		const early = earlyChoices(start.filters, {
			search: controlValue('platform-search'),
			category: controlValue('platform-category'),
			sortBy: controlValue('platform-sort'),
			sortOrder: controlValue('platform-order'),
		});
		setFilters(early);
		setSearchText(early.search);
		setUrlRead(true);
	}, [start.filters]);

	// The search filter follows the box after a pause; a new search starts on page 1.
	useEffect(() => {
		if (searchText.trim() === filters.search) return;
		const timer = window.setTimeout(
			() => setFilters((current) => ({ ...current, search: searchText.trim(), page: 1 })),
			SEARCH_DELAY_MS,
		);
		return () => window.clearTimeout(timer);
	}, [searchText, filters.search]);

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new `retry` is what the Retry button asks for
	useEffect(() => {
		if (!urlRead) return;
		let current = true; // an answer to an older query must not overwrite a newer one
		setFailed(false);
		fetchAllPlatforms(query).then(
			(platforms) => current && setResults({ platforms, query }),
			() => current && setFailed(true),
		);
		return () => {
			current = false;
		};
	}, [urlRead, query, retry]);

	// Each page moved to is a history entry, so Back returns to the page before; filters being
	// typed or chosen only rewrite the current entry.
	useEffect(() => {
		if (!urlRead) return;
		const push = pushNextAddress.current;
		pushNextAddress.current = false;
		const { pathname, search, hash } = window.location;
		const query = filtersToQuery(filters);
		if (query === search) return;
		if (push) window.history.pushState(null, '', `${pathname}${query}${hash}`);
		else window.history.replaceState(window.history.state, '', `${pathname}${query}${hash}`);
	}, [urlRead, filters]);

	// Back and Forward between those entries show the view their address names.
	useEffect(() => {
		const restore = () => {
			const restored = filtersFromQuery(window.location.search);
			setFilters(restored);
			setSearchText(restored.search);
		};
		window.addEventListener('popstate', restore);
		return () => window.removeEventListener('popstate', restore);
	}, []);

	const loaded = results !== null;
	const count = results ? results.platforms.length : start.count;
	const pages = pageCount(count, PAGE_SIZE);
	const page = loaded ? Math.min(filters.page, pages) : start.filters.page;
	const loading = !failed && results?.query !== query;
	const shown = results ? results.platforms.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : start.platforms;

	// A page number past the end (an old link, a narrower search) settles on the last page.
	useEffect(() => {
		if (loaded && filters.page > pages) setFilters((current) => ({ ...current, page: pages }));
	}, [loaded, filters.page, pages]);

	function change(next: Partial<DirectoryFilters>) {
		setFilters((current) => ({ ...current, ...next, page: 1 }));
	}

	function clear() {
		setSearchText('');
		setFilters(DEFAULT_FILTERS);
		// The button turns disabled; keep keyboard focus in the toolbar rather than on <body>.
		document.getElementById('platform-search')?.focus();
	}

	function goToPage(next: number) {
		pushNextAddress.current = next !== page;
		setFilters((current) => ({ ...current, page: next }));
		const top = listTop.current;
		if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
	}

	return (
		<div className="grid grid-cols-1 gap-6">
			<DirectoryToolbar
				searchText={searchText}
				filters={filters}
				canClear={hasActiveFilters(filters) || searchText.trim() !== ''}
				onSearchText={setSearchText}
				onChange={change}
				onClear={clear}
			/>
			<div ref={listTop} className="scroll-mt-24" aria-busy={loading}>
				{failed ? (
					<LoadError
						what="the platforms"
						message="Please try again."
						onRetry={() => setRetry((n) => n + 1)}
					/>
				) : shown.length === 0 && filters.search ? (
					<NoResults
						query={filters.search}
						onClear={() => {
							setSearchText('');
							change({ search: '' });
							// The button leaves with the empty state: hand the focus to the search box.
							document.getElementById('platform-search')?.focus();
						}}
					/>
				) : shown.length === 0 ? (
					<p className="rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-16 text-center text-muted">
						No platforms found matching your criteria.
					</p>
				) : (
					<ul
						className={cn(
							'grid gap-5 sm:grid-cols-2 lg:grid-cols-3',
							loaded && loading && 'opacity-60 transition-opacity',
						)}
					>
						{shown.map((platform) => (
							<li key={platform.id}>
								<PlatformCard platform={platform} />
							</li>
						))}
					</ul>
				)}
			</div>
			{!failed && (
				<div className="flex flex-col items-center justify-between gap-4 md:flex-row">
					<p className="text-sm text-muted" aria-live="polite" data-testid="platform-count">
						{count > 0 ? showingText(page, PAGE_SIZE, count) : ''}
					</p>
					<Pagination
						page={page}
						count={pages}
						href={(number) => `/platforms${filtersToQuery({ ...filters, page: number })}`}
						onChange={goToPage}
					/>
				</div>
			)}
		</div>
	);
}
