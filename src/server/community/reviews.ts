/**
 * Reviews (a user's rating of a platform, with optional text and details; the API and the table
 * call them ratings): one per user and platform, rated again to change it. The platform's
 * rating (the average, two decimals) and reviewCount are recomputed from the review rows in the
 * same IMMEDIATE transaction as the change, so they always equal the rows, however many
 * requests arrive at once. Each review is read with its helpful / unhelpful counts (counted
 * from its vote rows, so never out of step with them) and its representative's reply.
 *
 * Two kinds of review stay out of the numbers: a banned author's (hidden everywhere until the
 * ban is lifted) and an affiliated one (shown, marked, never counted), written by the platform's
 * own representative or by a user whose confirmed work email is at the platform's website's
 * registrable domain (affiliatedAuthors, the one rule). Both are decided when read, from the
 * author's row, the platform's row and the representatives table, so a ban, a new
 * representative, a confirmed work email or a new website needs no rewrite of the reviews (only
 * a recount of the kept numbers).
 */
import { and, asc, desc, eq, inArray, isNull, not, or, sql, type Column, type SQL } from 'drizzle-orm';
import {
	db,
	firstRow,
	integerPlaceholder,
	preparedSelect,
	qualified,
	rawRows,
	transaction,
	type Reader,
	platformRatings,
	platformRepresentatives,
	platforms,
	reviewReplies,
	reviewThemes,
	users,
} from '@/server/db';
import { halfLifeDecay, lockedForUpdate, month } from '@/server/db/sql';
import { limits } from '@/server/auth/rate-limit';
import { assertCanRate } from '@/server/auth/permissions';
import { noteForFollowers } from '@/server/platforms/digest-window';
import {
	assertPlatformExists,
	keepWebsiteDomain,
	platformChanged,
	platformsMissingWebsiteDomain,
} from '@/server/platforms/directory';
import { recordPartnerEvent } from '@/server/changes/partner-events';
import { platformHistory } from '@/server/platforms/history';
import {
	MAX_PAGE_SIZE,
	PLATFORM_NOT_FOUND,
	REVIEW_NOT_FOUND,
	REVIEW_PAGE_SIZE,
	type RatingInput,
	type RatingListQuery,
} from '@/lib/validation/platforms';
import { OWN_REVIEW_DELETE_ONLY } from '@/lib/validation/platform-messages';
import type { CompanySize, Industry, ReviewerRole, SubRatingKey, SubRatings } from '@/lib/review-profile';
import type { ReviewJson } from '@/lib/community-answers';
import type { ReviewSource, ThemeSide } from '@/lib/column-values';
import { averageRating, subRatingAverage } from '@/lib/ratings';
import {
	INCENTIVIZED_WEIGHT,
	SCORE_HALF_LIFE_DAYS,
	VENDOR_INVITED_WEIGHT,
	shownScore,
	weightedScore,
} from '@/lib/review-score';
import { checkPostingLimit } from './posting-limits';
import { spendInvitation } from './invitations';
import { mentionedIn } from './theme-mentions';
import { queueThemes } from './theme-queue';
import { Forbidden, NotFound } from '@/server/errors';

/**
 * The users affiliated with a platform (`platform`: its id, or the outer query's column): its
 * representatives, and the users whose confirmed work email's registrable domain is its website's
 * (users.work_domain = platforms.website_domain, both computed with tldts). Their reviews of it are
 * marked and never counted. The one rule: the per-review test and the recount both use it.
 */
function affiliatedAuthors(platform: SQL | number): SQL {
	return sql`select ${platformRepresentatives.userId} from ${platformRepresentatives} where ${platformRepresentatives.platformId} = ${platform} union all select ${users.id} from ${users} where ${users.workDomain} = (select ${platforms.websiteDomain} from ${platforms} where ${platforms.id} = ${platform})`;
}

/** The review's author is affiliated with the platform it is about (affiliatedAuthors). */
export function affiliatedReview(): SQL {
	return sql`${qualified(platformRatings.userId)} in (${affiliatedAuthors(qualified(platformRatings.platformId))})`;
}

/** The review is public: its author is not banned (a subquery, so a locking read locks only the review). */
export function visibleReview(): SQL {
	return sql`not exists (select 1 from ${users} where ${users.id} = ${qualified(platformRatings.userId)} and ${users.isBanned})`;
}

