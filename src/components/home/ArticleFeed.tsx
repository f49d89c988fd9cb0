/**
 * The filter island of a home section (News or Education). The generated page already shows the
 * default list (passed in as children, static HTML); this island reads the section's filters from
 * the URL, fetches the filtered list from the API and keeps the URL in step with history.replaceState
 * so a filtered view can be shared and reloaded.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { failureText } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { SEARCH_DEBOUNCE_MS } from '@/lib/search-debounce';
import { LoadError } from '@/components/ui/LoadError';
import { NoResults } from '@/components/ui/NoResults';
import {
	CHOSEN_SORT_ORDER,
	DEFAULT_SECTION_FILTERS,
	filtersFromUrl,
	isDefaultFilters,
	urlWithFilters,
	type HomeSection,
	type HomeSort,
	type SectionFilters,
} from '@/lib/home-filters';
import { ArticleGrid } from '@/components/content/ArticleGrid';
import type { ArticleSummary } from '@/components/content/article-summary';
import { CategoryOptions } from '@/components/content/CategoryOptions';
import { FilterSelect, SortOrderOptions } from '@/components/content/FilterSelect';
import { SearchInput } from '@/components/content/SearchInput';
import { useDebouncedCallback } from '@/components/content/use-debounced-callback';
import { buttonClasses } from '@/components/ui/button-classes';
import { archivePath } from '@/lib/archive-links';
import { fetchArticles } from './article-query';
import { HOME_LIST_LIMIT, HOME_SECTIONS } from './sections';

/** After landing from a header category link, the section is scrolled to 100 ms later. */
const SCROLL_DELAY_MS = 100;

type ListState = {
	/** null until the first fetch: the server-rendered children are still the right list. */
	articles: ArticleSummary[] | null;
	/** When the list arrived, for its relative ages. */
	now: number;
	loading: boolean;
	error: string | null;
};

export type ArticleFeedProps = {
	section: HomeSection;
	/** The default list as rendered on the server. */
	children?: ReactNode;
};

