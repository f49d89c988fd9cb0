/**
 * Readers' reports of reviews and the editors' side of reviews: the Reviews tab's list (every
 * review, or those with open reports, with the reasons), dismissing a review's reports, and
 * removing a review (reviews.ts deletes it and recomputes the platform's numbers).
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { db, firstRow, qualified, platformRatings, platforms, reviewReports, users } from '@/server/db';
import { containsText } from '@/server/db/sql';
import { limits } from '@/server/auth/rate-limit';
import { assertCanReport } from '@/server/auth/permissions';
import type { SessionUser } from '@/server/auth/session';
import { REVIEW_NOT_FOUND } from '@/lib/validation/platforms';
import type { AdminRatingListQuery } from '@/lib/validation/admin';
import { ALREADY_REPORTED, OWN_REVIEW_REPORT } from '@/lib/validation/platform-messages';
import { Conflict, Forbidden, NotFound } from '@/server/errors';
import { checkPostingLimit } from './posting-limits';
import { affiliatedReview, findReview } from './reviews';

/** A report as editors read it: why, when and by whom. */
export type ReviewReportJson = { reason: string; createdAt: Date; reporter: string };

/** A review as the Reviews tab shows it, hidden or not, with its open reports. */
export type AdminReviewJson = {
	id: number;
	rating: number;
	review: string | null;
	pros: string | null;
	cons: string | null;
	createdAt: Date;
	platform: { id: number; slug: string; name: string };
	author: { username: string; email: string; isBanned: boolean };
	/** Written by the platform's representative (left out of the average). */
	isAffiliated: boolean;
	/** Reports not yet dismissed, newest first. */
	reports: ReviewReportJson[];
	reportCount: number;
};

export type AdminReviewList = { reviews: AdminReviewJson[]; total: number };

/**
 * Files the reader's report of a public review: from a confirmed address, once per reader and
 * review (a dismissed report still counts, so a dismissal is not undone by the same reader),
 * never of their own.
 */
export async function reportReview(
	ratingId: number,
	user: Pick<SessionUser, 'id' | 'emailVerified'>,
	reason: string,
) {
	const review = await findReview(db(), ratingId);
	if (!review) throw new NotFound(REVIEW_NOT_FOUND);
	if (review.userId === user.id) throw new Forbidden(OWN_REVIEW_REPORT);
	assertCanReport(user);
	await checkPostingLimit(limits.reportsPerUser, user.id, 'reports');
	const [row] = await db()
		.insert(reviewReports)
		.values({ ratingId, userId: user.id, reason })
		.onConflictDoNothing()
		.returning({ id: reviewReports.id });
	if (!row) throw new Conflict(ALREADY_REPORTED);
}

const openReport = isNull(reviewReports.dismissedAt);

function openReportCount() {
	return sql<number>`(select count(*) from ${reviewReports} where ${reviewReports.ratingId} = ${qualified(platformRatings.id)} and ${reviewReports.dismissedAt} is null)`.mapWith(
		Number,
	);
}

/** Matches the review's texts, its author or its platform, ignoring case. */
function reviewSearch(search: string | undefined): SQL | undefined {
	if (!search) return undefined;
	return or(
		containsText(platformRatings.review, search),
		containsText(platformRatings.pros, search),
		containsText(platformRatings.cons, search),
		containsText(users.username, search),
		containsText(platforms.name, search),
	);
}

/**
 * The Reviews tab: every review (newest first) or, with `reported`, those with open reports
 * (most reported first), searched and paged, each with its open reports.
 */
export async function listReviewsForEditors(query: AdminRatingListQuery): Promise<AdminReviewList> {
	const reportCount = openReportCount();
	const where = and(reviewSearch(query.search), query.reported ? sql`${reportCount} > 0` : undefined);
	const from = () =>
		db()
			.select({
				id: platformRatings.id,
				rating: platformRatings.rating,
				review: platformRatings.review,
				pros: platformRatings.pros,
				cons: platformRatings.cons,
				createdAt: platformRatings.createdAt,
				platformId: platforms.id,
				platformName: platforms.name,
				platformSlug: platforms.slug,
				username: users.username,
				email: users.email,
				isBanned: users.isBanned,
				isAffiliated: sql<boolean>`${affiliatedReview()}`.mapWith(Boolean),
				reportCount,
			})
			.from(platformRatings)
			.innerJoin(platforms, eq(platforms.id, platformRatings.platformId))
			.innerJoin(users, eq(users.id, platformRatings.userId));
	const order = query.reported
		? [desc(reportCount), desc(platformRatings.createdAt), desc(platformRatings.id)]
		: [desc(platformRatings.createdAt), desc(platformRatings.id)];
	const rows = await from()
		.where(where)
		.orderBy(...order)
		.limit(query.limit)
		.offset(query.offset);
	const counted = await firstRow(
		db()
			.select({ total: sql<number>`count(*)`.mapWith(Number) })
			.from(platformRatings)
			.innerJoin(platforms, eq(platforms.id, platformRatings.platformId))
			.innerJoin(users, eq(users.id, platformRatings.userId))
			.where(where),
	);
	const reports = await openReportsOf(rows.map((row) => row.id));
	return {
		reviews: rows.map(({ platformId, platformName, platformSlug, username, email, isBanned, ...row }) => ({
			...row,
			platform: { id: platformId, slug: platformSlug, name: platformName },
			author: { username, email, isBanned },
			reports: reports.get(row.id) ?? [],
		})),
		total: counted!.total,
	};
}

async function openReportsOf(ratingIds: number[]): Promise<Map<number, ReviewReportJson[]>> {
	const byReview = new Map<number, ReviewReportJson[]>();
	if (ratingIds.length === 0) return byReview;
	const rows = await db()
		.select({
			ratingId: reviewReports.ratingId,
			reason: reviewReports.reason,
			createdAt: reviewReports.createdAt,
			reporter: users.username,
		})
		.from(reviewReports)
		.innerJoin(users, eq(users.id, reviewReports.userId))
		.where(and(inArray(reviewReports.ratingId, ratingIds), openReport))
		.orderBy(desc(reviewReports.createdAt), desc(reviewReports.id));
	for (const { ratingId, ...report } of rows) {
		byReview.set(ratingId, [...(byReview.get(ratingId) ?? []), report]);
	}
	return byReview;
}

/** Dismisses a review's open reports (the review stays); 404 for an unknown review. */
export async function dismissReports(ratingId: number): Promise<{ dismissed: number }> {
	const review = await findReview(db(), ratingId, { hidden: true });
	if (!review) throw new NotFound(REVIEW_NOT_FOUND);
	const rows = await db()
		.update(reviewReports)
		.set({ dismissedAt: new Date() })
		.where(and(eq(reviewReports.ratingId, ratingId), openReport))
		.returning({ id: reviewReports.id });
	return { dismissed: rows.length };
}