/** The review's author is banned: found from the few banned accounts (a partial index), not per review. */
function byBannedAuthor(): SQL {
	return sql`${platformRatings.userId} in (select ${users.id} from ${users} where ${users.isBanned})`;
}

/** The review is left out of its platform's numbers: a banned author's, or an affiliated one. */
function uncountedReview(platformId: number): SQL {
	return sql`${platformRatings.userId} in (select ${users.id} from ${users} where ${users.isBanned} union all ${affiliatedAuthors(platformId)})`;
}

/** The review counts in its platform's rating, reviewCount and distribution. */
export function countedReview(): SQL {
	return and(visibleReview(), not(affiliatedReview()))!;
}

function ratingColumns() {
	return {
		id: platformRatings.id,
		rating: platformRatings.rating,
		review: platformRatings.review,
		pros: platformRatings.pros,
		cons: platformRatings.cons,
		easeOfUse: platformRatings.easeOfUse,
		support: platformRatings.support,
		measurement: platformRatings.measurement,
		valueForMoney: platformRatings.valueForMoney,
		reviewerRole: sql<ReviewerRole | null>`${platformRatings.reviewerRole}`,
		companySize: sql<CompanySize | null>`${platformRatings.companySize}`,
		industry: sql<Industry | null>`${platformRatings.industry}`,
		isAffiliated: sql<boolean>`${affiliatedReview()}`.mapWith(Boolean),
		source: sql<ReviewSource>`${platformRatings.source}`,
		incentivized: platformRatings.incentivized,
		createdAt: platformRatings.createdAt,
		updatedAt: platformRatings.updatedAt,
		username: users.username,
		isVerified: users.emailVerified,
		verifiedWorkEmail: sql<boolean>`${users.workDomain} is not null`.mapWith(Boolean),
		helpfulCount: platformRatings.helpfulVotes,
		unhelpfulCount: platformRatings.unhelpfulVotes,
		replyContent: reviewReplies.content,
		replyCreatedAt: reviewReplies.createdAt,
		replyUpdatedAt: reviewReplies.updatedAt,
	};
}

type RatingRow = Omit<ReviewJson, 'user' | 'reply' | 'subRatings' | 'editedAt'> & {
	[K in SubRatingKey]: number | null;
} & {
	updatedAt: Date;
	username: string;
	replyContent: string | null;
	replyCreatedAt: Date | null;
	replyUpdatedAt: Date | null;
};

/**
 * A change within a minute of writing is not marked as an edit (a quick fix of a typo), and rows
 * written before both stamps shared one instant may have them a clock's skew apart.
 */
const EDIT_GRACE_MS = 60_000;

function ratingJson({
	username,
	replyContent,
	replyCreatedAt,
	replyUpdatedAt,
	easeOfUse,
	support,
	measurement,
	valueForMoney,
	updatedAt,
	...row
}: RatingRow): ReviewJson {
	const reply =
		replyContent !== null && replyCreatedAt && replyUpdatedAt
			? {
					content: replyContent,
					createdAt: replyCreatedAt,
					updatedAt: replyUpdatedAt,
				}
			: null;
	return {
		...row,
		subRatings: { easeOfUse, support, measurement, valueForMoney },
		editedAt: updatedAt.getTime() - row.createdAt.getTime() > EDIT_GRACE_MS ? updatedAt : null,
		user: { username },
		reply,
	};
}

/** Public reviews with their author and reply; `where` picks which. */
function selectRatings(handle: Reader, where: SQL | undefined) {
	return handle
		.select(ratingColumns())
		.from(platformRatings)
		.innerJoin(users, eq(platformRatings.userId, users.id))
		.leftJoin(reviewReplies, eq(reviewReplies.ratingId, platformRatings.id))
		.where(and(where, visibleReview()));
}

/**
 * The order of a listing. Newest first is the default (a changed rating keeps its place:
 * createdAt stays); the others fall back to it on ties.
 */
function reviewOrder(sort: RatingListQuery['sort']): SQL[] {
	const newest = [desc(platformRatings.createdAt), desc(platformRatings.id)];
	switch (sort) {
		case 'helpful':
			return [desc(platformRatings.helpfulVotes), ...newest];
		case 'highest':
			return [desc(platformRatings.rating), ...newest];
		case 'lowest':
			return [asc(platformRatings.rating), ...newest];
		default:
			return newest;
	}
}