export default function ArticleFeed({ section, children }: ArticleFeedProps) {
	const config = HOME_SECTIONS[section];
	const [filters, setFilters] = useState<SectionFilters>(DEFAULT_SECTION_FILTERS);
	const [searchText, setSearchText] = useState('');
	const [urlRead, setUrlRead] = useState(false);
	const [list, setList] = useState<ListState>({ articles: null, now: 0, loading: false, error: null });
	const [attempt, setAttempt] = useState(0);
	const lastRequest = useRef(0);
	const scrollPending = useRef(false);

	const update = (patch: Partial<SectionFilters>) => setFilters((current) => ({ ...current, ...patch }));
	const debouncedSearch = useDebouncedCallback((search: string) => update({ search }), SEARCH_DEBOUNCE_MS);

	// The URL's filters, once, after hydration (the generated HTML is the same for every query),
	// with what the reader typed or chose in the server-rendered controls while the code loaded.
	useEffect(() => {
		const early = (id: string) =>
			(document.getElementById(`${section}-${id}`) as HTMLInputElement | HTMLSelectElement | null)?.value || undefined;
		const url = filtersFromUrl(section, window.location.href);
		const sortBy = (early('sort') as HomeSort | undefined) ?? url.sortBy;
		const fromUrl: SectionFilters = {
			search: early('search') ?? url.search,
			category: early('category') ?? url.category,
			sortBy,
			sortOrder: sortBy ? url.sortOrder : 'desc',
		};
		if (!isDefaultFilters(fromUrl)) {
			setFilters(fromUrl);
			setSearchText(fromUrl.search);
			// The header's category links end in #news / #education: bring the section into view.
			scrollPending.current = window.location.hash === `#${section}`;
		}
		setUrlRead(true);
	}, [section]);

	// Filters -> URL and list. The default list needs no request until something has changed.
	useEffect(() => {
		if (!urlRead) return;
		const url = urlWithFilters(section, filters, new URL(window.location.href));
		if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
		if (list.articles === null && isDefaultFilters(filters) && attempt === 0) return;

		const request = ++lastRequest.current;
		setList((current) => ({ ...current, loading: true }));
		fetchArticles(config.apiPath, filters, HOME_LIST_LIMIT).then(
			(articles) => {
				if (request !== lastRequest.current) return; // a newer request superseded this one
				setList({ articles, now: Date.now(), loading: false, error: null });
			},
			(error: unknown) => {
				if (request !== lastRequest.current) return;
				setList((current) => ({
					...current,
					loading: false,
					error: failureText(error, 'Please try again.'),
				}));
			},
		);
		// `list` is read here, not a trigger: only filter changes (and retries) fetch.
	}, [filters, urlRead, attempt, section, config.apiPath]);

	// After the filtered list rendered, wait SCROLL_DELAY_MS, then scroll to the section.
	useEffect(() => {
		if (!scrollPending.current || list.loading || (list.articles === null && !list.error)) return;
		scrollPending.current = false;
		setTimeout(() => document.getElementById(section)?.scrollIntoView({ block: 'start' }), SCROLL_DELAY_MS);
	}, [list, section]);

	const clearSearch = () => {
		setSearchText('');
		debouncedSearch.cancel();
		update({ search: '' });
	};
	const searched = filters.search.trim();

	const ids = { search: `${section}-search`, category: `${section}-category`, sort: `${section}-sort`, order: `${section}-order` };

	return (
		<div>
			<form
				role="search"
				aria-label={`Filter ${config.heading.toLowerCase()}`}
				className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
				onSubmit={(event) => {
					event.preventDefault();
					debouncedSearch.cancel();
					update({ search: searchText });
				}}
			>
				<SearchInput
					id={ids.search}
					className="col-span-2 lg:col-span-1"
					label="Search"
					placeholder={config.searchPlaceholder}
					value={searchText}
					onChange={(value) => {
						setSearchText(value);
						debouncedSearch.schedule(value);
					}}
					onClear={clearSearch}
				/>
				<FilterSelect
					id={ids.category}
					className="col-span-2 sm:col-span-1"
					label="Category"
					value={filters.category}
					onChange={(category) => update({ category })}
				>
					<option value="">{config.allLabel}</option>
					{/* A shared link may name a category that is not in the list: keep it selectable. */}
					<CategoryOptions groups={config.categoryGroups} keep={filters.category} />
				</FilterSelect>
				<FilterSelect
					id={ids.sort}
					label="Sort by"
					value={filters.sortBy}
					onChange={(sortBy) => update({ sortBy: sortBy as HomeSort, sortOrder: CHOSEN_SORT_ORDER })}
				>
					<option value="">Newest first</option>
					<option value="title">Title</option>
					<option value="category">Category</option>
				</FilterSelect>
				{filters.sortBy && (
					<FilterSelect
						id={ids.order}
						label="Order"
						value={filters.sortOrder}
						onChange={(order) => update({ sortOrder: order === 'asc' ? 'asc' : 'desc' })}
					>
						<SortOrderOptions />
					</FilterSelect>
				)}
			</form>

			<p className="sr-only" aria-live="polite">
				{list.loading ? 'Loading...' : list.articles ? `${list.articles.length} shown` : ''}
			</p>
			<div
				className={cn('mt-6 transition-opacity', list.loading && 'opacity-60')}
				aria-busy={list.loading || undefined}
				data-testid={`${section}-list`}
			>
				{list.error ? (
					<LoadError what="the list" message={list.error} onRetry={() => setAttempt((n) => n + 1)} />
				) : list.articles === null ? (
					children
				) : list.articles.length === 0 && searched ? (
					<NoResults
						query={searched}
						onClear={() => {
							clearSearch();
							// The button leaves with the empty state: hand the focus to the search box.
							document.getElementById(ids.search)?.focus();
						}}
					/>
				) : (
					<ArticleGrid kind={section} articles={list.articles} emptyText={config.emptyText} now={list.now} />
				)}
			</div>

			<div className="mt-10 flex justify-center">
				{/* The archive of every published article (the SPEC had a 'Feature coming soon' toast). */}
				<a href={archivePath(section)} className={buttonClasses({ variant: 'outline' })}>
					{config.viewAllLabel}
				</a>
			</div>
		</div>
	);
}
