/**
 * The /podcast filter bar, rendered on the server only: podcast-browser.ts gives it its
 * behaviour, so no React reaches the browser. Search with clear, sort, order (hidden until a sort
 * other than Latest First is chosen), and the active filter chips with Clear all (hidden while
 * there are none). The same shared controls as the home page's filter islands.
 */
import { FilterSelect, SortOrderOptions } from '@/components/content/FilterSelect';
import { SearchInput } from '@/components/content/SearchInput';
import { Button } from '@/components/ui/Button';
import { DEFAULT_EPISODE_FILTERS, EPISODE_SORT_LABELS, type EpisodeSort } from './episode';
import { CloseIcon } from '@/components/ui/LineIcon';

const SORTS = Object.keys(EPISODE_SORT_LABELS) as EpisodeSort[];

/**
 * For the React handlers of /podcast's server-only components: never called, since nothing
 * hydrates; podcast-browser.ts listens to the controls instead.
 */
export const handledByScript = () => undefined;

export type FilterChipName = 'search' | 'sort';

/** A chip of one active filter; the script writes its label and shows it. */
function FilterChip({ name, removeLabel }: { name: FilterChipName; removeLabel: string }) {
	return (
		<li
			hidden
			data-chip={name}
			className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800 ring-1 ring-brand-600/20 ring-inset"
		>
			<span data-chip-label />
			<button
				type="button"
				aria-label={removeLabel}
				className="flex size-6 items-center justify-center rounded-full hover:bg-brand-100"
			>
				<CloseIcon className="size-3.5" strokeWidth={2.5} />
			</button>
		</li>
	);
}

export function PodcastFilters() {
	const { search, sortBy, sortOrder } = DEFAULT_EPISODE_FILTERS;
	return (
		<>
			{/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark; a <search> element would wrap the form, a change of markup */}
			<form
				role="search"
				aria-label="Filter episodes"
				className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]"
			>
				<SearchInput
					id="podcast-search"
					className="col-span-2 sm:col-span-1"
					label="Search episodes"
					placeholder="Search by title, topic or guest..."
					value={search}
					onChange={handledByScript}
					onClear={handledByScript}
				/>
				<FilterSelect id="podcast-sort" label="Sort by" value={sortBy} onChange={handledByScript}>
					{SORTS.map((sort) => (
						<option key={sort} value={sort}>
							{EPISODE_SORT_LABELS[sort]}
						</option>
					))}
				</FilterSelect>
				<FilterSelect id="podcast-order" label="Order" value={sortOrder} onChange={handledByScript} hidden>
					<SortOrderOptions />
				</FilterSelect>
			</form>

			<div hidden data-active-filters className="mt-4 flex flex-wrap items-center gap-2">
				<span className="text-sm text-muted">Active filters:</span>
				<ul className="flex flex-wrap gap-2" aria-label="Active filters">
					<FilterChip name="search" removeLabel="Remove search filter" />
					<FilterChip name="sort" removeLabel="Remove sort" />
				</ul>
				<Button type="button" variant="ghost" size="sm" data-clear-all>
					Clear all
				</Button>
			</div>
		</>
	);
}
