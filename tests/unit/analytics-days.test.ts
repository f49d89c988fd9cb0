/**
 * The days of cookieless analytics (issue 46), in process on the engine of the run with the
 * analytics clock replaced: the daily salt rotates (the same reader on two days is two visitors,
 * and yesterday's salt is deleted), and visit rows older than 30 days become daily totals that
 * the report still counts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAnalyticsClock } from '@/server/analytics/clock';
import { recordPageview } from '@/server/analytics/pageviews';
import { countView, flushViews, pendingViews } from '@/server/analytics/pending-views';
import { analyticsReport } from '@/server/analytics/report';
import { rollUpOldVisits } from '@/server/analytics/retention';
import { analyticsDaily, analyticsSalts, analyticsVisits, closeDatabase, db } from '@/server/db';
import { postgresTestDatabase, type TestPostgres } from '../support/postgres-databases';
import { testEngine } from '../support/server';

const dir = mkdtempSync(join(tmpdir(), 'rmh-analytics-days-'));
process.env.DATABASE_PATH = join(dir, 'app.db');
process.env.OUTBOX_DIR = join(dir, 'outbox');
process.env.SMTP_URL = '';

const DAY = 24 * 60 * 60 * 1000;
let now = Date.UTC(2031, 2, 10, 12);
let postgres: TestPostgres | undefined;

const reader = {
	address: '203.0.113.7',
	userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};
const view = (path: string, referrer = '') => recordPageview({ name: 'pageview', path, referrer }, reader);

beforeAll(async () => {
	if (testEngine() === 'postgres') {
		postgres = await postgresTestDatabase();
		process.env.DATABASE_URL = postgres.url;
	}
	db();
	setAnalyticsClock(() => now);
});
afterAll(async () => {
	setAnalyticsClock(null);
	await closeDatabase();
	await postgres?.close();
	rmSync(dir, { recursive: true, force: true });
});

describe('the daily salt', () => {
	it('makes the same reader on two days two visitors, and deletes the day before', async () => {
		expect(await view('/news/first')).toBe(true);
		expect(await view('/news/first')).toBe(true);
		expect(pendingViews()).toBe(2);
		await flushViews();
		expect(pendingViews()).toBe(0);
		const [firstSalt] = await db().select().from(analyticsSalts);
		expect(firstSalt?.day).toBe('2031-03-10');

		now += DAY;
		await view('/news/first', 'https://www.example.net/list?id=1');
		await flushViews();
		const salts = await db().select().from(analyticsSalts);
		expect(salts.map((salt) => salt.day)).toEqual(['2031-03-11']);
		expect(salts[0]!.salt).not.toBe(firstSalt!.salt);

		const visits = await db().select().from(analyticsVisits);
		expect(visits).toHaveLength(2);
		expect(visits[0]!.visitor).not.toBe(visits[1]!.visitor);
		const report = await analyticsReport(7);
		expect(report).toMatchObject({ days: 7, visitors: 2, pageviews: 3 });
		expect(report.pages).toEqual([{ path: '/news/first', pageviews: 3, visitors: 2 }]);
		expect(report.referrers).toEqual([{ host: 'www.example.net', visitors: 1 }]);
		expect(report.series.slice(-2)).toEqual([
			{ day: '2031-03-10', visitors: 1, pageviews: 2 },
			{ day: '2031-03-11', visitors: 1, pageviews: 1 },
		]);
		expect((await analyticsReport(1)).visitors).toBe(1);
	});
});

describe('retention', () => {
	it('turns visit rows older than 30 days into daily totals the report still counts', async () => {
		now += 31 * DAY;
		await view('/news/later');
		await flushViews();
		await rollUpOldVisits(now);
		const visits = await db().select().from(analyticsVisits);
		expect(visits.map((visit) => visit.path)).toEqual(['/news/later']);
		const totals = await db().select().from(analyticsDaily);
		expect(totals).toHaveLength(5);
		expect(totals).toContainEqual(
			expect.objectContaining({ day: '2031-03-10', kind: 'total', key: '', pageviews: 2, visitors: 1 }),
		);
		expect(totals).toContainEqual(
			expect.objectContaining({ day: '2031-03-11', kind: 'referrer', key: 'www.example.net', visitors: 1 }),
		);
		const report = await analyticsReport(90);
		expect(report).toMatchObject({ visitors: 3, pageviews: 4 });
		expect(report.pages).toEqual([
			{ path: '/news/first', pageviews: 3, visitors: 2 },
			{ path: '/news/later', pageviews: 1, visitors: 1 },
		]);
		expect(report.referrers).toEqual([{ host: 'www.example.net', visitors: 1 }]);
		expect((await analyticsReport(30)).visitors).toBe(1);
		// A second round finds nothing more to add.
		await rollUpOldVisits(now);
		expect(await db().select().from(analyticsDaily)).toHaveLength(5);
	});
});

describe('the batched write', () => {
	it('writes more views than one statement holds, adding to the rows already stored', async () => {
		const day = '2031-05-01';
		// A row written before: its count grows and its referrer stays the first one seen.
		countView(day, '/news/batch', 'visitor-0', 'first.example');
		await flushViews();
		for (let i = 0; i < 2_500; i++)
			countView(day, '/news/batch', `visitor-${i}`, i === 0 ? 'later.example' : null);
		countView(day, '/news/batch', 'visitor-1', 'www.example.org');
		countView(day, '/news/batch', 'visitor-1', 'ignored.example');
		expect(pendingViews()).toBe(2_502);
		await flushViews();
		expect(pendingViews()).toBe(0);
		const rows = await db().select().from(analyticsVisits).where(eq(analyticsVisits.day, day));
		expect(rows).toHaveLength(2_500);
		const byVisitor = new Map(rows.map((row) => [row.visitor, row]));
		expect(byVisitor.get('visitor-0')).toMatchObject({ pageviews: 2, referrerHost: 'first.example' });
		expect(byVisitor.get('visitor-1')).toMatchObject({ pageviews: 3, referrerHost: 'www.example.org' });
		expect(byVisitor.get('visitor-2499')).toMatchObject({
			path: '/news/batch',
			pageviews: 1,
			referrerHost: null,
		});
		expect(rows.reduce((sum, row) => sum + row.pageviews, 0)).toBe(2_503);
	});
});
