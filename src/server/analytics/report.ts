/**
 * The dashboard's analytics for the last N days (today included): visitors and page views per
 * day, the top pages and referring hosts. Recent days are read from the visit rows, older ones
 * from their daily totals (retention.ts); a day is in one or the other. Sign-ups per page are
 * kept as they are (signups.ts). A visitor is counted once
 * per day: the same reader on two days is two visitors, since nothing links one day to the next.
 */
import { and, desc, eq, gte, isNotNull, like, or, sql, type Column } from 'drizzle-orm';
import { analyticsDaily, analyticsVisits, db, rawRows } from '@/server/db';
import { asInteger } from '@/server/db/sql';
import { analyticsClock, dayOf, daysBefore } from './clock';
import { signupsByPage } from './signups';
import type { SignupKind } from '@/lib/column-values';

import type { AnalyticsPeriod } from '@/lib/validation/analytics';

/** How many pages and referrers the answer lists. */
const TOP = 20;

export type AnalyticsReport = {
	days: number;
	visitors: number;
	pageviews: number;
	pages: Array<{ path: string; pageviews: number; visitors: number }>;
	referrers: Array<{ host: string; visitors: number }>;
	signups: Array<{ path: string; kind: SignupKind; count: number }>;
	series: Array<{ day: string; visitors: number; pageviews: number }>;
};

type Count = { key: string; pageviews: number; visitors: number };

/** Adds rows by key, the visit rows' and the totals' together. */
function addUp(...lists: Count[][]): Count[] {
	const sums = new Map<string, Count>();
	for (const row of lists.flat()) {
		const sum = sums.get(row.key) ?? { key: row.key, pageviews: 0, visitors: 0 };
		sum.pageviews += Number(row.pageviews);
		sum.visitors += Number(row.visitors);
		sums.set(row.key, sum);
	}
	return [...sums.values()];
}

/** The totals kept for days from `from`, of one kind. */
function keptTotals(kind: 'total' | 'page' | 'referrer', from: string, byDay: boolean) {
	const d = analyticsDaily;
	return db()
		.select({
			key: byDay ? d.day : d.key,
			pageviews: asInteger(sql`sum(${d.pageviews})`),
			visitors: asInteger(sql`sum(${d.visitors})`),
		})
		.from(d)
		.where(and(eq(d.kind, kind), gte(d.day, from)))
		.groupBy(byDay ? d.day : d.key)
		.orderBy(desc(sql`sum(${d.visitors})`))
		.limit(byDay ? 1000 : TOP * 5);
}

export async function analyticsReport(days: AnalyticsPeriod): Promise<AnalyticsReport> {
	const now = analyticsClock();
	const from = daysBefore(now, days - 1);
	const v = analyticsVisits;
	const recent = gte(v.day, from);
	const [daysSeen, daysKept, pagesSeen, pagesKept, referrersSeen, referrersKept, signups] = await Promise.all(
		[
			db()
				.select({
					key: v.day,
					pageviews: asInteger(sql`sum(${v.pageviews})`),
					visitors: asInteger(sql`count(distinct ${v.visitor})`),
				})
				.from(v)
				.where(recent)
				.groupBy(v.day),
			keptTotals('total', from, true),
			// Rows are one per day, page and visitor: counted rows are the page's daily visitors.
			db()
				.select({
					key: v.path,
					pageviews: asInteger(sql`sum(${v.pageviews})`),
					visitors: asInteger(sql`count(*)`),
				})
				.from(v)
				.where(recent)
				.groupBy(v.path)
				.orderBy(desc(sql`count(*)`), v.path)
				.limit(TOP * 5),
			keptTotals('page', from, false),
			db()
				.select({
					key: sql<string>`${v.referrerHost}`,
					pageviews: asInteger(sql`sum(${v.pageviews})`),
					visitors: asInteger(sql`count(distinct ${v.day} || ${v.visitor})`),
				})
				.from(v)
				.where(and(recent, isNotNull(v.referrerHost)))
				.groupBy(v.referrerHost)
				.orderBy(desc(sql`count(distinct ${v.day} || ${v.visitor})`))
				.limit(TOP * 5),
			keptTotals('referrer', from, false),
			signupsByPage(from, TOP),
		],
	);
	const perDay = new Map(addUp(daysSeen, daysKept).map((row) => [row.key, row]));
	const series: AnalyticsReport['series'] = [];
	for (let back = days - 1; back >= 0; back -= 1) {
		const day = dayOf(now - back * 24 * 60 * 60 * 1000);
		const row = perDay.get(day);
		series.push({ day, visitors: row?.visitors ?? 0, pageviews: row?.pageviews ?? 0 });
	}
	const byVisitors = (a: Count, b: Count) =>
		b.visitors - a.visitors || b.pageviews - a.pageviews || a.key.localeCompare(b.key);
	return {
		days,
		visitors: series.reduce((sum, row) => sum + row.visitors, 0),
		pageviews: series.reduce((sum, row) => sum + row.pageviews, 0),
		pages: addUp(pagesSeen, pagesKept)
			.sort(byVisitors)
			.slice(0, TOP)
			.map(({ key, pageviews, visitors }) => ({ path: key, pageviews, visitors })),
		referrers: addUp(referrersSeen, referrersKept)
			.sort(byVisitors)
			.slice(0, TOP)
			.map(({ key, visitors }) => ({ host: key, visitors })),
		signups,
		series,
	};
}

/** The pages the dashboard's lists show views beside: articles and platforms. */
const ITEM_PAGES = ['/news/', '/education/', '/platforms/'];

const itemPage = (column: Column) => or(...ITEM_PAGES.map((prefix) => like(column, `${prefix}%`)))!;

export type ItemViews = { days: number; pages: Array<{ path: string; pageviews: number }> };

/**
 * Views of every article and platform page over the last N days, for the dashboard's lists: the
 * visit rows and the kept daily totals added up in one query, whatever the number of items.
 */
export async function itemViews(days: AnalyticsPeriod): Promise<ItemViews> {
	const from = daysBefore(analyticsClock(), days - 1);
	const v = analyticsVisits;
	const d = analyticsDaily;
	const rows = await rawRows<{ path: string; pageviews: number | string }>(sql`
		select path, sum(pageviews) as pageviews from (
			select ${v.path} as path, ${v.pageviews} as pageviews from ${v}
			where ${v.day} >= ${from} and ${itemPage(v.path)}
			union all
			select ${d.key}, ${d.pageviews} from ${d}
			where ${d.kind} = 'page' and ${d.day} >= ${from} and ${itemPage(d.key)}
		) as item_views
		group by path
		order by path`);
	return { days, pages: rows.map((row) => ({ path: row.path, pageviews: Number(row.pageviews) })) };
}
