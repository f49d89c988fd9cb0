/**
 * Page views counted in this node's memory and written in batches (every ANALYTICS_FLUSH_MS, and
 * once more when the node stops), so a beacon costs no database write. Each write adds to the
 * shared rows (one per day, page and visitor hash), so counts from every node add up.
 */
import { sql } from 'drizzle-orm';
import { analyticsVisits, runStatement, transaction } from '@/server/db';
import { jsonArrayItems } from '@/server/db/sql';
import { config } from '@/server/runtime/config';
import { baseLog } from '@/server/runtime/log';

type Pending = { day: string; path: string; visitor: string; referrerHost: string | null; pageviews: number };

/** Rows per INSERT (one JSON value each), so one statement never holds SQLite's lock for long. */
const BATCH_ROWS = 1000;

let pending = new Map<string, Pending>();
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> | undefined;

/** Counts one view of `path` by `visitor` on `day`, in memory until the next flush. */
export function countView(day: string, path: string, visitor: string, referrerHost: string | null): void {
	const key = `${day}\n${path}\n${visitor}`;
	const row = pending.get(key);
	if (row) {
		row.pageviews += 1;
		row.referrerHost ??= referrerHost;
	} else {
		pending.set(key, { day, path, visitor, referrerHost, pageviews: 1 });
	}
}

/** Page views counted and not written yet. */
export function pendingViews(): number {
	let views = 0;
	for (const row of pending.values()) views += row.pageviews;
	return views;
}

/**
 * Writes the views counted so far. A flush already under way is waited for first, so two never
 * race; views a failed write could not store go back into memory for the next one.
 */
export async function flushViews(): Promise<void> {
	while (flushing) await flushing;
	if (pending.size === 0) return;
	const rows = [...pending.values()];
	pending = new Map();
	flushing = writeRows(rows)
		.catch((error: unknown) => {
			baseLog()
				.child({ subject: 'analytics' })
				.error({ err: error }, 'page views not written; kept for the next flush');
			for (const row of rows) {
				const key = `${row.day}\n${row.path}\n${row.visitor}`;
				const later = pending.get(key);
				if (later) {
					later.pageviews += row.pageviews;
					later.referrerHost = row.referrerHost ?? later.referrerHost;
				} else pending.set(key, row);
			}
		})
		.finally(() => {
			flushing = undefined;
		});
	await flushing;
}

async function writeRows(rows: Pending[]): Promise<void> {
	await transaction(async (tx) => {
		for (let at = 0; at < rows.length; at += BATCH_ROWS) {
			// The rows travel as one JSON value: drizzle's multi-row insert builds SQL with a
			// placeholder per value, which on a busy node cost more CPU than the beacons it wrote
			// (docs/performance.md, issue 46).
			const items = JSON.stringify(
				rows
					.slice(at, at + BATCH_ROWS)
					.map((row) => [row.day, row.path, row.visitor, row.referrerHost, row.pageviews]),
			);
			await runStatement(
				sql`insert into ${analyticsVisits} (day, path, visitor, referrer_host, pageviews)
					select value ->> 0, value ->> 1, value ->> 2, value ->> 3, cast(value ->> 4 as integer)
					from ${jsonArrayItems(items)} where true
					on conflict (day, path, visitor) do update set
						pageviews = ${analyticsVisits}.pageviews + excluded.pageviews,
						referrer_host = coalesce(${analyticsVisits}.referrer_host, excluded.referrer_host)`,
				tx,
			);
		}
	});
}

/** Writes the counted views every ANALYTICS_FLUSH_MS, on a timer that keeps no process alive. */
export function startAnalyticsFlush(): void {
	if (timer) return;
	timer = setInterval(() => void flushViews(), config().analyticsFlushMs).unref();
}

/** Stops the timer and writes what is left: a stopping node loses no view. */
export async function stopAnalyticsFlush(): Promise<void> {
	clearInterval(timer);
	timer = undefined;
	await flushViews();
}
