import { useEffect, useState } from 'react';
import { paintRatingSummary } from '@/components/platforms/rating-summary';
import type {
	PlatformComment,
	PlatformRating,
	RateResponse,
	RatingBreakdown,
	RatingSummary,
} from '@/components/platforms/types';
import { CommentsSection } from './CommentsSection';
import { ReviewsSection } from './ReviewsSection';
import type { ReviewQuery } from './review-query';
import { loadMyVotes } from '@/stores/my-votes';
import { useCurrentUser, useSignedOut } from './session';

export type PlatformCommunityProps = {
	platformId: number;
	/** Its address (/platforms/{slug}): where signing in returns to. */
	platformSlug: string;
	platformName: string;
	/** The average and count the static page was generated with. */
	summary: RatingSummary;
	/** The star distribution and sub-score averages it was generated with. */
	breakdown: RatingBreakdown;
	/** The reviews and approved comments it was generated with: readable before any script runs. */
	reviews?: PlatformRating[];
	/** How many public reviews there are in all (the page holds the first page of them). */
	reviewTotal?: number;
	comments?: PlatformComment[];
	/** The review sort and filters of the page address, with the reviews listed for them. */
	reviewQuery?: ReviewQuery;
	listing?: PlatformRating[];
	listingTotal?: number;
};

/**
 * The live part of a platform page (one island, hydrated when scrolled into view or acted on;
 * its server render already lists the reviews and approved comments): reviews
 * and the rating form, then comments with votes. A new rating updates the average and count
 * here and in the page's static header and stats card at once.
 */
export default function PlatformCommunity({
	platformId,
	platformSlug,
	platformName,
	summary: initial,
	breakdown,
	reviews,
	reviewTotal,
	comments,
	reviewQuery,
	listing,
	listingTotal,
}: PlatformCommunityProps) {
	const user = useCurrentUser();
	const signedOut = useSignedOut(user);
	const [summary, setSummary] = useState(initial);
	const userId = user === undefined ? undefined : (user?.id ?? null);

	// The viewer's votes on every review and comment here, in one read once the viewer is known.
	useEffect(() => {
		if (userId !== undefined) loadMyVotes(platformId, userId);
	}, [platformId, userId]);

	function showSummary(next: RatingSummary) {
		setSummary(next);
		paintRatingSummary(next);
	}

	return (
		<div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
			<ReviewsSection
				platformId={platformId}
				platformSlug={platformSlug}
				platformName={platformName}
				user={user}
				signedOut={signedOut}
				summary={summary}
				breakdown={breakdown}
				onRated={(response: RateResponse) => showSummary(response.platform)}
				onSummary={showSummary}
				initialReviews={reviews}
				initialReviewTotal={reviewTotal}
				initialQuery={reviewQuery}
				initialListing={listing}
				initialListingTotal={listingTotal}
			/>
			<CommentsSection
				platformId={platformId}
				platformSlug={platformSlug}
				user={user}
				signedOut={signedOut}
				initialComments={comments}
			/>
		</div>
	);
}