/** One page of a platform's public reviews, and how many match in all. */
export type ReviewPage = { reviews: ReviewJson[]; total: number };

/**
 * A page of a platform's public ratings in the asked order: all, or only those with `stars`
 * stars and from the reviewers of the asked role, company size and industry.
 */
export async function listReviews(
	platformId: number,
	{
		sort,
		stars,
		reviewerRole,
		companySize,
		industry,
		source,
		incentivized,
		theme,
		themeSide,
		limit = REVIEW_PAGE_SIZE,
		offset = 0,
	}: Partial<RatingListQuery> = {},
): Promise<ReviewPage> {
	await assertPlatformExists(platformId);
	const where = and(
		eq(platformRatings.platformId, platformId),
		stars === undefined ? undefined : eq(platformRatings.rating, stars),
		reviewerRole ? eq(platformRatings.reviewerRole, reviewerRole) : undefined,
		companySize ? eq(platformRatings.companySize, companySize) : undefined,
		industry ? eq(platformRatings.industry, industry) : undefined,
		source ? eq(platformRatings.source, source) : undefined,
		incentivized === undefined ? undefined : eq(platformRatings.incentivized, incentivized),
		theme === undefined
			? undefined
			: inArray(platformRatings.id, reviewsOfTheme(platformId, theme, themeSide)),
	);
	// The total is every matching review less the banned authors' (few): one index-only count
	// instead of a look at each review's author, which took tens of ms at 100,000 reviews.
	const matching = (extra?: SQL) =>
		db()
			.select({ n: sql<number>`count(*)`.mapWith(Number) })
			.from(platformRatings)
			.where(and(where, extra));
	const [rows, [all], [hidden]] = await Promise.all([
		selectRatings(db(), where)
			.orderBy(...reviewOrder(sort ?? 'newest'))
			.limit(limit)
			.offset(offset),
		matching(),
		matching(byBannedAuthor()),
	]);
	return { reviews: rows.map(ratingJson), total: all!.n - hidden!.n };
}

/**
 * The ids of the platform's reviews in `theme` (community/themes.ts), on `side` or either, in the
 * generation of mentions the platform points to (a recompute may be writing the next one).
 */
function reviewsOfTheme(platformId: number, theme: string, side: ThemeSide | undefined) {
	return db()
		.select({ id: reviewThemes.ratingId })
		.from(reviewThemes)
		.where(
			and(
				eq(reviewThemes.platformId, platformId),
				mentionedIn(
					db()
						.select({ generation: platforms.themesGeneration })
						.from(platforms)
						.where(eq(platforms.id, platformId)),
				),
				side ? eq(reviewThemes.side, side) : undefined,
				eq(reviewThemes.theme, theme),
			),
		);
}

/**
 * What a platform's feed and its followers' digests tell: its public changes and its newest
 * hundred reviews, newest first (more than a feed reader keeps or one digest window gathers).
 */
export async function platformActivity(platformId: number) {
	const [changes, { reviews }] = await Promise.all([
		platformHistory(platformId),
		listReviews(platformId, { sort: 'newest', limit: MAX_PAGE_SIZE }),
	]);
	return { changes, reviews };
}

/** How a platform's counted reviews spread over the stars, and each sub-score's average. */
export type RatingBreakdown = {
	/** Counted reviews per star, summing to the platform's reviewCount. */
	ratingDistribution: Record<'1' | '2' | '3' | '4' | '5', number>;
	/** One decimal; null when no counted review gave that sub-score. */
	subRatingAverages: SubRatings;
	/** How many counted reviews each average is of (null: kept before the counts were). */
	subRatingCounts: SubRatings;
};

