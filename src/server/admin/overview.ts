/** The dashboard's Overview tab: counts over the whole site for the editors. */
import { eq, isNull, sql } from 'drizzle-orm';
import { articles, platformComments, platforms, rawRows, reviewReports } from '@/server/db';

/**
 * The dashboard's Overview in one round trip: the SPEC's four counts (platforms, news articles,
 * published news, featured platforms), and beside them what else waits for an editor.
 */
export type OverviewCounts = {
	/** Every platform. */
	platforms: number;
	/** Every news article, drafts included (the SPEC's "Articles"). */
	articles: number;
	/** Published news articles. */
	published: number;
	/** Platforms flagged recommended. */
	featured: number;
	/** Every education article, drafts included. */
	education: number;
	/** Comments waiting for moderation. */
	pendingComments: number;
	/** Reviews with at least one report not yet dismissed. */
	reportedReviews: number;
};

export async function overviewCounts(): Promise<OverviewCounts> {
	const news = eq(articles.kind, 'news');
	const [row] = await rawRows<Record<keyof OverviewCounts, number | string>>(sql`select
		(select count(*) from ${platforms}) as platforms,
		(select count(*) from ${articles} where ${news}) as articles,
		(select count(*) from ${articles} where ${news} and ${articles.isPublished}) as published,
		(select count(*) from ${platforms} where ${platforms.isRecommended}) as featured,
		(select count(*) from ${articles} where ${eq(articles.kind, 'education')}) as education,
		(select count(*) from ${platformComments} where ${eq(platformComments.status, 'pending')}) as "pendingComments",
		(select count(distinct ${reviewReports.ratingId}) from ${reviewReports} where ${isNull(reviewReports.dismissedAt)}) as "reportedReviews"`);
	return {
		platforms: Number(row!.platforms),
		articles: Number(row!.articles),
		published: Number(row!.published),
		featured: Number(row!.featured),
		education: Number(row!.education),
		pendingComments: Number(row!.pendingComments),
		reportedReviews: Number(row!.reportedReviews),
	};
}
