/**
 * The filter island of a home section (News or Education). The server HTML already shows the
 * address's view: the generated page the default list (passed in as children, static HTML), an
 * address with this section's filters (rendered on demand) those filters and their list. Once
 * the reader acts, this island fetches other lists from the API and keeps the URL in step with
 * history.replaceState so a filtered view can be shared and reloaded.
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
	HOME_SORT_FIELDS,
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

type ListState = {
	/** null until the first fetch: the server-rendered children are still the right list. */
	articles: ArticleSummary[] | null;
	/** When the list arrived, for its relative ages (server-rendered: dates, see TimeAgo). */
	now?: number;
	loading: boolean;
	error: string | null;
};

export type ArticleFeedProps = {
	section: HomeSection;
	/** The address's filters for this section, as the server rendered them. */
	filters?: SectionFilters;
	/** The list for those filters when they are not the default (else the children show it). */
	articles?: ArticleSummary[];
	/** The default list as rendered on the server. */
	children?: ReactNode;
};

export default function ArticleFeed({
	section,
	filters: rendered = DEFAULT_SECTION_FILTERS,
	articles: renderedArticles,
	children,
}: ArticleFeedProps) {
	const config = HOME_SECTIONS[section];
	const [filters, setFilters] = useState<SectionFilters>(rendered);
	const [searchText, setSearchText] = useState(rendered.search);
	const [urlRead, setUrlRead] = useState(false);
	const [list, setList] = useState<ListState>({
		articles: renderedArticles ?? null,
		loading: false,
		error: null,
	});
	const [attempt, setAttempt] = useState(0);
	const lastRequest = useRef(0);

	const update = (patch: Partial<SectionFilters>) => setFilters((current) => ({ ...current, ...patch }));
	const debouncedSearch = useDebouncedCallback((search: string) => update({ search }), SEARCH_DEBOUNCE_MS);

	// What the reader typed or chose in the server-rendered controls while the code loaded (they
	// hold the rendered filters otherwise): React keeps a control's value the browser holds at
	// hydration but resets it on the next render, so it is read here first.
	useEffect(() => {
		const early = (id: string) =>
			(document.getElementById(`${section}-${id}`) as HTMLInputElement | HTMLSelectElement | null)?.value;
		const sort = early('sort') ?? rendered.sortBy;
		const sortBy = (HOME_SORT_FIELDS as readonly string[]).includes(sort) ? (sort as HomeSort) : '';
		const order = early('order') ?? (sortBy === rendered.sortBy ? rendered.sortOrder : CHOSEN_SORT_ORDER);
		const chosen: SectionFilters = {
			search: early('search') ?? rendered.search,
			category: early('category') ?? rendered.category,
			sortBy,
			sortOrder: sortBy ? (order === 'desc' ? 'desc' : 'asc') : 'desc',
		};
		if (JSON.stringify(chosen) !== JSON.stringify(rendered)) {
			setFilters(chosen);
			setSearchText(chosen.search);
		}
		setUrlRead(true);
	}, [section, rendered]);

	// Filters -> URL and list.
	useEffect(() => {
		if (!urlRead) return;
		const url = urlWithFilters(section, filters, new URL(window.location.href));
		if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
		// The rendered list needs no request until something has changed.
		if (lastRequest.current === 0 && attempt === 0 && JSON.stringify(filters) === JSON.stringify(rendered))
			return;

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
	}, [filters, urlRead, attempt, section, config.apiPath, rendered]);

	const clearSearch = () => {
		setSearchText('');
		debouncedSearch.cancel();
		update({ search: '' });
	};
	const searched = filters.search.trim();

	const ids = {
		search: `${section}-search`,
		category: `${section}-category`,
		sort: `${section}-sort`,
		order: `${section}-order`,
	};

	return (
		<div>
			{/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark; a <search> element would wrap the form, a change of markup */}
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
				{/* The archive of every published article (the SPEC had a 'Feature coming soon' toast),
				    searched for what this section is searched for, so the search is not lost. */}
				<a href={archivePath(section, { q: searched })} className={buttonClasses({ variant: 'outline' })}>
					{config.viewAllLabel}
				</a>
			</div>
		</div>
	);
}
