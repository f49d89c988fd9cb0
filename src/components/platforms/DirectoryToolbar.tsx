import { PLATFORM_CATEGORIES } from '@/lib/categories';
import { Button } from '@/components/ui/Button';
import { Input, inputClasses } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import type { DirectoryFilters, PlatformSortField, SortOrder } from './directory-filters';

export type DirectoryToolbarProps = {
	/** The search box's own text (the filter follows it after a short pause). */
	searchText: string;
	filters: DirectoryFilters;
	canClear: boolean;
	onSearchText: (text: string) => void;
	onChange: (change: Partial<DirectoryFilters>) => void;
	onClear: () => void;
};

const selectClasses = `${inputClasses} pr-8`;

/**
 * Search, category, sort and order controls; order appears once a sort is chosen, as it means
 * nothing before. A GET form for /platforms, so the same controls work without JavaScript.
 */
export function DirectoryToolbar({
	searchText,
	filters,
	canClear,
	onSearchText,
	onChange,
	onClear,
}: DirectoryToolbarProps) {
	return (
		// biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark; a <search> element would wrap the form, a change of markup
		<form
			role="search"
			aria-label="Filter platforms"
			method="get"
			action="/platforms"
			onSubmit={(event) => event.preventDefault()}
			className="grid gap-4 rounded-xl border border-border bg-surface p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
		>
			<div className="grid gap-2">
				<Label htmlFor="platform-search">Search</Label>
				<Input
					id="platform-search"
					name="search"
					type="search"
					placeholder="Search platforms, features..."
					value={searchText}
					onChange={(event) => onSearchText(event.target.value)}
					maxLength={200}
				/>
			</div>
			<div className="grid gap-2">
				<Label htmlFor="platform-category">Category</Label>
				<select
					id="platform-category"
					name="category"
					className={selectClasses}
					value={filters.category}
					onChange={(event) => onChange({ category: event.target.value })}
				>
					<option value="">All Categories</option>
					{PLATFORM_CATEGORIES.map((category) => (
						<option key={category} value={category}>
							{category}
						</option>
					))}
				</select>
			</div>
			<div className="grid gap-2">
				<Label htmlFor="platform-sort">Sort by</Label>
				<select
					id="platform-sort"
					name="sortBy"
					className={selectClasses}
					value={filters.sortBy}
					onChange={(event) => onChange({ sortBy: event.target.value as PlatformSortField })}
				>
					<option value="">Default</option>
					<option value="name">Name</option>
					<option value="rating">Rating</option>
				</select>
			</div>
			{filters.sortBy ? (
				<div className="grid gap-2">
					<Label htmlFor="platform-order">Order</Label>
					<select
						id="platform-order"
						name="sortOrder"
						className={selectClasses}
						value={filters.sortOrder}
						onChange={(event) => onChange({ sortOrder: event.target.value as SortOrder })}
					>
						<option value="desc">Descending</option>
						<option value="asc">Ascending</option>
					</select>
				</div>
			) : (
				<div className="hidden lg:block" aria-hidden="true" />
			)}
			<Button
				type="button"
				variant="ghost"
				onClick={onClear}
				disabled={!canClear}
				className="sm:col-span-2 lg:col-span-1"
			>
				Clear filters
			</Button>
			{/* Without JavaScript the toolbar is a plain form: the server renders the view asked. */}
			<noscript>
				<Button type="submit" variant="outline">
					Apply filters
				</Button>
			</noscript>
		</form>
	);
}
