/**
 * The benchmark's themes recompute: a process of its own (so its CPU time and peak RSS are the
 * recompute's alone) that opens DATABASE_PATH, queues every reviewed platform whose themes were
 * never computed exactly as the housekeeping chore does, runs the worker's job loop until the
 * queue is empty, and prints one JSON line.
 */
import { count, isNotNull, or } from 'drizzle-orm';
import { db, platformRatings, platformThemes, reviewThemes } from '@/server/db';
import { queueUnthemedPlatforms, runThemeJobs } from '@/server/community/themes';

export type RecomputeReport = {
	platforms: number;
	/** Reviews with pros or cons in the database (the ones analysed; uncounted ones aside). */
	reviews: number;
	wallMs: number;
	/** CPU time (user + system) of this process over the recompute. */
	cpuMs: number;
	/** Peak resident set size of this process, in bytes. */
	maxRssBytes: number;
	themes: number;
	reviewThemes: number;
};

const [{ reviews }] = (await db()
	.select({ reviews: count() })
	.from(platformRatings)
	.where(or(isNotNull(platformRatings.pros), isNotNull(platformRatings.cons)))) as [{ reviews: number }];
const started = performance.now();
const cpuBefore = process.cpuUsage();
const platforms = await queueUnthemedPlatforms();
await runThemeJobs();
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const [{ themes }] = (await db().select({ themes: count() }).from(platformThemes)) as [{ themes: number }];
const [{ mentions }] = (await db().select({ mentions: count() }).from(reviewThemes)) as [
	{ mentions: number },
];
const report: RecomputeReport = {
	platforms,
	reviews,
	wallMs,
	cpuMs: (cpu.user + cpu.system) / 1000,
	// resourceUsage().maxRSS is in kilobytes.
	maxRssBytes: process.resourceUsage().maxRSS * 1024,
	themes,
	reviewThemes: mentions,
};
console.log(JSON.stringify(report));
process.exit(0);
