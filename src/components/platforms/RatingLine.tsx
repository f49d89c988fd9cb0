import { formatRating } from '@/lib/format';
import { cn } from '@/lib/class-names';
import { StarRating } from './StarRating';
import { reviewsLabel } from './stars';

export const NO_REVIEWS_YET = 'No reviews yet';

export type RatingLineProps = {
	rating: number;
	reviewCount: number;
	size?: 'sm' | 'md';
	/** Adds '(N reviews)' after the average. */
	withCount?: boolean;
	/** Classes of the one-decimal average. */
	ratingClassName?: string;
	className?: string;
};

/**
 * A platform's rating as cards, headers and the comparison show it: stars, the one-decimal
 * average and the review count; or 'No reviews yet' while nobody has rated it (grey stars and
 * 0.0 would read as a bad rating). Both parts are in the markup, one hidden, so the detail page
 * can switch them in place after a first rating (rating-summary.ts).
 */
export function RatingLine({
	rating,
	reviewCount,
	size = 'sm',
	withCount = true,
	ratingClassName = 'font-semibold text-ink',
	className,
}: RatingLineProps) {
	const rated = reviewCount > 0;
	return (
		<span className={cn('flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
			<span className="contents" data-when-rated="" hidden={!rated}>
				<StarRating rating={rating} size={size} />
				<span className={ratingClassName} data-summary-field="rating">
					{formatRating(rating)}
				</span>
				{withCount && (
					<span className="text-muted">
						(<span data-summary-field="reviews">{reviewsLabel(reviewCount)}</span>)
					</span>
				)}
			</span>
			<span className="text-muted" data-when-unrated="" hidden={rated}>
				{NO_REVIEWS_YET}
			</span>
		</span>
	);
}
