import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/class-names';
import { TOTAL_COUNT_HEADER, apiRequest, apiResponse } from '@/lib/api-client';
import { formatRating } from '@/lib/format';
import { REVIEW_FILTERS, REVIEW_FILTER_OPTIONS } from '@/lib/review-profile';
import {
	REVIEW_SORTS,
	REVIEW_SORT_LABELS,
	SIGN_IN_TO_VOTE_ON_REVIEWS,
	type ReviewSort,
} from '@/lib/validation/platform-messages';
import { $castVotes, $ownReview, $readVotes, recordMyVote, recordOwnReview } from '@/stores/my-votes';
import { toast } from '@/stores/toast';
import type { PublicUser } from '@/lib/validation/auth';
import { Spinner } from '@/components/ui/Spinner';
import { buttonClasses } from '@/components/ui/button-classes';
import { FilterSelect } from '@/components/content/FilterSelect';
import { StarRating } from '@/components/platforms/StarRating';
import { reviewsLabel } from '@/components/platforms/stars';
import { reviewAnchor, reviewFromFragment } from '@/components/platforms/anchors';
import type {
	PlatformDetail,
	PlatformRating,
	RateResponse,
	RatingBreakdown,
	RatingSummary,
	ReviewReply,
	ReviewVoteResult,
} from '@/components/platforms/types';
import type { VoteType } from '@/lib/column-values';
import { LoadError } from '@/components/ui/LoadError';
import { BadgeEmbed } from './BadgeEmbed';
import { ReviewForm } from './ReviewForm';
import { ReviewList } from './ReviewList';
import { StarHistogram } from './StarHistogram';
import { SubRatingAverages } from './SubRatingAverages';
import { ensureSignedIn, reportFailure } from './session';
import {
	DEFAULT_REVIEW_QUERY,
	REVIEW_LABEL_FILTERS,
	hasMoreReviews,
	labelFilterValue,
	withLabelFilter,
	reviewQueryString,
	withReviewQuery,
	type ReviewQuery,
} from './review-query';

export type ReviewsSectionProps = {
	platformId: number;
	platformSlug: string;
	platformName: string;
	user: PublicUser | null | undefined;
	/** Whether the sign-in prompt shows (useSignedOut). */
	signedOut: boolean;
	summary: RatingSummary;
	/** How the counted reviews spread over the stars, and the sub-score averages. */
	breakdown: RatingBreakdown;
	onRated: (response: RateResponse) => void;
	/** Fresh numbers from the API (the generated page may be a few seconds behind). */
	onSummary: (summary: RatingSummary) => void;
	/** The reviews the page was generated with (the first page), shown until the island's own read arrives. */
	initialReviews?: PlatformRating[];
	/** How many public reviews there were in all. */
	initialReviewTotal?: number;
	/** The sort and filters the page address asked for, and the reviews the page listed for them. */
	initialQuery?: ReviewQuery;
	initialListing?: PlatformRating[];
	initialListingTotal?: number;
};

