/** The dashboard's Overview tab: counts over the whole site for the editors. */
import { eq, sql } from 'drizzle-orm';
import { articles, platforms, rawRows } from '@/server/db';

/** The dashboard's Overview: four counts in one round trip. */
export type OverviewCounts = {
	/** Every platform. */
	platforms: number;
	/** Every news article, drafts included. */
	articles: number;
	/** Published news articles. */
	published: number;
	/** Platforms flagged recommended. */
	featured: number;
};

export async function overviewCounts(): Promise<OverviewCounts> {
	const news = eq(articles.kind, 'news');
	const [row] = await rawRows<Record<keyof OverviewCounts, number | string>>(sql`select
		(select count(*) from ${platforms}) as platforms,
		(select count(*) from ${articles} where ${news}) as articles,
		(select count(*) from ${articles} where ${news} and ${articles.isPublished}) as published,
		(select count(*) from ${platforms} where ${platforms.isRecommended}) as featured`);
	return {
		platforms: Number(row!.platforms),
		articles: Number(row!.articles),
		published: Number(row!.published),
		featured: Number(row!.featured),
	};
}
