import { Button } from './Button';

export type NoResultsProps = {
	/** The search as the person typed it (trimmed). */
	query: string;
	/** Empties the search box and shows the list again; absent in /podcast's template. */
	onClear?: () => void;
};

/**
 * A search that found nothing: names the search, so a typo shows, and offers to clear it.
 * Shared by the home lists, the platform directory and /podcast (whose script fills
 * [data-no-results-query] and wires [data-clear-search] in its copy of this markup).
 */
export function NoResults({ query, onClear }: NoResultsProps) {
	return (
		<div
			className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-12 text-center"
			data-no-results=""
		>
			<p className="max-w-full text-muted [overflow-wrap:anywhere]">
				No results for '<span data-no-results-query="">{query}</span>'
			</p>
			<Button type="button" variant="outline" size="sm" onClick={onClear} data-clear-search="">
				Clear search
			</Button>
		</div>
	);
}
