import { TimeAgo } from '@/components/content/TimeAgo';
import { StarRating } from '@/components/platforms/StarRating';
import type { PlatformRating } from '@/components/platforms/types';
import { Avatar } from './Avatar';

/**
 * The platform's reviews, newest first, or the empty-state text when there are none. Ages are
 * measured from `now`: without it (the generated HTML) dates show, made relative on load.
 */
export function ReviewList({ reviews, now }: { reviews: PlatformRating[]; now?: number }) {
	if (reviews.length === 0) {
		return (
			<p className="py-6 text-center text-sm text-muted">No reviews yet. Be the first to review!</p>
		);
	}
	return (
		<ul className="divide-y divide-border" aria-label="User reviews">
			{reviews.map((review) => (
				<li key={review.id} className="flex gap-3 py-4" data-review={review.id}>
					<Avatar username={review.user.username} />
					<div className="min-w-0 flex-1">
						<div className="flex flex-wrap items-center gap-x-3 gap-y-1">
							<span className="font-medium text-ink">{review.user.username}</span>
							{review.isVerified && (
								<span
									className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800"
									title="This reviewer's email address is verified"
									data-testid="review-verified"
								>
									✓ Verified reviewer
								</span>
							)}
							<StarRating rating={review.rating} />
							<TimeAgo value={review.createdAt} now={now} className="text-xs text-muted" />
						</div>
						{review.review && (
							<p className="mt-1.5 text-sm leading-6 whitespace-pre-line wrap-anywhere text-slate-700">
								{review.review}
							</p>
						)}
					</div>
				</li>
			))}
		</ul>
	);
}
