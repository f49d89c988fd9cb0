/**
 * Plans the community's activity: the written reviews plus generated score-only ratings, and
 * helpful/unhelpful votes on approved comments. Pure data, keyed by slug and username; the
 * insert step turns the keys into ids. Seeded randomness keeps every run identical.
 */
import type { VoteType } from '@/lib/column-values';
import { days, hours } from './age';
import { COMMENTS } from './comments';
import { PLATFORMS, UNREVIEWED_PLATFORM } from './platforms';
import { randomInt, seededRandom, shuffled, type Random } from '@/lib/seeded-random';
import { SUB_RATINGS, type SubRatings } from '@/lib/review-profile';
import { REVIEWER_PROFILES, type ReviewerProfile } from './reviewers';
import { REVIEWS } from './reviews';
import type { Age } from './types';
import { ACTIVE_COMMUNITY, SEED_USERS } from './users';

export type RatingPlan = {
	platform: string;
	user: string;
	stars: number;
	review: string | null;
	pros: string | null;
	cons: string | null;
	/** null: the rating gives no sub-scores. */
	subRatings: SubRatings | null;
	/** undefined: the member prefers not to say. */
	reviewer: ReviewerProfile | undefined;
	rated: Age;
};

export type VotePlan = { commentIndex: number; user: string; voteType: VoteType; voted: Age };

/** Score-only ratings scatter around the written reviews' mean, so each platform keeps its character. */
const FILLER_SPREAD = 1.2;
const DEFAULT_BASE_STARS = 4;
const OLDEST_ACTIVITY = days(85);

const joinedAge = new Map(SEED_USERS.map((user) => [user.username, user.joined]));
const listedAge = new Map(PLATFORMS.map((platform) => [platform.slug, platform.listed]));

/** An age after both the platform was listed and the user joined, and not before the window. */
function activityAge(random: Random, platform: string, user: string): Age {
	const limit = Math.min(listedAge.get(platform)!, joinedAge.get(user)!, OLDEST_ACTIVITY);
	return hours(1) + Math.floor(random() * (limit - hours(2)));
}

/** The share of score-only ratings that also give sub-scores. */
const FILLER_SUB_SCORED = 0.7;

/**
 * Sub-scores for a score-only rating: its stars, moved the way the platform's written reviews
 * lean (support weaker than measurement, say), with some scatter; each platform keeps its profile.
 */
function fillerSubRatings(random: Random, stars: number, written: typeof REVIEWS): SubRatings | null {
	if (random() >= FILLER_SUB_SCORED) return null;
	const scores = {} as SubRatings;
	for (const key of SUB_RATINGS) {
		const lean = written.length
			? written.reduce((sum, review) => sum + (review.subRatings[key]! - review.stars), 0) / written.length
			: 0;
		scores[key] = Math.min(5, Math.max(1, Math.round(stars + lean + (random() * 2 - 1) * 0.8)));
	}
	return scores;
}

function fillerStars(random: Random, base: number): number {
	const stars = Math.round(base + (random() * 2 - 1) * FILLER_SPREAD);
	return Math.min(5, Math.max(1, stars));
}

export function planRatings(): RatingPlan[] {
	const random = seededRandom(20240611);
	// Apart from the stars' sequence, so adding sub-scores left every seeded rating as it was.
	const scoring = seededRandom(20240613);
	const plans: RatingPlan[] = [];
	for (const { slug } of PLATFORMS) {
		if (slug === UNREVIEWED_PLATFORM) continue;
		const written = REVIEWS.filter((review) => review.platform === slug);
		const raters = new Set(written.map((review) => review.user));
		for (const review of written) {
			plans.push({
				...review,
				reviewer: REVIEWER_PROFILES[review.user],
				rated: activityAge(random, slug, review.user),
			});
		}
		const base = written.length
			? written.reduce((sum, review) => sum + review.stars, 0) / written.length
			: DEFAULT_BASE_STARS;
		const target = Math.max(written.length, randomInt(random, 2, 8));
		const others = shuffled(random, ACTIVE_COMMUNITY).filter((user) => !raters.has(user));
		for (const user of others.slice(0, target - written.length)) {
			const stars = fillerStars(random, base);
			plans.push({
				platform: slug,
				user,
				stars,
				review: null,
				pros: null,
				cons: null,
				subRatings: fillerSubRatings(scoring, stars, written),
				reviewer: REVIEWER_PROFILES[user],
				rated: activityAge(random, slug, user),
			});
		}
	}
	return plans;
}

export function planVotes(): VotePlan[] {
	const random = seededRandom(20240612);
	const plans: VotePlan[] = [];
	COMMENTS.forEach((comment, commentIndex) => {
		if (comment.status !== 'approved') return;
		const voters = shuffled(random, ACTIVE_COMMUNITY).filter((user) => user !== comment.user);
		for (const user of voters.slice(0, randomInt(random, 0, 6))) {
			plans.push({
				commentIndex,
				user,
				voteType: random() < 0.8 ? 'helpful' : 'unhelpful',
				voted: Math.floor(random() * comment.posted),
			});
		}
	});
	return plans;
}
