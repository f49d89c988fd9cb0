/**
 * Retention: a day's visit rows (one per page and visitor hash) are kept 30 days, then become
 * that day's totals (the site, each page, each referring host) and are deleted; the totals are
 * kept. Salts of past days are deleted too, should no page view have done it. Run by housekeeping.
 */
import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { analyticsDaily, analyticsVisits, transaction, type Reader } from '@/server/db';
import { asInteger } from '@/server/db/sql';
import { daysBefore, dayOf } from './clock';
import { deleteSaltsBefore } from './salt';

/** Days of per-visit rows kept before they become daily totals. */
export const VISIT_ROWS_KEPT_DAYS = 30;

type Total = {
	day: string;
	kind: 'total' | 'page' | 'referrer';
	key: string;
	pageviews: number;
	visitors: number;
};

/** The daily totals of the visit rows of days before `before`. */
async function totalsBefore(tx: Reader, before: string): Promise<Total[]> {
	const v = analyticsVisits;
	const old = lt(v.day, before);
	const site = await tx
		.select({
			day: v.day,
			pageviews: asInteger(sql`sum(${v.pageviews})`),
			visitors: asInteger(sql`count(distinct ${v.visitor})`),
		})
		.from(v)
		.where(old)
		.groupBy(v.day);
	const pages = await tx
		.select({
			day: v.day,
			key: v.path,
			pageviews: asInteger(sql`sum(${v.pageviews})`),
			visitors: asInteger(sql`count(*)`),
		})
		.from(v)
		.where(old)
		.groupBy(v.day, v.path);
	const referrers = await tx
		.select({
			day: v.day,
			key: sql<string>`${v.referrerHost}`,
			pageviews: asInteger(sql`sum(${v.pageviews})`),
			visitors: asInteger(sql`count(distinct ${v.visitor})`),
		})
		.from(v)
		.where(and(old, isNotNull(v.referrerHost)))
		.groupBy(v.day, v.referrerHost);
	return [
		...site.map((row) => ({ ...row, kind: 'total' as const, key: '' })),
		...pages.map((row) => ({ ...row, kind: 'page' as const })),
		...referrers.map((row) => ({ ...row, kind: 'referrer' as const })),
	].map((row) => ({ ...row, pageviews: Number(row.pageviews), visitors: Number(row.visitors) }));
}

/** Turns the visit rows older than VISIT_ROWS_KEPT_DAYS into daily totals, in one transaction. */
export async function rollUpOldVisits(now: number): Promise<void> {
	const before = daysBefore(now, VISIT_ROWS_KEPT_DAYS);
	await transaction(async (tx) => {
		const totals = await totalsBefore(tx, before);
		for (let at = 0; at < totals.length; at += 500) {
			await tx
				.insert(analyticsDaily)
				.values(totals.slice(at, at + 500))
				.onConflictDoUpdate({
					target: [analyticsDaily.day, analyticsDaily.kind, analyticsDaily.key],
					set: {
						pageviews: sql`${analyticsDaily.pageviews} + excluded.pageviews`,
						visitors: sql`${analyticsDaily.visitors} + excluded.visitors`,
					},
				});
		}
		await tx.delete(analyticsVisits).where(lt(analyticsVisits.day, before));
	});
	await deleteSaltsBefore(dayOf(now));
}
