/**
 * The /podcast filter island (SPEC 2): search with clear, sort, order (only once a sort other
 * than Latest First is chosen), removable filter chips and Clear all. The generated page passes
 * the default list as children (static HTML); the island replaces it once a filter changes.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { failureText } from '../../lib/api-client';
import { cn } from '../../lib/class-names';
import { LoadError } from '../ui/LoadError';
import { FilterSelect, SortOrderOptions } from '../content/FilterSelect';
import { SearchInput } from '../content/SearchInput';
import { SEARCH_DEBOUNCE_MS, useDebouncedCallback } from '../content/use-debounced-callback';
import { Button } from '../ui/Button';
import { EpisodeList } from './EpisodeCard';
import {
	DEFAULT_EPISODE_FILTERS,
	EPISODE_SORT_LABELS,
	fetchEpisodes,
	type EpisodeFilters,
	type EpisodeSort,
	type EpisodeSummary,
} from './episode';

type ListState = {
	/** null until the first fetch: the server-rendered children are still the right list. */
	episodes: EpisodeSummary[] | null;
	now: number;
	loading: boolean;
	error: string | null;
};

const SORTS = Object.keys(EPISODE_SORT_LABELS) as EpisodeSort[];

function FilterChip({ label, removeLabel, onRemove }: { label: string; removeLabel: string; onRemove: () => void }) {
	return (
		<li className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800 ring-1 ring-brand-600/20 ring-inset">
			{label}
			<button
				type="button"
				onClick={onRemove}
				aria-label={removeLabel}
				className="flex size-6 items-center justify-center rounded-full hover:bg-brand-100"
			>
				<svg className="size-3.5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
					<path d="M18 6 6 18M6 6l12 12" />
				</svg>
			</button>
		</li>
	);
}

export default function PodcastBrowser({ children }: { children?: ReactNode }) {
	const [filters, setFilters] = useState<EpisodeFilters>(DEFAULT_EPISODE_FILTERS);
	const [searchText, setSearchText] = useState('');
	const [list, setList] = useState<ListState>({ episodes: null, now: 0, loading: false, error: null });
	const [attempt, setAttempt] = useState(0);
	const lastRequest = useRef(0);
	const changed = useRef(false);

	const update = (patch: Partial<EpisodeFilters>) => {
		changed.current = true;
		setFilters((current) => ({ ...current, ...patch }));
	};
	const debouncedSearch = useDebouncedCallback((search: string) => update({ search }), SEARCH_DEBOUNCE_MS);

	useEffect(() => {
		if (!changed.current) return; // the generated list is the default one
		const request = ++lastRequest.current;
		setList((current) => ({ ...current, loading: true }));
		fetchEpisodes(filters).then(
			(episodes) => {
				if (request === lastRequest.current) setList({ episodes, now: Date.now(), loading: false, error: null });
			},
			(error: unknown) => {
				if (request !== lastRequest.current) return;
				setList((current) => ({ ...current, loading: false, error: failureText(error, 'Please try again.') }));
			},
		);
	}, [filters, attempt]);

	const clearSearch = () => {
		setSearchText('');
		debouncedSearch.cancel();
		update({ search: '' });
	};
	const clearSort = () => update({ sortBy: '', sortOrder: 'desc' });
	const search = filters.search.trim();
	const hasChips = search !== '' || filters.sortBy !== '';

	return (
		<div>
			<form
				role="search"
				aria-label="Filter episodes"
				className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]"
				onSubmit={(event) => {
					event.preventDefault();
					debouncedSearch.cancel();
					update({ search: searchText });
				}}
			>
				<SearchInput
					id="podcast-search"
					className="col-span-2 sm:col-span-1"
					label="Search episodes"
					placeholder="Search by title, topic or guest..."
					value={searchText}
					onChange={(value) => {
						setSearchText(value);
						debouncedSearch.schedule(value);
					}}
					onClear={clearSearch}
				/>
				<FilterSelect
					id="podcast-sort"
					label="Sort by"
					value={filters.sortBy}
					onChange={(sortBy) => update({ sortBy: sortBy as EpisodeSort, sortOrder: 'desc' })}
				>
					{SORTS.map((sort) => (
						<option key={sort} value={sort}>
							{EPISODE_SORT_LABELS[sort]}
						</option>
					))}
				</FilterSelect>
				{filters.sortBy && (
					<FilterSelect
						id="podcast-order"
						label="Order"
						value={filters.sortOrder}
						onChange={(order) => update({ sortOrder: order === 'asc' ? 'asc' : 'desc' })}
					>
						<SortOrderOptions />
					</FilterSelect>
				)}
			</form>

			{hasChips && (
				<div className="mt-4 flex flex-wrap items-center gap-2">
					<span className="text-sm text-muted">Active filters:</span>
					<ul className="flex flex-wrap gap-2" aria-label="Active filters">
						{search && <FilterChip label={`Search: "${search}"`} removeLabel="Remove search filter" onRemove={clearSearch} />}
						{filters.sortBy && (
							<FilterChip
								label={`Sort: ${EPISODE_SORT_LABELS[filters.sortBy]} (${filters.sortOrder === 'asc' ? 'A-Z' : 'Z-A'})`}
								removeLabel="Remove sort"
								onRemove={clearSort}
							/>
						)}
					</ul>
					<Button
						variant="ghost"
						size="sm"
						onClick={() => {
							clearSearch();
							clearSort();
						}}
					>
						Clear all
					</Button>
				</div>
			)}

			<p className="sr-only" aria-live="polite">
				{list.loading ? 'Loading...' : list.episodes ? `${list.episodes.length} episodes shown` : ''}
			</p>
			<div className={cn('mt-6 transition-opacity', list.loading && 'opacity-60')} aria-busy={list.loading || undefined}>
				{list.error ? (
					<LoadError what="the episodes" message={list.error} onRetry={() => setAttempt((n) => n + 1)} />
				) : list.episodes === null ? (
					children
				) : (
					<EpisodeList episodes={list.episodes} now={list.now} />
				)}
			</div>
		</div>
	);
}