/** The breakdown the platform's page draws: the figures kept on its row (zeros for no platform). */
export async function ratingBreakdown(platformId: number): Promise<RatingBreakdown> {
	const row = await firstRow(
		db()
			.select({
				stars1: platforms.stars1,
				stars2: platforms.stars2,
				stars3: platforms.stars3,
				stars4: platforms.stars4,
				stars5: platforms.stars5,
				easeOfUse: platforms.easeOfUseAverage,
				support: platforms.supportAverage,
				measurement: platforms.measurementAverage,
				valueForMoney: platforms.valueForMoneyAverage,
				easeOfUseCount: platforms.easeOfUseCount,
				supportCount: platforms.supportCount,
				measurementCount: platforms.measurementCount,
				valueForMoneyCount: platforms.valueForMoneyCount,
			})
			.from(platforms)
			.where(eq(platforms.id, platformId)),
	);
	return {
		ratingDistribution: {
			1: row?.stars1 ?? 0,
			2: row?.stars2 ?? 0,
			3: row?.stars3 ?? 0,
			4: row?.stars4 ?? 0,
			5: row?.stars5 ?? 0,
		},
		subRatingAverages: {
			easeOfUse: row?.easeOfUse ?? null,
			support: row?.support ?? null,
			measurement: row?.measurement ?? null,
			valueForMoney: row?.valueForMoney ?? null,
		},
		subRatingCounts: {
			easeOfUse: row?.easeOfUseCount ?? null,
			support: row?.supportCount ?? null,
			measurement: row?.measurementCount ?? null,
			valueForMoney: row?.valueForMoneyCount ?? null,
		},
	};
}

const SUB_RATINGS = [
	'easeOfUse',
	'support',
	'measurement',
	'valueForMoney',
] as const satisfies SubRatingKey[];

/** Per star: how many reviews, their summed score weight, and each sub-score's sum and number given. */
type StarTotals = { rating: number; count: number; weight: number } & Record<
	`${SubRatingKey}${'Sum' | 'Count'}`,
	number
>;

/**
 * A review's weight in its platform's score at `now` (src/lib/review-score.ts): halved per year
 * of age, and again if vendor-invited, and again if incentivized.
 */
export function reviewWeight(now: Date): SQL<number> {
	// The factors are our constants, written as literals: a bound parameter would take the type
	// of the case's other branch (an integer on PostgreSQL).
	const factor = (weight: number) => sql.raw(weight.toFixed(6));
	return sql<number>`${halfLifeDecay(platformRatings.createdAt, now, SCORE_HALF_LIFE_DAYS)} * (case when ${platformRatings.source} = 'vendor-invited' then ${factor(VENDOR_INVITED_WEIGHT)} else 1.0 end) * (case when ${platformRatings.incentivized} then ${factor(INCENTIVIZED_WEIGHT)} else 1.0 end)`;
}

/** A platform's reviews grouped by stars, read from one covering index; `extra` narrows them. */
function starTotals(handle: Reader, platformId: number, extra?: SQL): Promise<StarTotals[]> {
	const sum = (column: Column) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
	const given = (column: Column) => sql<number>`count(${column})`.mapWith(Number);
	return handle
		.select({
			rating: platformRatings.rating,
			count: sql<number>`count(*)`.mapWith(Number),
			weight: sql<number>`coalesce(sum(${reviewWeight(new Date())}), 0)`.mapWith(Number),
			easeOfUseSum: sum(platformRatings.easeOfUse),
			easeOfUseCount: given(platformRatings.easeOfUse),
			supportSum: sum(platformRatings.support),
			supportCount: given(platformRatings.support),
			measurementSum: sum(platformRatings.measurement),
			measurementCount: given(platformRatings.measurement),
			valueForMoneySum: sum(platformRatings.valueForMoney),
			valueForMoneyCount: given(platformRatings.valueForMoney),
		})
		.from(platformRatings)
		.where(and(eq(platformRatings.platformId, platformId), extra))
		.groupBy(platformRatings.rating);
}

/**
 * A platform's numbers from its counted reviews: all its reviews less the uncounted ones
 * (banned or affiliated authors, found from those few accounts), so no review's author is
 * looked up one by one.
 */
