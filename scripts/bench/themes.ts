/**
 * What users like and dislike at scale (issue 47): 100,000 reviews with varied pros and cons
 * spread over a directory of platforms (a few big, many small, as review sites have them), their
 * themes recomputed in a process of its own (so its wall time, CPU time and peak RSS are the
 * recompute's alone), then the generated platform page's request rate while the server's own
 * worker recomputes every platform, beside the same page idle (each against bare node:http).
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { platformPath } from '@/lib/public-paths';
import { openDatabase, closeDatabase } from '@/server/db';
import { chooseEngine } from '@/server/db/engine';
import { recountPlatforms } from '@/server/community/reviews';
import { seededRandom } from '@/lib/seeded-random';
import { autocannon, startBareServer, type LoadFigure } from './load';
import { procCpuMs, runToEnd } from './processes';
import type { BenchServer } from './server';
import type { RecomputeReport } from './themes-recompute';

/** Things reviewers of retail media platforms praise or complain about (singular; some made plural). */
const LIKED = [
	'self-serve dashboard',
	'audience targeting',
	'reporting api',
	'account team',
	'closed-loop measurement',
	'onboarding',
	'offsite reach',
	'first-party data',
	'bid automation',
	'creative approval',
	'sponsored product ad',
	'incrementality study',
	'budget pacing',
	'retailer coverage',
	'clean room',
	'support',
	'documentation',
	'keyword bidding',
	'loyalty audience',
	'in-store screen',
	'share of voice report',
	'sales lift',
	'campaign setup',
	'product catalogue sync',
];
const DISLIKED = [
	'reporting delay',
	'minimum spend',
	'invoice',
	'attribution window',
	'data export',
	'learning curve',
	'creative spec',
	'api limit',
	'support ticket',
	'platform fee',
	'dashboard filter',
	'audience size',
	'contract term',
	'measurement methodology',
	'login issue',
	'naming convention',
	'budget cap',
	'billing cycle',
	'bulk upload',
	'placement inventory',
];
const PRAISE = ['great', 'solid', 'reliable', 'fast', 'flexible', 'excellent', 'clear', 'helpful'];
const BLAME = ['slow', 'confusing', 'limited', 'clunky', 'expensive', 'unreliable', 'rigid', 'opaque'];
const TEAMS = ['analysts', 'planners', 'buyers', 'brand managers', 'category managers'];
const STORES = ['grocery', 'pharmacy', 'beauty', 'electronics', 'apparel', 'home improvement'];

type Random = () => number;
const pick = <T>(next: Random, values: readonly T[]) => values[Math.floor(next() * values.length)]!;
const cap = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
/** The noun, plural about one time in three (the themes lemmatise it back). */
const noun = (next: Random, values: readonly string[]) => {
	const word = pick(next, values);
	return next() < 0.33 && !word.endsWith('s') ? `${word}s` : word;
};

/** A review's pros: one to three sentences from a handful of templates and the liked nouns. */
function pros(next: Random): string {
	const a = noun(next, LIKED);
	const b = noun(next, LIKED);
	const sentences = [
		pick(next, [
			`${cap(pick(next, PRAISE))} ${a}.`,
			`The ${a} saves us hours every week.`,
			`${cap(a)} and ${b} are ${pick(next, PRAISE)}.`,
			`We like the ${a}; the ${b} keeps improving.`,
			`${cap(pick(next, PRAISE))} ${a}, ${pick(next, PRAISE)} ${b} and a ${pick(next, PRAISE)} ${noun(next, LIKED)}.`,
		]),
	];
	if (next() < 0.4)
		sentences.push(
			`Our ${pick(next, TEAMS)} use it daily for ${pick(next, STORES)} campaigns across ${2 + Math.floor(next() * 40)} stores.`,
		);
	if (next() < 0.2) sentences.push(`The ${noun(next, LIKED)} alone justifies the ${noun(next, DISLIKED)}.`);
	return sentences.join(' ');
}

/** A review's cons, the same way from the disliked nouns. */
function cons(next: Random): string {
	const a = noun(next, DISLIKED);
	const b = noun(next, DISLIKED);
	const sentences = [
		pick(next, [
			`${cap(a)} could be better.`,
			`The ${a} is ${pick(next, BLAME)}, and ${b} take too long.`,
			`${cap(pick(next, BLAME))} ${a}.`,
			`We still fight the ${a} every month.`,
			`${cap(a)}, ${b} and the ${noun(next, DISLIKED)} are ${pick(next, BLAME)}.`,
		]),
	];
	if (next() < 0.3) sentences.push(`Hard to explain the ${noun(next, LIKED)} to our ${pick(next, TEAMS)}.`);
	return sentences.join(' ');
}

