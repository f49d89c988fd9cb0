import { platformPath } from '@/lib/public-paths';
import { cn } from '@/lib/class-names';
import { COMPARE_ROWS, rowDiffers, type ComparePlatform } from './compare-rows';
import { CloseIcon } from '@/components/ui/LineIcon';
import { isPlainClick } from '@/components/ui/plain-click';

/**
 * The row labels' column: pinned on the left while the platforms scroll under it, narrow enough
 * on a phone to leave room for a platform beside it, and as wide as its longest word.
 */
const LABEL_SIZE = 'w-32 px-3 py-4 sm:w-40 sm:p-4';
const LABEL_COLUMN = `sticky left-0 z-10 ${LABEL_SIZE}`;

/**
 * The heading row's cells move down with the page (./sticky-head.ts sets the shift on the
 * region), above the cells they pass over; the corner stays pinned on the left too.
 */
const HEAD_CELL = 'bg-surface [transform:translateY(var(--compare-head-shift,0px))]';

export type CompareTableProps = {
	platforms: ComparePlatform[];
	onRemove: (id: number) => void;
	/** The address of the comparison without a platform: the remove link works without JavaScript. */
	removeHref: (id: number) => string;
};

/**
 * The side-by-side table. It scrolls sideways on narrow screens (the region is focusable so
 * keyboard users can scroll it) with the row labels pinned on the left; it is positioned so the
 * screen-reader-only texts inside stay inside it instead of widening the page. Rows whose values
 * differ are tinted and say so in words ('Differs'), not by colour alone.
 */
export function CompareTable({ platforms, onRemove, removeHref }: CompareTableProps) {
	return (
		// biome-ignore lint/a11y/useSemanticElements: a named scroll container around the table, not a section of the document
		<div
			role="region"
			aria-label="Platform comparison"
			// biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways; a keyboard user focuses the region to scroll it
			tabIndex={0}
			data-compare-region
			className="relative overflow-x-auto rounded-xl border border-border bg-surface shadow-sm"
		>
			{/*
			 * Every platform column at least 12rem, beside a label column of 8rem on a phone. Fixed
			 * layout shares the width equally: a long unbroken name wraps inside its column rather
			 * than widening it until the other columns' cells scroll out of view.
			 */}
			<table
				className="w-full table-fixed border-collapse text-left text-sm"
				style={{ minWidth: `calc(8rem + ${platforms.length} * 12rem)` }}
			>
				<caption className="sr-only">
					Comparison of {platforms.map((platform) => platform.name).join(', ')}
				</caption>
				<thead>
					<tr className="border-b border-border">
						<th
							scope="col"
							className={cn(
								'sticky left-0 z-30',
								LABEL_SIZE,
								HEAD_CELL,
								'text-xs font-semibold tracking-wide text-muted uppercase',
							)}
						>
							Platform
						</th>
						{platforms.map((platform) => (
							<th
								key={platform.id}
								scope="col"
								className={cn('relative z-20 p-4 align-top', HEAD_CELL)}
								data-compare-column={platform.id}
							>
								<div className="flex items-start justify-between gap-2">
									<a
										href={platformPath(platform.slug)}
										className="min-w-0 text-base font-semibold wrap-anywhere text-ink underline-offset-4 hover:text-brand-700 hover:underline"
									>
										{platform.name}
									</a>
									<a
										href={removeHref(platform.id)}
										onClick={(event) => {
											if (!isPlainClick(event)) return;
											event.preventDefault();
											onRemove(platform.id);
										}}
										aria-label={`Remove ${platform.name} from comparison`}
										className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-ink"
									>
										<CloseIcon />
									</a>
								</div>
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{COMPARE_ROWS.map((row) => {
						const differs = rowDiffers(row, platforms);
						return (
							<tr
								key={row.key}
								data-row={row.key}
								data-differs={differs || undefined}
								className={cn('border-b border-border last:border-b-0', differs && 'bg-amber-50')}
							>
								<th
									scope="row"
									className={cn(
										LABEL_COLUMN,
										'align-top font-medium text-ink',
										differs ? 'bg-amber-50' : 'bg-surface',
									)}
								>
									<span className="block">{row.label}</span>
									{differs && (
										<span className="mt-1 inline-block rounded bg-amber-200 px-1.5 py-0.5 text-[0.7rem] font-semibold text-amber-950">
											Differs
										</span>
									)}
								</th>
								{platforms.map((platform) => (
									<td key={platform.id} className="p-4 align-top wrap-anywhere text-slate-700">
										{row.render(platform)}
									</td>
								))}
							</tr>
						);
					})}
				</tbody>
			</table>
		</div>
	);
}
