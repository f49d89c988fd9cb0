/**
 * The platform community's texts and limits without zod, so islands (rating, comment and vote
 * forms) can share them with the endpoints without bundling the schemas (~15 KB gzip).
 * src/lib/validation/platforms.ts re-exports everything here.
 */

/** What a visitor is told when rating, commenting or voting needs a sign-in. */
export const SIGN_IN_TO_RATE = 'Please sign in to rate platforms';
export const SIGN_IN_TO_COMMENT = 'Please sign in to comment';
export const SIGN_IN_TO_VOTE = 'Please sign in to vote on comments';
/** Votes say what other readers found helpful; an author's own vote would only inflate it. */
export const OWN_COMMENT_VOTE = 'You cannot vote on your own comment.';
export const SIGN_IN_TO_VOTE_ON_REVIEWS = 'Please sign in to vote on reviews';
export const OWN_REVIEW_VOTE = 'You cannot vote on your own review.';
/**
 * Review votes order the "Most helpful" list, so they come from proven readers: accounts with a
 * confirmed address (throw-away sign-ups cannot push a review), never the platform's own team.
 */
export const UNVERIFIED_REVIEW_VOTE = 'Please confirm your email address before voting on reviews.';
export const OWN_PLATFORM_REVIEW_VOTE =
	"A platform's representative cannot vote on reviews of that platform.";
export const SIGN_IN_TO_REPLY = 'Please sign in to reply to reviews';
/** Only the platform's own team answers its reviews (see the representatives in the dashboard). */
export const NOT_REPRESENTATIVE = "Only the platform's representative can reply to its reviews.";
export const NOT_PLATFORM_REPRESENTATIVE = "Only the platform's representative can invite reviews of it.";
/** A representative's own review, written before they spoke for the platform, is not theirs to answer. */
export const OWN_REVIEW_REPLY = 'You cannot reply to your own review.';
export const REMOVE_REPLY_DENIED = "Only the platform's representative or an editor can remove this reply.";

/** The orders of a platform's reviews; 'newest' is the default (a changed rating keeps its place). */
export const REVIEW_SORTS = ['newest', 'helpful', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
	newest: 'Newest first',
	helpful: 'Most helpful',
	highest: 'Highest rated',
	lowest: 'Lowest rated',
};
export const MAX_REPLY_LENGTH = 5000;

export const MAX_REVIEW_LENGTH = 5000;
export const MAX_COMMENT_LENGTH = 5000;
/** A new rating starts at 5 stars; a rating sent without a value counts as 5. */
export const DEFAULT_RATING = 5;

/** A platform's own team would rate it for its own sake; buyers weigh reviews from outside. */
export const REPRESENTATIVE_CANNOT_RATE =
	"A platform's representative cannot rate or review the platform they represent.";
export const OWN_REVIEW_DELETE_ONLY = 'You can delete only your own review.';
export const OWN_REVIEW_REPORT = 'You cannot report your own review.';
export const ALREADY_REPORTED = 'You have already reported this review.';
export const UNVERIFIED_REPORT = 'Please confirm your email address before reporting reviews.';
export const MAX_REPORT_REASON_LENGTH = 1000;
export const MAX_REVIEW_PART_LENGTH = 2000;

/** Following sends mail, so it waits for a confirmed address like the newsletter. */
export const SIGN_IN_TO_FOLLOW = 'Please sign in to follow platforms';
export const UNVERIFIED_FOLLOW =
	'Please confirm your email address before following platforms: their updates come by email.';
