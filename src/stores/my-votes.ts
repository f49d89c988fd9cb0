/**
 * The signed-in reader's own part of one platform page, read once per page (GET
 * /api/platforms/{id}/my-votes): their votes on its reviews and comments, shared by every vote
 * button, their comments waiting for moderation, which the public comment list never holds, and
 * their own review, which the paged review list may not reach.
 *
 * The read and the reader's own votes are kept apart, and a vote cast on this page always wins
 * over the read: a read that left before the vote was saved (it starts as the page loads) answers
 * the older state, and putting that back would show the saved vote as gone, so that the next tap
 * took it back.
 */
import { atom } from 'nanostores';
import { apiRequest } from '@/lib/api-client';
import type { VoteType } from '@/lib/column-values';
import type { PlatformComment, PlatformRating } from '@/lib/community-answers';

export type VoteItem = 'reviews' | 'comments';
type VotesById = Record<number, VoteType | null>;
type Votes = Record<VoteItem, VotesById>;

const none = (): Votes => ({ reviews: {}, comments: {} });

/** What the read answered. */
export const $readVotes = atom<Votes>(none());
/** The votes cast here since (null: taken back). */
export const $castVotes = atom<Votes>(none());

/** The reader's comments waiting for moderation: the read's, then those posted here. */
export const $ownPendingComments = atom<PlatformComment[]>([]);

/** The reader's own review of the platform (null: none, or not read yet). */
export const $ownReview = atom<PlatformRating | null>(null);

/** The reader rated or deleted their review on this page: the read's copy is older. */
let ownReviewChanged = false;

/** Whose votes on which platform the store holds ("platformId:userId"). */
let holds: string | undefined;

/**
 * Reads the reader's votes unless this page and reader are already read; a signed-out reader
 * (userId null) has none. A read answering for an earlier page or reader is dropped.
 */
export function loadMyVotes(platformId: number, userId: number | null): void {
	const key = userId === null ? undefined : `${platformId}:${userId}`;
	if (key === holds) return;
	holds = key;
	ownReviewChanged = false;
	$readVotes.set(none());
	$castVotes.set(none());
	$ownPendingComments.set([]);
	$ownReview.set(null);
	if (key === undefined) return;
	apiRequest<
		Record<VoteItem, Record<number, VoteType>> & {
			pendingComments: PlatformComment[];
			ownReview: PlatformRating | null;
		}
	>('GET', `/api/platforms/${platformId}/my-votes`).then(
		(answer) => {
			if (holds !== key) return;
			$readVotes.set({ reviews: answer.reviews, comments: answer.comments });
			// One posted here while the read was on its way may be in both.
			const posted = $ownPendingComments
				.get()
				.filter((c) => !answer.pendingComments.some((p) => p.id === c.id));
			$ownPendingComments.set([...posted, ...answer.pendingComments]);
			// A rating given or deleted here while the read was on its way is newer.
			if (!ownReviewChanged) $ownReview.set(answer.ownReview);
		},
		// Without the read the buttons show no vote; voting still works and shows its result.
		() => undefined,
	);
}

/** A comment the reader posted here: shown to them while it waits for moderation. */
export function recordOwnComment(comment: PlatformComment): void {
	$ownPendingComments.set([comment, ...$ownPendingComments.get()]);
}

/** A vote the server recorded (voteType null: taken back). */
export function recordMyVote(item: VoteItem, id: number, voteType: VoteType | null): void {
	const cast = $castVotes.get();
	$castVotes.set({ ...cast, [item]: { ...cast[item], [id]: voteType } });
}

/** The reader's vote on one item: the one cast here if any, else what the read answered. */
export function myVote(read: Votes, cast: Votes, item: VoteItem, id: number): VoteType | null {
	return id in cast[item] ? (cast[item][id] ?? null) : (read[item][id] ?? null);
}

/** The reader's review as rated here, or null once they deleted it. */
export function recordOwnReview(review: PlatformRating | null): void {
	ownReviewChanged = true;
	$ownReview.set(review);
}