async function countedNumbers(tx: Reader, platformId: number) {
	const [all, uncounted] = await Promise.all([
		starTotals(tx, platformId),
		starTotals(tx, platformId, uncountedReview(platformId)),
	]);
	const total = (key: keyof StarTotals, stars?: number) => {
		const of = (rows: StarTotals[]) =>
			rows.filter((row) => stars === undefined || row.rating === stars).reduce((n, row) => n + row[key], 0);
		return of(all) - of(uncounted);
	};
	const average = (key: SubRatingKey) => subRatingAverage(total(`${key}Sum`), total(`${key}Count`));
	const reviewCount = total('count');
	const starSum = [1, 2, 3, 4, 5].reduce((sum, stars) => sum + stars * total('count', stars), 0);
	const weightedStars = [1, 2, 3, 4, 5].reduce((sum, stars) => sum + stars * total('weight', stars), 0);
	return {
		rating: averageRating(starSum, reviewCount),
		// No counted review: 0 exactly, whatever float remainder the subtraction left.
		score: reviewCount === 0 ? 0 : weightedScore(weightedStars, total('weight')),
		reviewCount,
		stars1: total('count', 1),
		stars2: total('count', 2),
		stars3: total('count', 3),
		stars4: total('count', 4),
		stars5: total('count', 5),
		...Object.fromEntries(SUB_RATINGS.map((key) => [`${key}Average`, average(key)])),
		...Object.fromEntries(SUB_RATINGS.map((key) => [`${key}Count`, total(`${key}Count`)])),
	} as {
		rating: number;
		score: number;
		reviewCount: number;
		stars1: number;
		stars2: number;
		stars3: number;
		stars4: number;
		stars5: number;
	} & Record<`${SubRatingKey}Average`, number | null> &
		Record<`${SubRatingKey}Count`, number>;
}

/** One month of a platform's rating trend: its counted reviews' average (two decimals, as the rating) and number. */
export type RatingTrendPoint = {
	month: string;
	average: number;
	count: number;
};

/**
 * The platform's counted reviews grouped by the month (UTC) they were first written, oldest
 * first; months without a review are left out. 404 for an unknown platform.
 */
export async function ratingTrend(platformId: number): Promise<RatingTrendPoint[]> {
	await assertPlatformExists(platformId);
	const byMonth = month(platformRatings.createdAt);
	const rows = await db()
		.select({
			month: byMonth,
			sum: sql<number>`sum(${platformRatings.rating})`.mapWith(Number),
			count: sql<number>`count(*)`.mapWith(Number),
		})
		.from(platformRatings)
		.where(and(eq(platformRatings.platformId, platformId), countedReview()))
		.groupBy(byMonth)
		.orderBy(byMonth);
	return rows.map((row) => ({
		month: row.month,
		average: averageRating(row.sum, row.count),
		count: row.count,
	}));
}

/**
 * A public review's platform and author, or undefined. With `lock`, its row stays locked until
 * the transaction ends (votes and replies on one review take turns). `hidden` finds a banned
 * author's too (editors remove those).
 */
export function findReview(tx: Reader, ratingId: number, { lock = false, hidden = false } = {}) {
	const query = tx
		.select({
			platformId: platformRatings.platformId,
			userId: platformRatings.userId,
		})
		.from(platformRatings)
		.where(and(eq(platformRatings.id, ratingId), hidden ? undefined : visibleReview()));
	return firstRow(lock ? lockedForUpdate(query) : query);
}

/** One review as listings show it (after a change), or undefined. */
export async function readReview(tx: Reader, ratingId: number): Promise<ReviewJson | undefined> {
	const row = await firstRow(selectRatings(tx, eq(platformRatings.id, ratingId)));
	return row && ratingJson(row);
}

/** A reader's own review of a platform, prepared once: every platform page they open asks it. */
const ownReview = preparedSelect('own_review', (database) =>
	selectRatings(
		database,
		and(
			eq(platformRatings.platformId, integerPlaceholder('platformId')),
			eq(platformRatings.userId, integerPlaceholder('userId')),
		),
	),
);

/**
 * The user's own public review of the platform, or null: the rating form edits it wherever it
 * stands in the paged list.
 */
export async function findOwnReview(platformId: number, userId: number): Promise<ReviewJson | null> {
	const [row] = await ownReview({ platformId, userId });
	return row ? ratingJson(row) : null;
}

/**
 * Recomputes a platform's rating, reviewCount and breakdown from its counted rating rows. Runs
 * in the transaction that changed a rating, after the platform row was locked, so two ratings
 * of one platform recompute one after the other and the kept numbers always equal the rows.
 */
async function refreshPlatformRating(tx: Reader, platformId: number) {
	const numbers = await countedNumbers(tx, platformId);
	await tx.update(platforms).set(numbers).where(eq(platforms.id, platformId));
	// Whatever changed the numbers may change what users like and dislike: recomputed in the background.
	await queueThemes(tx, platformId);
	return {
		rating: numbers.rating,
		score: shownScore(numbers.score),
		reviewCount: numbers.reviewCount,
	};
}

