/**
 * The signed-in reader's own votes on one platform page's reviews and comments, read once per
 * page (GET /api/platforms/{id}/my-votes) and shared by every vote button.
 *
 * The read and the reader's own votes are kept apart, and a vote cast on this page always wins
 * over the read: a read that left before the vote was saved (it starts as the page loads) answers
 * the older state, and putting that back would show the saved vote as gone, so that the next tap
 * took it back.
 */
import { atom } from 'nanostores';
import { apiRequest } from '@/lib/api-client';
import type { VOTE_TYPES } from '@/lib/validation/platforms';

type VoteType = (typeof VOTE_TYPES)[number];

export type VoteItem = 'reviews' | 'comments';
type VotesById = Record<number, VoteType | null>;
type Votes = Record<VoteItem, VotesById>;

const none = (): Votes => ({ reviews: {}, comments: {} });

/** What the read answered. */
export const $readVotes = atom<Votes>(none());
/** The votes cast here since (null: taken back). */
export const $castVotes = atom<Votes>(none());

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
	$readVotes.set(none());
	$castVotes.set(none());
	if (key === undefined) return;
	apiRequest<Record<VoteItem, Record<number, VoteType>>>('GET', `/api/platforms/${platformId}/my-votes`).then(
		(answer) => {
			if (holds === key) $readVotes.set({ reviews: answer.reviews, comments: answer.comments });
		},
		// Without the read the buttons show no vote; voting still works and shows its result.
		() => undefined,
	);
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
