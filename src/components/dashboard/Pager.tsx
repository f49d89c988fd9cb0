import { Button } from '../ui/Button';

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

/** Previous / Next with 'Showing x-y of n'; nothing when everything fits on one page. */
export function Pager({ offset, pageSize, count, total, hasMore, label, onChange }: PagerProps) {
	const more = total !== undefined ? offset + count < total : !!hasMore;
	if (offset === 0 && !more) return null;
	const first = count === 0 ? 0 : offset + 1;
	const last = offset + count;
	return (
		<nav
			aria-label={`${label} pages`}
			className="mt-4 flex flex-wrap items-center justify-between gap-3"
		>
			<p className="text-sm text-muted" aria-live="polite">
				Showing {first}-{last}
				{total !== undefined && ` of ${total}`}
			</p>
			<div className="flex gap-2">
				<Button
					variant="outline"
					size="sm"
					disabled={offset === 0}
					onClick={() => onChange(Math.max(0, offset - pageSize))}
				>
					Previous
				</Button>
				<Button
					variant="outline"
					size="sm"
					disabled={!more}
					onClick={() => onChange(offset + pageSize)}
				>
					Next
				</Button>
			</div>
		</nav>
	);
}