export type RateResult = {
	/** True when this was the user's first rating of the platform (the endpoint answers 201). */
	created: boolean;
	rating: ReviewJson;
	platform: { rating: number; score: number; reviewCount: number };
};

/**
 * One rating per user and platform: rating again replaces the score and review (an upsert on
 * the unique index), keeping the original createdAt. The platform row is locked first, which
 * also serializes concurrent ratings of one platform for the recompute.
 */
export async function rate(platformId: number, userId: number, input: RateInput): Promise<RateResult> {
	await checkPostingLimit(limits.ratingsPerUser, userId, 'ratings');
	const values = ratingValues(input);
	const now = new Date();
	const result = await transaction(async (tx) => {
		const platform = await lockPlatform(tx, platformId);
		if (!platform) return undefined;
		assertCanRate(await representedPlatform(tx, userId), platformId);
		// An invitation spent here labels the review (new or rated again) vendor-invited.
		const source = input.invitation ? await spendInvitation(tx, platformId, input.invitation) : undefined;
		const existing = await firstRow(
			tx
				.select({ id: platformRatings.id })
				.from(platformRatings)
				.where(and(eq(platformRatings.platformId, platformId), eq(platformRatings.userId, userId))),
		);
		const [row] = await tx
			.insert(platformRatings)
			// Dated by this node's clock, the one the score weighs ages with (not the database's).
			.values({
				platformId,
				userId,
				...values,
				...source,
				createdAt: now,
				updatedAt: now,
			})
			.onConflictDoUpdate({
				target: [platformRatings.platformId, platformRatings.userId],
				set: { ...values, ...source, updatedAt: now },
			})
			.returning({ id: platformRatings.id });
		const rating = (await readReview(tx, row!.id))!;
		// A new review is news for the platform's followers and representatives, and for partners.
		if (!existing) {
			await noteForFollowers(tx, platformId, rating.createdAt, { review: true });
			const { id, review, pros, cons, createdAt, user } = rating;
			await recordPartnerEvent(
				tx,
				{
					type: 'review.created',
					data: { id, platformId, rating: rating.rating, review, pros, cons, createdAt, user: user.username },
				},
				now,
			);
		}
		return { created: !existing, rating, platform: await refreshPlatformRating(tx, platformId) };
	});
	if (!result) throw new NotFound(PLATFORM_NOT_FOUND);
	platformChanged({ id: platformId, kind: 'rated' });
	return result;
}

/** What rate() takes: the stars and review, and any of the structured parts. */
export type RateInput = Pick<RatingInput, 'rating' | 'review'> & Partial<RatingInput>;

/** The row's values of a rating; a part left out is stored as null (rating again replaces all). */
function ratingValues({ subRatings, invitation: _, ...input }: RateInput) {
	return {
		rating: input.rating,
		review: input.review,
		pros: input.pros ?? null,
		cons: input.cons ?? null,
		easeOfUse: subRatings?.easeOfUse ?? null,
		support: subRatings?.support ?? null,
		measurement: subRatings?.measurement ?? null,
		valueForMoney: subRatings?.valueForMoney ?? null,
		reviewerRole: input.reviewerRole ?? null,
		companySize: input.companySize ?? null,
		industry: input.industry ?? null,
		incentivized: input.incentivized ?? false,
	};
}

/** Locks the platform's row (ratings of one platform take turns); undefined if it is gone. */
export function lockPlatform(tx: Reader, platformId: number) {
	return firstRow(
		lockedForUpdate(tx.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, platformId))),
	);
}

/** The platform the user represents, or null. */
async function representedPlatform(tx: Reader, userId: number): Promise<number | null> {
	const row = await firstRow(
		tx
			.select({ platformId: platformRepresentatives.platformId })
			.from(platformRepresentatives)
			.where(eq(platformRepresentatives.userId, userId)),
	);
	return row?.platformId ?? null;
}

/**
 * Deletes a review and recomputes its platform's numbers in the same transaction (its votes,
 * reply and reports go with it: ON DELETE CASCADE). `byAuthor` is the user who must have
 * written it (an author deleting their own), or null for an editor's removal.
 */
