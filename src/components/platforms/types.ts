/**
 * What the platform endpoints answer, as islands see it. Type-only imports: nothing from
 * src/server reaches a bundle, and the shapes stay defined once, next to the queries (the
 * review and comment answers, which the stores read too, in src/lib/community-answers.ts).
 */
import type { PlatformComment, PlatformRating, ReviewReply } from '@/lib/community-answers';
import type { PlatformJson } from '@/server/platforms/directory';
import type { RatingBreakdown } from '@/server/community/reviews';
import type { ReviewVoteResult, VoteResult } from '@/server/community/votes';

export type Platform = PlatformJson;
/** GET /api/platforms/{id}: the platform with its ratings' breakdown. */
export type PlatformDetail = PlatformJson & RatingBreakdown;
export type { RatingBreakdown };
export type { PlatformComment, PlatformRating, ReviewReply };
export type { ReviewVoteResult, VoteResult };

/** What a directory card shows (the listing's static first page carries only this). */
export type PlatformCardData = Pick<
	Platform,
	| 'id'
	| 'slug'
	| 'name'
	| 'logo'
	| 'category'
	| 'description'
	| 'features'
	| 'isRecommended'
	| 'rating'
	| 'reviewCount'
>;

/** A platform's average, weighted score and count, as POST /api/platforms/{id}/ratings answers them. */
export type RatingSummary = { rating: number; score: number; reviewCount: number };
export type RateResponse = { rating: PlatformRating; platform: RatingSummary };