export type ThemesDatasetFigures = {
	reviews: number;
	/** Reviews with pros or cons: the ones the recompute analyses. */
	withText: number;
	platforms: number;
	/** The platform with the most reviews: its page is the one measured. */
	largest: { id: number; slug: string; reviews: number };
	insertMs: number;
};

/**
 * Adds `reviews` reviews (one new reviewer each) over the demo platforms plus generated ones up
 * to `platforms`, in one transaction through prepared statements. The n-th platform gets a share
 * proportional to 1/n (Zipf): a few platforms with thousands of reviews, a long tail with few.
 * The platforms' numbers are recounted through the app's rule; their theme jobs are then
 * dropped, so the recompute starts from the backfill's query, as an upgraded database would.
 */
export async function addThemeReviews(
	path: string,
	{ reviews, platforms }: { reviews: number; platforms: number },
): Promise<ThemesDatasetFigures> {
	const database = openDatabase(path);
	const client = database.$client;
	try {
		const started = performance.now();
		const next = seededRandom(20261207);
		const now = Date.now();
		const twoYears = 2 * 365 * 24 * 3600 * 1000;
		const addPlatform = client.prepare(
			`INSERT INTO platforms (name, slug, description, pricing, features, pros, cons, category, rating,
				review_count, sort_order, created_at, updated_at)
			 VALUES (?, ?, 'A generated platform.', 'CPC', '[]', '[]', '[]', ?, 0, 0, 0, ?, ?)`,
		);
		const addUser = client.prepare(
			`INSERT INTO users (username, email, password_hash, role, is_banned, email_verified, created_at)
			 VALUES (?, ?, 'not-a-hash', 'user', 0, 1, ?) RETURNING id`,
		);
		const addReview = client.prepare(
			`INSERT INTO platform_ratings (platform_id, user_id, rating, pros, cons, created_at, updated_at)
			 VALUES (?, ?, ?, ?, ?, ?, ?)`,
		);
		let withText = 0;
		const counts = new Map<number, number>();
		client.transaction(() => {
			const existing = (client.prepare('SELECT count(*) AS n FROM platforms').get() as { n: number }).n;
			for (let i = existing; i < platforms; i++) {
				// A category each: every same-category pair has a generated vs page, and thousands of
				// them would make the site's generation, not the themes, the phase's length.
				addPlatform.run(
					`Themed platform ${i + 1}`,
					`themed-platform-${i + 1}`,
					`Category ${i + 1}`,
					now,
					now,
				);
			}
			const ids = (client.prepare('SELECT id FROM platforms ORDER BY id').all() as { id: number }[]).map(
				(row) => row.id,
			);
			// Cumulative Zipf weights: platform k (0-based) weighs 1 / (k + 1).
			const cumulative: number[] = [];
			let total = 0;
			for (let k = 0; k < ids.length; k++) {
				total += 1 / (k + 1);
				cumulative.push(total);
			}
			for (let i = 0; i < reviews; i++) {
				const target = next() * total;
				let low = 0;
				let high = cumulative.length - 1;
				while (low < high) {
					const middle = (low + high) >> 1;
					if (cumulative[middle]! < target) low = middle + 1;
					else high = middle;
				}
				const platformId = ids[low]!;
				const created = now - Math.floor(next() * twoYears);
				const { id: userId } = addUser.get(`themer${i}`, `themer${i}@bench.example`, created) as {
					id: number;
				};
				const liked = next() < 0.8 ? pros(next) : null;
				const disliked = next() < 0.7 ? cons(next) : null;
				if (liked || disliked) withText++;
				addReview.run(platformId, userId, 1 + Math.floor(next() * 5), liked, disliked, created, created);
				counts.set(platformId, (counts.get(platformId) ?? 0) + 1);
			}
		})();
		client.exec('ANALYZE');
		client.close();
		chooseEngine({ databasePath: path });
		await recountPlatforms(counts.keys());
		await closeDatabase();
		// As before themes existed: reviewed platforms, no job queued, no theme.
		const after = openDatabase(path);
		after.$client.exec('DELETE FROM theme_jobs');
		const [largestId, largestReviews] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
		const { slug } = after.$client.prepare('SELECT slug FROM platforms WHERE id = ?').get(largestId) as {
			slug: string;
		};
		after.$client.close();
		return {
			reviews,
			withText,
			platforms,
			largest: { id: largestId, slug, reviews: largestReviews },
			insertMs: performance.now() - started,
		};
	} finally {
		if (client.open) client.close();
		await closeDatabase();
	}
}

