import { formatRating } from '@/lib/format';
import { SUB_RATINGS, SUB_RATING_LABELS, type SubRatings } from '@/lib/review-profile';
import { StarRating } from '@/components/platforms/StarRating';
import { reviewsLabel } from '@/components/platforms/stars';

/**
 * The platform's sub-score averages, each with its stars and how many reviews it is of (an
 * average of one review says little, and the reader should see that); those no review gave are
 * left out.
 */
export function SubRatingAverages({ averages, counts }: { averages: SubRatings; counts: SubRatings }) {
	const given = SUB_RATINGS.filter((key) => averages[key] !== null);
	if (given.length === 0) return null;
	return (
		<dl
			className="grid content-start gap-1.5 text-sm"
			aria-label="Average scores"
			data-testid="sub-rating-averages"
		>
			{given.map((key) => (
				<div key={key} className="flex flex-wrap items-center justify-between gap-x-3">
					<dt className="text-slate-700">{SUB_RATING_LABELS[key]}</dt>
					<dd className="flex items-center gap-2">
						<StarRating rating={averages[key]!} />
						<span className="w-7 text-right font-medium text-ink">{formatRating(averages[key]!)}</span>
						{/* A platform kept before the counts were shows its average alone until its next review. */}
						{!!counts[key] && (
							<span className="text-muted" data-testid="sub-rating-count">
								({reviewsLabel(counts[key])})
							</span>
						)}
					</dd>
				</div>
			))}
		</dl>
	);
}
