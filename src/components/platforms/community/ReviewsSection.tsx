import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { formatRating } from '@/lib/format';
import type { PublicUser } from '@/lib/validation/auth';
import { Spinner } from '@/components/ui/Spinner';
import { StarRating } from '@/components/platforms/StarRating';
import { reviewsLabel } from '@/components/platforms/stars';
import type { Platform, PlatformRating, RateResponse, RatingSummary } from '@/components/platforms/types';
import { LoadError } from '@/components/ui/LoadError';
import { RatingForm } from './RatingForm';
import { ReviewList } from './ReviewList';

export type ReviewsSectionProps = {
	platformId: number;
	platformName: string;
	user: PublicUser | null | undefined;
	summary: RatingSummary;
	onRated: (response: RateResponse) => void;
	/** Fresh numbers from the API (the generated page may be a few seconds behind). */
	onSummary: (summary: RatingSummary) => void;
	/** The reviews the page was generated with, shown until the island's own read arrives. */
	initialReviews?: PlatformRating[];
};

/** A new or changed rating takes its place in the list at once (newest first; a change keeps its spot). */
function upsert(reviews: PlatformRating[], rating: PlatformRating): PlatformRating[] {
	return reviews.some((review) => review.id === rating.id)
		? reviews.map((review) => (review.id === rating.id ? rating : review))
		: [rating, ...reviews];
}

/** User reviews with their average and count, and the rating form. */
export function ReviewsSection({
	platformId,
	platformName,
	user,
	summary,
	onRated,
	onSummary,
	initialReviews,
}: ReviewsSectionProps) {
	const [reviews, setReviews] = useState<PlatformRating[] | null>(initialReviews ?? null);
	/** When the list shown was read (undefined: the generated one, which shows dates). */
	const [now, setNow] = useState<number>();
	const [failed, setFailed] = useState(false);
	const [attempt, setAttempt] = useState(0);
	const own = user ? reviews?.find((review) => review.user.username === user.username) : undefined;

	useEffect(() => {
		let current = true;
		setFailed(false);
		Promise.all([
			apiRequest<PlatformRating[]>('GET', `/api/platforms/${platformId}/ratings`),
			apiRequest<Platform>('GET', `/api/platforms/${platformId}`),
		]).then(
			([list, platform]) => {
				if (!current) return;
				setReviews(list);
				setNow(Date.now());
				onSummary({ rating: platform.rating, reviewCount: platform.reviewCount });
			},
			() => current && setFailed(true),
		);
		return () => {
			current = false;
		};
	}, [platformId, attempt]); // onSummary only sets state: any render's copy will do

	function rated(response: RateResponse) {
		setReviews((list) => upsert(list ?? [], response.rating));
		setNow(Date.now());
		onRated(response);
	}

	return (
		<section
			aria-labelledby="reviews-heading"
			className="rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6"
		>
			<div className="flex flex-wrap items-end justify-between gap-3">
				<h2 id="reviews-heading" className="text-xl font-semibold tracking-tight text-ink">
					User Reviews
				</h2>
				{/* Unrated, the list below says 'No reviews yet' already. */}
				{summary.reviewCount > 0 && (
					<p className="flex items-center gap-2 text-sm text-muted" data-testid="reviews-summary">
						<StarRating rating={summary.rating} />
						<span>
							<span className="font-semibold text-ink">{formatRating(summary.rating)}</span> average ·{' '}
							{reviewsLabel(summary.reviewCount)}
						</span>
					</p>
				)}
			</div>
			<div className="mt-5 rounded-lg border border-border bg-canvas p-4">
				<RatingForm
					platformId={platformId}
					platformName={platformName}
					signedOut={user === null}
					own={own}
					onRated={rated}
				/>
			</div>
			<div className="mt-4">
				{failed ? (
					<LoadError what="the reviews" onRetry={() => setAttempt((n) => n + 1)} />
				) : reviews === null ? (
					<Spinner label="Loading reviews..." className="min-h-0 py-8" />
				) : (
					<ReviewList reviews={reviews} now={now} />
				)}
			</div>
		</section>
	);
}