export async function deleteReview(ratingId: number, byAuthor: number | null): Promise<void> {
	const platformId = await transaction(async (tx) => {
		const review = await findReview(tx, ratingId, {
			hidden: byAuthor === null,
		});
		if (!review) throw new NotFound(REVIEW_NOT_FOUND);
		if (byAuthor !== null && review.userId !== byAuthor) throw new Forbidden(OWN_REVIEW_DELETE_ONLY);
		await lockPlatform(tx, review.platformId);
		await tx.delete(platformRatings).where(eq(platformRatings.id, ratingId));
		await refreshPlatformRating(tx, review.platformId);
		return review.platformId;
	});
	platformChanged({ id: platformId, kind: 'rated' });
}

/**
 * Recomputes the numbers of the given platforms (each locked in turn, in id order so two
 * recounts cannot wait on each other) after something outside the reviews changed which of
 * them count: an author banned or unbanned, a representative named or removed.
 */
export async function recountPlatforms(platformIds: Iterable<number>): Promise<void> {
	const ids = [...new Set(platformIds)].sort((a, b) => a - b);
	if (ids.length === 0) return;
	await transaction(async (tx) => {
		for (const id of ids) {
			if (await lockPlatform(tx, id)) await refreshPlatformRating(tx, id);
		}
	});
	for (const id of ids) platformChanged({ id, kind: 'rated' });
}

/**
 * Recounts the platforms rated before the score or the sub-score counts were kept (a score still
 * the column's 0, or no counts), or before the rating had two decimals (a kept rating other than
 * its kept stars' average): a housekeeping chore, so a database migrated with reviews gets them
 * without data SQL in the migration. Once recounted, nothing is found.
 */
export async function scoreUnscoredPlatforms(): Promise<void> {
	const rows = await db()
		.select({
			id: platforms.id,
			unscored: sql<boolean>`${or(eq(platforms.score, 0), isNull(platforms.easeOfUseCount))}`.mapWith(
				Boolean,
			),
			rating: platforms.rating,
			reviewCount: platforms.reviewCount,
			stars1: platforms.stars1,
			stars2: platforms.stars2,
			stars3: platforms.stars3,
			stars4: platforms.stars4,
			stars5: platforms.stars5,
		})
		.from(platforms)
		.where(sql`${platforms.reviewCount} > 0`);
	const stale = rows.filter((row) => {
		const starSum = row.stars1 + 2 * row.stars2 + 3 * row.stars3 + 4 * row.stars4 + 5 * row.stars5;
		return row.unscored || averageRating(starSum, row.reviewCount) !== row.rating;
	});
	await recountPlatforms(stale.map((row) => row.id));
}

/**
 * Fills the website domain of platforms saved before it was kept (a housekeeping chore: the
 * public suffix list is code, not SQL a migration could run) and recounts them, since the domain
 * may make some of their reviews affiliated. Once filled, the query finds nothing.
 */
export async function fillWebsiteDomains(): Promise<void> {
	const missing = await platformsMissingWebsiteDomain();
	for (const { id, domain } of missing) await keepWebsiteDomain(id, domain);
	await recountPlatforms(missing.map((row) => row.id));
}

/** Every platform the user has rated: a ban or unban, or a confirmed work email, changes their numbers. */
export async function platformsRatedBy(userId: number): Promise<number[]> {
	const rows = await db()
		.select({ platformId: platformRatings.platformId })
		.from(platformRatings)
		.where(eq(platformRatings.userId, userId));
	return rows.map((row) => row.platformId);
}

/**
 * For each other platform, how many readers reviewed both it and this one (a reader reviews a
 * platform once, so a count of pairs is a count of readers); platforms with none are absent.
 */
export async function readersWhoReviewedBoth(platformId: number): Promise<Map<number, number>> {
	const rows = await rawRows<{
		platformId: number;
		readers: number | string;
	}>(sql`
		select other.platform_id as "platformId", count(*) as "readers"
		from platform_ratings own
		join platform_ratings other on other.user_id = own.user_id and other.platform_id <> own.platform_id
		where own.platform_id = ${platformId}
		group by other.platform_id`);
	return new Map(rows.map((row) => [Number(row.platformId), Number(row.readers)]));
}