/** Runs themes-recompute.ts on the database in a process of its own, pinned to core 0. */
export async function recomputeInChild(root: string, dbPath: string): Promise<RecomputeReport> {
	const script = join(root, 'scripts/bench/themes-recompute.ts');
	const run = await runToEnd(process.execPath, ['--import', 'tsx', script], {
		cwd: root,
		cpu: 0,
		env: { ...process.env, DATABASE_PATH: dbPath, DATABASE_URL: '', LOG_LEVEL: 'warn' },
	});
	const line = run.stdout.trim().split('\n').at(-1) ?? '';
	if (run.code !== 0 || !line.startsWith('{'))
		throw new Error(`themes recompute exited ${run.code}: ${run.stderr.slice(-1000)}`);
	return JSON.parse(line) as RecomputeReport;
}

export type ThemesPageFigures = {
	path: string;
	idle: LoadFigure;
	busy: LoadFigure;
	/** busy req/s over idle req/s. */
	busyOverIdle: number;
	/** Theme jobs still queued or running when the busy run ended (0: the recompute ended first). */
	jobsLeftAfterBusy: number;
	/** The server's own recompute of every platform, while the page was also being asked for. */
	serverRecompute: {
		platforms: number;
		/** Reviews whose pros were rewritten before the run (one in a hundred). */
		editedReviews: number;
		/** Current mentions before and after; those the run wrote (in its new generations). */
		mentions: { before: number; after: number; written: number };
		wallMs: number;
		serverCpuMs: number | null;
		error?: string;
	};
};

