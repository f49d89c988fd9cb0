import type { Wire } from '@/lib/wire';
/**
 * What the platform endpoints answer, as islands see it. Type-only imports: nothing from
 * src/server reaches a bundle, and the shapes stay defined once, next to the queries.
 */
import type { PlatformJson } from '@/server/platforms/directory';
import type { CommentJson } from '@/server/community/comments';
import type { RatingBreakdown, ReviewJson, ReviewReplyJson } from '@/server/community/reviews';
import type { ReviewVoteResult, VoteResult } from '@/server/community/votes';

export type Platform = PlatformJson;
/** GET /api/platforms/{id}: the platform with its ratings' breakdown. */
export type PlatformDetail = PlatformJson & RatingBreakdown;
export type { RatingBreakdown };
export type ReviewReply = Wire<ReviewReplyJson>;
export type PlatformRating = Omit<Wire<ReviewJson>, 'reply'> & { reply: ReviewReply | null };
export type PlatformComment = Wire<CommentJson>;
export type VoteType = 'helpful' | 'unhelpful';
export type { ReviewVoteResult, VoteResult };

/** What a directory card shows (the listing's static first page carries only this). */
export type PlatformCardData = Pick<
	Platform,
	| 'id'
	| 'name'
	| 'logo'
	| 'category'
	| 'description'
	| 'features'
	| 'isRecommended'
	| 'rating'
	| 'reviewCount'
>;

/** A platform's average and count, as POST /api/platforms/{id}/ratings answers them. */
export type RatingSummary = { rating: number; reviewCount: number };
export type RateResponse = { rating: PlatformRating; platform: RatingSummary };