/** A page of the list and how many match in all (X-Total-Count). */
async function readPage(path: string): Promise<{ list: PlatformRating[]; total: number }> {
	const { data, headers } = await apiResponse<PlatformRating[]>('GET', path);
	return { list: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

/** The list's query with the offset of its next page. */
function pageQuery(listingQuery: string, offset: number): string {
	const params = new URLSearchParams(listingQuery);
	if (offset > 0) params.set('offset', String(offset));
	const text = params.toString();
	return text ? `?${text}` : '';
}

/** The list with a further page after it (a review already shown is not shown twice). */
function appended(list: PlatformRating[], page: PlatformRating[]): PlatformRating[] {
	const shown = new Set(list.map((review) => review.id));
	return [...list, ...page.filter((review) => !shown.has(review.id))];
}

/** Whether the query filters by the reviewer or a label (a star filter has a message of its own). */
function isFiltered(query: ReviewQuery): boolean {
	return (
		REVIEW_FILTERS.some((key) => query[key]) || query.source !== undefined || query.incentivized !== undefined
	);
}

/** A new or changed rating takes its place in the list at once (newest first; a change keeps its spot). */
function upsert(reviews: PlatformRating[], rating: PlatformRating): PlatformRating[] {
	return reviews.some((review) => review.id === rating.id)
		? reviews.map((review) => (review.id === rating.id ? rating : review))
		: [rating, ...reviews];
}

/**
 * User reviews with their average and count, a star histogram, sub-score averages, sort, star
 * and reviewer filters (kept in the page address), helpful votes, reports, the platform's
 * replies, and the rating form. `reviews` is the newest public reviews, a page at a time ('Load
 * more reviews' reads the next); a sort or filter other than the default shows the API's pages
 * for it instead. The viewer's own review comes from the list or, further down, from their read
 * of the page (stores/my-votes.ts).
 */
export function ReviewsSection({
	platformId,
	platformSlug,
	platformName,
	user,
	signedOut,
	summary,
	breakdown: initialBreakdown,
	onRated,
	onSummary,
	initialReviews,
	initialReviewTotal,
	initialQuery,
	initialListing,
	initialListingTotal,
}: ReviewsSectionProps) {
	const [reviews, setReviews] = useState<PlatformRating[] | null>(initialReviews ?? null);
	const [reviewTotal, setReviewTotal] = useState(initialReviewTotal ?? initialReviews?.length ?? 0);
	/** When the list shown was read (undefined: the generated one, which shows dates). */
	const [now, setNow] = useState<number>();
	const [failed, setFailed] = useState(false);
	const [attempt, setAttempt] = useState(0);
	const ownRead = useStore($ownReview);
	const own = user
		? (reviews?.find((review) => review.user.username === user.username) ??
			(ownRead?.user.username === user.username ? ownRead : undefined))
		: undefined;
	const [query, setQuery] = useState<ReviewQuery>(initialQuery ?? DEFAULT_REVIEW_QUERY);
	const { sort, stars } = query;
	const setStars = (next: number | undefined) => setQuery((current) => ({ ...current, stars: next }));
	const [breakdown, setBreakdown] = useState(initialBreakdown);
	/** On a phone the form and the list's controls wait behind a button, so the reviews come first. */
	const [formOpen, setFormOpen] = useState(false);
	const [controlsOpen, setControlsOpen] = useState(() => !!initialQuery && isFiltered(initialQuery));
	/** Past the first render: from then on the address follows the controls. */
	const addressFollows = useRef(false);
	/** The sorted or filtered listing (null: the default, which is `reviews`). */
	const [listing, setListing] = useState<PlatformRating[] | null>(initialListing ?? null);
	const [listingTotal, setListingTotal] = useState(initialListingTotal ?? initialListing?.length ?? 0);
	const [listingBusy, setListingBusy] = useState(false);
	const [loadingMore, setLoadingMore] = useState(false);
	const readVotes = useStore($readVotes);
	const castVotes = useStore($castVotes);
	const [voting, setVoting] = useState<number | null>(null);
	/** Votes recorded while the lists were being read: the read must not put back what they replaced. */
	const votedDuringLoad = useRef(new Map<number, ReviewVoteResult>());
	const listingQuery = reviewQueryString(query);
	/** A review the address names (#review-N, a feed item's link) that the list may not show yet. */
	const wanted = useRef<number | undefined>(undefined);

	// The address follows the controls (the page was rendered with the address's own query).
	useEffect(() => {
		if (!addressFollows.current) {
			addressFollows.current = true;
			return;
		}
		const next = withReviewQuery(window.location.href, query);
		if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
			window.history.replaceState(window.history.state, '', next);
		}
	}, [query]);

	/** The platform's numbers as the API has them now (after a change of the reviews). */
	async function readNumbers() {
		const platform = await apiRequest<PlatformDetail>('GET', `/api/platforms/${platformId}`);
		onSummary({ rating: platform.rating, score: platform.score, reviewCount: platform.reviewCount });
		setBreakdown({
			ratingDistribution: platform.ratingDistribution,
			subRatingAverages: platform.subRatingAverages,
			subRatingCounts: platform.subRatingCounts,
		});
	}

	// biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry; onSummary only sets state and withVotesDuringLoad reads a ref
	useEffect(() => {
		let current = true;
		setFailed(false);
		Promise.all([
			readPage(`/api/platforms/${platformId}/ratings`),
			apiRequest<PlatformDetail>('GET', `/api/platforms/${platformId}`),
		]).then(
			([{ list, total }, platform]) => {
				if (!current) return;
				setReviews(list.map(withVotesDuringLoad));
				setReviewTotal(total);
				setNow(Date.now());
				onSummary({ rating: platform.rating, score: platform.score, reviewCount: platform.reviewCount });
				setBreakdown({
					ratingDistribution: platform.ratingDistribution,
					subRatingAverages: platform.subRatingAverages,
					subRatingCounts: platform.subRatingCounts,
				});
			},
			() => current && setFailed(true),
		);
		return () => {
			current = false;
		};
	}, [platformId, attempt]); // onSummary only sets state: any render's copy will do

	// The sorted or filtered listing, read again whenever its query changes.
	// biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry; withVotesDuringLoad reads a ref
	useEffect(() => {
		if (!listingQuery) {
			setListing(null);
			return;
		}
		let current = true;
		setListingBusy(true);
		readPage(`/api/platforms/${platformId}/ratings${listingQuery}`).then(
			({ list, total }) => {
				if (!current) return;
				setListing(list.map(withVotesDuringLoad));
				setListingTotal(total);
				setListingBusy(false);
			},
			(error) => {
				if (!current) return;
				setListingBusy(false);
				reportFailure('Error', error, 'Failed to load the reviews. Please try again.');
			},
		);
		return () => {
			current = false;
		};
	}, [platformId, listingQuery, attempt]);

	function withVotesDuringLoad(review: PlatformRating): PlatformRating {
		const result = votedDuringLoad.current.get(review.id);
		return result
			? { ...review, helpfulCount: result.helpfulCount, unhelpfulCount: result.unhelpfulCount }
			: review;
	}

	/** Applies a change to one review wherever it is shown. */
	function patchReview(id: number, change: (review: PlatformRating) => PlatformRating) {
		const patch = (list: PlatformRating[] | null) =>
			list ? list.map((review) => (review.id === id ? change(review) : review)) : null;
		setReviews(patch);
		setListing(patch);
	}

	async function vote(review: PlatformRating, voteType: VoteType) {
		if (voting !== null || !(await ensureSignedIn(SIGN_IN_TO_VOTE_ON_REVIEWS))) return;
		setVoting(review.id);
		try {
			const result = await apiRequest<ReviewVoteResult>('POST', `/api/ratings/${review.id}/vote`, {
				voteType,
			});
			patchReview(review.id, (item) => ({
				...item,
				helpfulCount: result.helpfulCount,
				unhelpfulCount: result.unhelpfulCount,
			}));
			recordMyVote('reviews', review.id, result.voteType);
			votedDuringLoad.current.set(review.id, result);
		} catch (error) {
			reportFailure('Failed to record vote', error, 'Please try again.');
		} finally {
			setVoting(null);
		}
	}

	async function reply(review: PlatformRating, content: string): Promise<boolean> {
		try {
			const answer = await apiRequest<ReviewReply>('POST', `/api/ratings/${review.id}/reply`, { content });
			patchReview(review.id, (item) => ({ ...item, reply: answer }));
			toast({
				title: 'Reply posted',
				description: `Your response to ${review.user.username} is shown under the review.`,
			});
			return true;
		} catch (error) {
			reportFailure('Error', error, 'Failed to post your reply. Please try again.');
			return false;
		}
	}

	async function removeReply(review: PlatformRating) {
		try {
			await apiRequest('DELETE', `/api/ratings/${review.id}/reply`);
			patchReview(review.id, (item) => ({ ...item, reply: null }));
			toast({ title: 'Reply removed', description: 'The response no longer shows under the review.' });
		} catch (error) {
			reportFailure('Error', error, 'Failed to remove the reply. Please try again.');
		}
	}

	/** The next page of the list shown (the default list or the sorted and filtered one). */
	async function loadMore(shownCount: number) {
		const query = listingQuery;
		setLoadingMore(true);
		try {
			const { list, total } = await readPage(
				`/api/platforms/${platformId}/ratings${pageQuery(query, shownCount)}`,
			);
			const page = list.map(withVotesDuringLoad);
			if (query) {
				setListing((shown) => appended(shown ?? [], page));
				setListingTotal(total);
			} else {
				setReviews((shown) => appended(shown ?? [], page));
				setReviewTotal(total);
			}
		} catch (error) {
			reportFailure('Error', error, 'Failed to load more reviews. Please try again.');
		} finally {
			setLoadingMore(false);
		}
	}

	// A feed links to every review (#review-N), the page lists the newest first: read further
	// pages until the named review shows, then go to it (the browser found nothing to scroll to).
	// biome-ignore lint/correctness/useExhaustiveDependencies: loadMore reads the current state; it runs again when the list grows
	useEffect(() => {
		if (now === undefined) {
			// Until the island's own read. A review the generated list holds, the browser went to.
			const id = reviewFromFragment(window.location.hash);
			if (!initialReviews?.some((review) => review.id === id)) wanted.current ??= id;
			return;
		}
		const id = wanted.current;
		if (id === undefined || listing || !reviews || loadingMore) return;
		if (reviews.some((review) => review.id === id)) {
			wanted.current = undefined;
			document.getElementById(reviewAnchor(id))?.scrollIntoView();
		} else if (hasMoreReviews(reviews.length, reviewTotal)) {
			void loadMore(reviews.length);
		} else {
			wanted.current = undefined;
		}
	}, [now, reviews, reviewTotal, listing, loadingMore]);

	function rated(response: RateResponse) {
		if (!own) setReviewTotal((total) => total + 1);
		recordOwnReview(response.rating);
		setReviews((list) => upsert(list ?? [], response.rating));
		setNow(Date.now());
		// A sorted or filtered listing is read again with the new rating in its place.
		if (listingQuery) setAttempt((n) => n + 1);
		onRated(response);
		readNumbers().catch(() => undefined);
	}

	async function deleteOwn(review: PlatformRating) {
		try {
			await apiRequest('DELETE', `/api/ratings/${review.id}`);
			const without = (list: PlatformRating[] | null) =>
				list?.filter((item) => item.id !== review.id) ?? null;
			setReviews(without);
			setListing(without);
			setReviewTotal((total) => Math.max(0, total - 1));
			recordOwnReview(null);
			toast({ title: 'Review deleted', description: `Your review of ${platformName} is gone.` });
			await readNumbers();
		} catch (error) {
			reportFailure('Error', error, 'Failed to delete your review. Please try again.');
		}
	}

	async function report(review: PlatformRating, reason: string): Promise<boolean> {
		try {
			await apiRequest('POST', `/api/ratings/${review.id}/report`, { reason });
			toast({ title: 'Review reported', description: 'Thank you. The editors will look at it.' });
			return true;
		} catch (error) {
			reportFailure('Error', error, 'Failed to report the review. Please try again.');
			return false;
		}
	}

	const shown = listing ?? reviews;
	const shownTotal = listing ? listingTotal : reviewTotal;
	const counts = [1, 2, 3, 4, 5].map(
		(value) => breakdown.ratingDistribution[String(value) as keyof RatingBreakdown['ratingDistribution']],
	);
	const filtered = isFiltered(query);
	const actions = {
		// A vote cast here wins over the page's read of the viewer's votes (stores/my-votes.ts).
		votes: { ...readVotes.reviews, ...castVotes.reviews },
		username: user?.username,
		voting,
		onVote: vote,
		canReply: !!user && user.vendorPlatformId === platformId,
		canRemoveReply: user?.role === 'editor',
		onReply: reply,
		onRemoveReply: removeReply,
		signedIn: !!user,
		onDelete: deleteOwn,
		onReport: report,
	};

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
			{summary.reviewCount > 0 && (
				<div className="mt-4 grid gap-4 sm:grid-cols-2">
					<StarHistogram counts={counts} selected={stars} onSelect={setStars} />
					<SubRatingAverages averages={breakdown.subRatingAverages} counts={breakdown.subRatingCounts} />
				</div>
			)}
			<PhoneDisclosure
				id="review-form-panel"
				label={own ? 'Edit your review' : 'Write a review'}
				open={formOpen}
				onToggle={setFormOpen}
			>
				<div className="mt-5 rounded-lg border border-border bg-canvas p-4">
					<ReviewForm
						platformId={platformId}
						platformSlug={platformSlug}
						platformName={platformName}
						signedOut={signedOut}
						represents={!!user && user.vendorPlatformId === platformId}
						own={own}
						onRated={rated}
						onInvited={() => setFormOpen(true)}
					/>
				</div>
			</PhoneDisclosure>
			{!!user && user.vendorPlatformId === platformId && (
				<BadgeEmbed platformSlug={platformSlug} platformName={platformName} />
			)}
			{(reviews?.length ?? 0) > 0 && (
				<PhoneDisclosure
					id="review-controls-panel"
					label="Sort and filter reviews"
					open={controlsOpen}
					onToggle={setControlsOpen}
				>
					<div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="review-controls">
						<FilterSelect
							id="review-sort"
							label="Sort reviews"
							value={sort}
							onChange={(value) => setQuery((current) => ({ ...current, sort: value as ReviewSort }))}
						>
							{REVIEW_SORTS.map((value) => (
								<option key={value} value={value}>
									{REVIEW_SORT_LABELS[value]}
								</option>
							))}
						</FilterSelect>
						<FilterSelect
							id="review-stars"
							label="Filter by rating"
							value={stars === undefined ? '' : String(stars)}
							onChange={(value) => setStars(value ? Number(value) : undefined)}
						>
							<option value="">All ratings</option>
							{[5, 4, 3, 2, 1].map((value) => (
								<option key={value} value={value}>
									{value} {value === 1 ? 'star' : 'stars'}
								</option>
							))}
						</FilterSelect>
						{REVIEW_FILTERS.map((key) => (
							<FilterSelect
								key={key}
								id={`review-${key}`}
								label={REVIEW_FILTER_OPTIONS[key].label}
								value={query[key] ?? ''}
								onChange={(value) => setQuery((current) => ({ ...current, [key]: value || undefined }))}
							>
								<option value="">{REVIEW_FILTER_OPTIONS[key].all}</option>
								{Object.entries(REVIEW_FILTER_OPTIONS[key].options).map(([value, label]) => (
									<option key={value} value={value}>
										{label}
									</option>
								))}
							</FilterSelect>
						))}
						{(['source', 'incentivized'] as const).map((key) => (
							<FilterSelect
								key={key}
								id={`review-${key}`}
								label={REVIEW_LABEL_FILTERS[key].label}
								value={labelFilterValue(query, key)}
								onChange={(value) => setQuery((current) => withLabelFilter(current, key, value))}
							>
								<option value="">{REVIEW_LABEL_FILTERS[key].all}</option>
								{Object.entries(REVIEW_LABEL_FILTERS[key].options).map(([value, label]) => (
									<option key={value} value={value}>
										{label}
									</option>
								))}
							</FilterSelect>
						))}
					</div>
				</PhoneDisclosure>
			)}
			<div className="mt-4" aria-busy={listingBusy || undefined}>
				{failed ? (
					<LoadError what="the reviews" onRetry={() => setAttempt((n) => n + 1)} />
				) : shown === null ? (
					<Spinner label="Loading reviews..." className="min-h-0 py-8" />
				) : (
					<ReviewList
						reviews={shown}
						now={now}
						platformName={platformName}
						empty={
							filtered
								? 'No reviews like these yet.'
								: stars === undefined
									? undefined
									: `No ${stars}-star reviews yet.`
						}
						actions={actions}
					/>
				)}
				{!failed && shown && hasMoreReviews(shown.length, shownTotal) && (
					<div className="mt-4 flex justify-center">
						<button
							type="button"
							className={buttonClasses({ variant: 'outline' })}
							onClick={() => loadMore(shown.length)}
							disabled={loadingMore}
							aria-busy={loadingMore || undefined}
						>
							{loadingMore ? 'Loading reviews...' : `Load more reviews (${shown.length} of ${shownTotal})`}
						</button>
					</div>
				)}
			</div>
		</section>
	);
}

/**
 * Below the sm breakpoint, `children` wait behind a button (aria-expanded) until asked for; wider
 * screens always show them and no button.
 */
function PhoneDisclosure({
	id,
	label,
	open,
	onToggle,
	children,
}: {
	id: string;
	label: string;
	open: boolean;
	onToggle: (open: boolean) => void;
	children: ReactNode;
}) {
	return (
		<>
			<button
				type="button"
				className={cn(buttonClasses({ variant: 'outline' }), 'mt-4 w-full sm:hidden')}
				aria-expanded={open}
				aria-controls={id}
				onClick={() => onToggle(!open)}
			>
				{label}
			</button>
			<div id={id} className={cn(!open && 'max-sm:hidden')}>
				{children}
			</div>
		</>
	);
}