export type ThemesFigures = {
	dataset: ThemesDatasetFigures;
	recompute: RecomputeReport;
	page?: ThemesPageFigures;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection beside the running server's: it waits for the server's write lock rather than fail. */
function writer(dbPath: string) {
	// Not openDatabase: its own set-up at open would need the lock before any timeout applies.
	return { $client: new Database(dbPath, { timeout: 60_000 }) };
}

/** The platforms' theme generations and their review mentions, read beside the server. */
type MentionCounts = {
	/** Each platform's current generation. */
	pointers: Map<number, number>;
	/** Mentions by platform and generation. */
	rows: { platform: number; generation: number; n: number }[];
	/** Mentions in the generations the platforms point to. */
	current: number;
};

function countMentions(client: Database.Database): MentionCounts {
	const pointers = new Map(
		(
			client.prepare('SELECT id, themes_generation AS g FROM platforms').all() as { id: number; g: number }[]
		).map((row) => [row.id, row.g]),
	);
	const rows = client
		.prepare('SELECT platform_id AS platform, generation, count(*) AS n FROM review_themes GROUP BY 1, 2')
		.all() as MentionCounts['rows'];
	const { current } = client
		.prepare(
			`SELECT count(*) AS current FROM review_themes m JOIN platforms p ON p.id = m.platform_id
			 WHERE m.generation <= p.themes_generation
				AND (m.retired_generation IS NULL OR m.retired_generation > p.themes_generation)`,
		)
		.get() as { current: number };
	return { pointers, rows, current };
}

/** The mentions in generations newer than those the platforms pointed to `before`: what a run wrote. */
function mentionsWritten(before: MentionCounts, after: MentionCounts): number {
	return after.rows
		.filter(({ platform, generation }) => generation > (before.pointers.get(platform) ?? 0))
		.reduce((sum, { n }) => sum + n, 0);
}

/** How many theme jobs are queued or running (a connection of its own, closed at once). */
function jobsLeft(dbPath: string): number {
	const database = writer(dbPath);
	try {
		return (database.$client.prepare('SELECT count(*) AS n FROM theme_jobs').get() as { n: number }).n;
	} finally {
		database.$client.close();
	}
}

/**
 * The platform page (generated) idle, then while the server's worker recomputes every reviewed
 * platform: each run right after a bare node:http run serving the same page's bytes.
 */
export async function measureThemesPage(
	server: BenchServer,
	dbPath: string,
	slug: string,
	log: (line: string) => void,
): Promise<ThemesPageFigures> {
	const path = platformPath(slug);
	const pageFile = join(server.siteDir, path, 'index.html');
	const file = existsSync(`${pageFile}.br`) ? `${pageFile}.br` : pageFile;
	if (!existsSync(file)) throw new Error(`${path} was not generated; no bytes for the yardstick`);
	const bare = await startBareServer(file, 'text/html; charset=utf-8', file.endsWith('.br') ? 'br' : null);
	const withRatio = (figure: LoadFigure, yardstick: LoadFigure) => {
		figure.bareRequestsPerSecond = yardstick.requestsPerSecond;
		figure.ratio = yardstick.requestsPerSecond ? figure.requestsPerSecond / yardstick.requestsPerSecond : 0;
		return figure;
	};
	try {
		const idleBare = await autocannon('bare node:http', bare.origin, path, { pid: bare.pid });
		const idle = withRatio(
			await autocannon('platform page (generated), idle', server.url, path, { pid: server.pid }),
			idleBare,
		);
		log(
			`  idle: ${Math.round(idle.requestsPerSecond)} req/s (bare ${Math.round(idleBare.requestsPerSecond)}, ${(idle.ratio ?? 0).toFixed(2)}x) p99 ${idle.latencyP99} ms`,
		);
		// The yardstick before the recompute starts: the bare server shares core 0 with the app.
		const busyBare = await autocannon('bare node:http', bare.origin, path, { pid: bare.pid });
		const database = writer(dbPath);
		// A day's churn before the run: one review in a hundred rewrites its pros, so each
		// platform's recompute has mentions to add and retire, not only the same ones to find.
		const next = seededRandom(20261208);
		const edited = database.$client.transaction(() => {
			const rewrite = database.$client.prepare('UPDATE platform_ratings SET pros = ? WHERE id = ?');
			const ids = database.$client
				.prepare('SELECT id FROM platform_ratings WHERE pros IS NOT NULL AND id % 100 = 0')
				.pluck()
				.all() as number[];
			for (const id of ids) rewrite.run(pros(next), id);
			return ids.length;
		})();
		const mentionsBefore = countMentions(database.$client);
		const queued = database.$client
			.prepare(
				`INSERT INTO theme_jobs (platform_id, status, attempts, next_attempt_at, changes)
				 SELECT id, 'queued', 0, ?, 1 FROM platforms WHERE review_count > 0`,
			)
			.run(Date.now()).changes;
		database.$client.close();
		const started = performance.now();
		const cpuBefore = procCpuMs(server.pid);
		// The worker polls (NEWSLETTER_POLL_MS): the run starts once it has claimed a platform.
		while (jobsLeft(dbPath) === queued && performance.now() - started < 10_000) await sleep(50);
		const busy = withRatio(
			await autocannon('platform page (generated), during the recompute', server.url, path, {
				pid: server.pid,
			}),
			busyBare,
		);
		const left = jobsLeft(dbPath);
		log(
			`  during the recompute: ${Math.round(busy.requestsPerSecond)} req/s (bare ${Math.round(busyBare.requestsPerSecond)}, ${(busy.ratio ?? 0).toFixed(2)}x) p99 ${busy.latencyP99} ms; ${left} of ${queued} platforms still queued at its end`,
		);
		let error: string | undefined;
		while (jobsLeft(dbPath) > 0) {
			if (performance.now() - started > 15 * 60_000) {
				error = 'the server had not finished after 15 minutes';
				break;
			}
			await sleep(200);
		}
		const cpuAfter = procCpuMs(server.pid);
		const wallMs = performance.now() - started;
		const after = writer(dbPath);
		const mentionsAfter = countMentions(after.$client);
		after.$client.close();
		const serverRecompute = {
			platforms: queued,
			editedReviews: edited,
			mentions: {
				before: mentionsBefore.current,
				after: mentionsAfter.current,
				written: mentionsWritten(mentionsBefore, mentionsAfter),
			},
			wallMs,
			serverCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
			...(error ? { error } : {}),
		};
		log(
			`  the server's worker recomputed ${queued} platforms after ${edited} reviews were edited, in ${(serverRecompute.wallMs / 1000).toFixed(1)} s ` +
				`(it wrote ${serverRecompute.mentions.written} mentions; ${serverRecompute.mentions.after} current, ${serverRecompute.mentions.before} before) ` +
				`(server CPU ${((serverRecompute.serverCpuMs ?? 0) / 1000).toFixed(1)} s, page requests and regenerations included)`,
		);
		return {
			path,
			idle,
			busy,
			busyOverIdle: idle.requestsPerSecond ? busy.requestsPerSecond / idle.requestsPerSecond : 0,
			jobsLeftAfterBusy: left,
			serverRecompute,
		};
	} finally {
		await bare.stop();
	}
}
