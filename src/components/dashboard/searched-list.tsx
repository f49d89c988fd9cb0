/**
 * A dashboard list searched and paged on the server: the typed text (debounced) and the page go
 * into the address of the list's GET, and a new search starts again at the first page. The
 * panel draws the rows; this draws the search field and the states around them.
 */
import { type ReactNode, useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { LoadError } from './LoadError';
import { SearchField } from './SearchField';
import { type ApiData, useApiData, withQuery } from './use-api-data';
import { useDebouncedValue } from './use-debounced-value';

export type SearchedList<T> = {
	search: string;
	setSearch: (text: string) => void;
	/** The text the shown list was asked for (trimmed, debounced). */
	query: string;
	offset: number;
	setOffset: (offset: number) => void;
	list: ApiData<T>;
};

export function useSearchedList<T>(
	path: string,
	pageSize: number,
	{
		filters = {},
		initialOffset = 0,
	}: {
		/** Further query parameters of the list's GET (an empty one is left out). */
		filters?: Record<string, string | undefined>;
		initialOffset?: number;
	} = {},
): SearchedList<T> {
	const [search, setSearchText] = useState('');
	const query = useDebouncedValue(search.trim());
	const [offset, setOffset] = useState(initialOffset);
	const list = useApiData<T>(withQuery(path, { search: query, ...filters, limit: pageSize, offset }));
	const setSearch = (text: string) => {
		setSearchText(text);
		setOffset(0);
	};
	return { search, setSearch, query, offset, setOffset, list };
}

type SearchedListViewProps<T> = {
	searched: SearchedList<T>;
	/** The search field's id, its (screen-reader) label and placeholder. */
	searchId: string;
	searchLabel: string;
	placeholder: string;
	/** What the list holds, as the load error and the spinner name it ("the users", "users"). */
	what: string;
	isEmpty: boolean;
	/** Filters and counts shown after the search field. */
	controls?: ReactNode;
	/** The empty list's sentence; `query` is the text searched for, or '' with no search. */
	emptyText: (query: string) => string;
	children: ReactNode;
};

/**
 * The search field and the list's states: the error with Retry, the first load, the empty
 * sentence, or the rows. The previous rows stay on screen, with "Loading...", while a new page
 * or search loads.
 */
export function SearchedListView<T>({
	searched: { search, setSearch, query, list },
	searchId,
	searchLabel,
	placeholder,
	what,
	isEmpty,
	emptyText,
	controls,
	children,
}: SearchedListViewProps<T>) {
	return (
		<>
			<div className="mb-4 flex flex-wrap items-center gap-3">
				<SearchField
					id={searchId}
					label={searchLabel}
					placeholder={placeholder}
					value={search}
					onChange={setSearch}
				/>
				{controls}
				{list.loading && list.data && <span className="text-sm text-muted">Loading...</span>}
			</div>
			{list.error && !list.data ? (
				<LoadError what={`the ${what}`} error={list.error} onRetry={list.reload} />
			) : !list.data ? (
				<Spinner label={`Loading ${what}...`} />
			) : isEmpty ? (
				<p className="rounded-lg border border-dashed border-border bg-surface p-8 text-center text-muted">
					{emptyText(query)}
				</p>
			) : (
				children
			)}
		</>
	);
}
