import { cn } from '@/lib/class-names';
import { StarIcon } from '@/components/platforms/StarRating';

export type StarHistogramProps = {
	/** Counted reviews per star (the platform's ratingDistribution): index 0 holds the 1-star count. */
	counts: number[];
	/** The star filter in force (undefined: all). */
	selected: number | undefined;
	/** Shows only the reviews with these stars, or all again when they were already chosen. */
	onSelect: (stars: number | undefined) => void;
};

/**
 * How the ratings spread over 1 to 5 stars, one bar each. Each row is a button that filters the
 * reviews to its stars (pressed again, it clears the filter); rows with no review are disabled.
 */
export function StarHistogram({ counts, selected, onSelect }: StarHistogramProps) {
	const total = counts.reduce((a, b) => a + b, 0);
	return (
		<ul className="grid gap-1" aria-label="Ratings by stars" data-testid="star-histogram">
			{[5, 4, 3, 2, 1].map((stars) => {
				const count = counts[stars - 1] ?? 0;
				const share = total === 0 ? 0 : Math.round((count / total) * 100);
				const pressed = selected === stars;
				return (
					<li key={stars}>
						<button
							type="button"
							aria-pressed={pressed}
							disabled={count === 0 && !pressed}
							onClick={() => onSelect(pressed ? undefined : stars)}
							className={cn(
								'flex w-full items-center gap-2 rounded-md px-1.5 py-1 text-left text-sm text-slate-700',
								'hover:bg-canvas focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
								'disabled:cursor-default disabled:opacity-60 disabled:hover:bg-transparent',
								pressed && 'bg-brand-50 ring-1 ring-brand-300',
							)}
							data-stars={stars}
						>
							<span className="inline-flex w-12 shrink-0 items-center gap-1 font-medium">
								{stars}
								<StarIcon className="size-3.5 text-amber-500" />
								<span className="sr-only">{stars === 1 ? 'star' : 'stars'}:</span>
							</span>
							<span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
								<span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
							</span>
							<span className="w-16 shrink-0 text-right text-xs text-muted">
								{count} {count === 1 ? 'review' : 'reviews'}
							</span>
						</button>
					</li>
				);
			})}
		</ul>
	);
}
