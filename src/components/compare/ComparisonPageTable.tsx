import { CompareTable } from './CompareTable';
import type { ComparePlatform } from './compare-rows';

export type ComparisonPageTableProps = {
	platforms: ComparePlatform[];
	/** Where each column's remove link leads: the comparison of the others. */
	removeHrefs: Record<number, string>;
};

/**
 * The table of a comparison page (/compare/{a}-vs-{b}): an island only so the "+N more" lists
 * open in place; removing a platform is the link to the others' comparison.
 */
export default function ComparisonPageTable({ platforms, removeHrefs }: ComparisonPageTableProps) {
	const href = (id: number) => removeHrefs[id] ?? '/compare';
	return (
		<CompareTable
			platforms={platforms}
			removeHref={href}
			onRemove={(id) => window.location.assign(href(id))}
		/>
	);
}
