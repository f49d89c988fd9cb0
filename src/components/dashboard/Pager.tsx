import { Button } from '@/components/ui/Button';

export type PagerProps = {
	offset: number;
	pageSize: number;
	/** Items on this page. */
	count: number;
	/** All matching items, when the endpoint says; else `hasMore` decides Next. */
	total?: number;
	hasMore?: boolean;
	/** What is being paged, for the landmark's name ('Users', 'Comments'). */
	label: string;
	onChange: (offset: number) => void;
};

/** Page numbers to offer: the first, the last, and the current one with its neighbours. */
export function pageNumbers(current: number, pages: number): (number | 'gap')[] {
	const shown = [...new Set([1, current - 1, current, current + 1, pages])]
		.filter((page) => page >= 1 && page <= pages)
		.sort((a, b) => a - b);
	const numbers: (number | 'gap')[] = [];
	for (const page of shown) {
		const previous = numbers.at(-1);
		if (typeof previous === 'number' && page - previous > 1) numbers.push('gap');
		numbers.push(page);
	}
	return numbers;
}

/**
 * Previous / Next with 'Showing x-y of n', and page numbers when the total is known; nothing
 * when everything fits on one page.
 */
export function Pager({ offset, pageSize, count, total, hasMore, label, onChange }: PagerProps) {
	const more = total !== undefined ? offset + count < total : !!hasMore;
	if (offset === 0 && !more) return null;
	const first = count === 0 ? 0 : offset + 1;
	const last = offset + count;
	const pages = total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : 0;
	const current = Math.floor(offset / pageSize) + 1;
	return (
		<nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
			<p className="text-sm text-muted" aria-live="polite">
				Showing {first}-{last}
				{total !== undefined && ` of ${total}`}
			</p>
			<div className="flex flex-wrap items-center gap-2">
				<Button
					variant="outline"
					size="sm"
					disabled={offset === 0}
					onClick={() => onChange(Math.max(0, offset - pageSize))}
				>
					Previous
				</Button>
				{pages > 1 &&
					pageNumbers(current, pages).map((page, index) =>
						page === 'gap' ? (
							// biome-ignore lint/suspicious/noArrayIndexKey: a gap has no value of its own; its place in the row tells the two apart
							<span key={`gap-${index}`} className="px-1 text-muted" aria-hidden="true">
								…
							</span>
						) : (
							<Button
								key={page}
								variant={page === current ? 'primary' : 'outline'}
								size="sm"
								aria-label={`Page ${page}`}
								aria-current={page === current ? 'page' : undefined}
								onClick={() => page !== current && onChange((page - 1) * pageSize)}
							>
								{page}
							</Button>
						),
					)}
				<Button variant="outline" size="sm" disabled={!more} onClick={() => onChange(offset + pageSize)}>
					Next
				</Button>
			</div>
		</nav>
	);
}
