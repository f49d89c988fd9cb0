/**
 * What users like and dislike (issue 47): the key phrases (community/key-phrases.ts) of a
 * platform's counted reviews, from their pros (likes) and cons (dislikes). A phrase is a theme
 * once at least MIN_THEME_REVIEWS reviews mention it; a review counts once per theme.
 *
 * Themes are computed in the background, never on a request: any change to a platform's
 * reviews queues it (theme-queue.ts, in the change's transaction), and each node's worker claims
 * queued platforms through the lease queue (db/lease-queue.ts), so one node computes a platform
 * and another takes over if it dies. The result is written only while the claim is held; if the
 * reviews changed meanwhile, the platform is queued again. Reading the themes reads two tables.
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import {
	and,
	asc,
	between,
	desc,
	eq,
	exists,
	gt,
	gte,
	isNotNull,
	isNull,
	lte,
	notExists,
	or,
	sql,
	type SQL,
} from 'drizzle-orm';
import {
	db,
	platformRatings,
	platforms,
	platformThemes,
	reviewThemes,
	runStatement,
	themeJobs,
	transaction,
	type Reader,
} from '@/server/db';
import { jsonArrayItems } from '@/server/db/sql';
import {
	claimDue,
	leaseHeld,
	releaseClaims,
	startLeaseQueueWorker,
	type Claimed,
	type LeaseQueueWorker,
} from '@/server/db/lease-queue';
import { changeBus } from '@/server/changes/content-changes';
import { assertPlatformExists, platformChanged } from '@/server/platforms/directory';
import { config } from '@/server/runtime/config';
import { baseLog } from '@/server/runtime/log';
import type { ThemeSide } from '@/lib/column-values';
import { countedReview, lockPlatform } from './reviews';
import { mentionedIn } from './theme-mentions';
import { keyPhrasesOffThread, stopKeyPhrasesThread } from './key-phrases-thread';

/** A phrase is a theme once this many counted reviews mention it. */
export const MIN_THEME_REVIEWS = 2;
/** Themes shown per side, most mentioned first. */
export const THEMES_SHOWN = 8;
/** Review ids a theme answers (its newest); the ratings list's theme filter pages through all. */
export const THEME_REVIEW_IDS = 100;
/**
 * Reviews read per query, and sent together to the key-phrase thread (about 100 ms of its CPU,
 * spent off the requests' thread).
 */
const REVIEWS_PER_STEP = 500;
/**
 * Mentions per insert, retirement or delete: a statement short enough that SQLite's write lock
 * is never held long between two yields.
 */
const ROWS_PER_INSERT = 500;
/** Mentions per read of the current generation. */
const ROWS_PER_READ = 2_000;
/** Past any platform's recompute: a claim older than this belonged to a process that died. */
const LEASE_MS = 10 * 60_000;

export type Theme = { theme: string; count: number; reviewIds: number[] };
export type PlatformThemes = { likes: Theme[]; dislikes: Theme[] };

const themesLog = () => baseLog().child({ subject: 'themes' });

/** A theme's key in maps and sets: its side and phrase. */
const themeKey = (side: ThemeSide, theme: string) => `${side}\u0000${theme}`;

/** One theme found: its side, phrase, and its reviews (newest first). */
type Found = { side: ThemeSide; theme: string; reviewIds: number[] };

/**
 * Reads the platform's counted reviews with pros or cons, a step at a time, and answers the
 * phrases at least MIN_THEME_REVIEWS of them mention.
 */
export async function computeThemes(platformId: number): Promise<Found[]> {
	const mentions = new Map<string, { side: ThemeSide; theme: string; reviews: Array<[number, number]> }>();
	const note = (side: ThemeSide, phrases: string[], id: number, at: number) => {
		for (const theme of phrases) {
			const key = themeKey(side, theme);
			const entry = mentions.get(key) ?? { side, theme, reviews: [] };
			entry.reviews.push([id, at]);
			mentions.set(key, entry);
		}
	};
	let after = 0;
	for (;;) {
		const rows = await db()
			.select({
				id: platformRatings.id,
				pros: platformRatings.pros,
				cons: platformRatings.cons,
				createdAt: platformRatings.createdAt,
			})
			.from(platformRatings)
			.where(
				and(
					eq(platformRatings.platformId, platformId),
					gt(platformRatings.id, after),
					or(isNotNull(platformRatings.pros), isNotNull(platformRatings.cons)),
					countedReview(),
				),
			)
			.orderBy(asc(platformRatings.id))
			.limit(REVIEWS_PER_STEP);
		if (rows.length === 0) break;
		// The analysis is CPU work: it runs on a thread of its own while this one serves requests.
		const { phrases } = await keyPhrasesOffThread(rows.flatMap((row) => [row.pros, row.cons]));
		for (const [index, row] of rows.entries()) {
			note('likes', phrases[2 * index] ?? [], row.id, row.createdAt.getTime());
			note('dislikes', phrases[2 * index + 1] ?? [], row.id, row.createdAt.getTime());
		}
		if (rows.length < REVIEWS_PER_STEP) break;
		after = rows.at(-1)!.id;
	}
	return [...mentions.values()]
		.filter((entry) => entry.reviews.length >= MIN_THEME_REVIEWS)
		.map(({ side, theme, reviews }) => ({
			side,
			theme,
			reviewIds: reviews.sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([id]) => id),
		}));
}

/** One review's mention of a theme: review id, side, phrase. */
type Mention = readonly [ratingId: number, side: ThemeSide, theme: string];

const mentionKey = ([ratingId, side, theme]: Mention) => `${ratingId}\u0000${themeKey(side, theme)}`;

/** The columns a Mention is read from, and the Mention of a row read with them. */
const mentionColumns = {
	ratingId: reviewThemes.ratingId,
	side: reviewThemes.side,
	theme: reviewThemes.theme,
};
const asMention = (row: { ratingId: number; side: ThemeSide; theme: string }): Mention => [
	row.ratingId,
	row.side,
	row.theme,
];

/**
 * The platform's mentions in `generation`, read a few thousand at a time in the order of
 * review_themes_platform_idx (theme, side, review), letting waiting requests run between two.
 */
async function readMentions(platformId: number, generation: number): Promise<Map<string, Mention>> {
	const held = new Map<string, Mention>();
	let after: Mention | undefined;
	for (;;) {
		const rows = await db()
			.select(mentionColumns)
			.from(reviewThemes)
			.where(
				and(
					eq(reviewThemes.platformId, platformId),
					mentionedIn(generation),
					after &&
						sql`(${reviewThemes.theme}, ${reviewThemes.side}, ${reviewThemes.ratingId}) > (${after[2]}, ${after[1]}, ${after[0]})`,
				),
			)
			.orderBy(asc(reviewThemes.theme), asc(reviewThemes.side), asc(reviewThemes.ratingId))
			.limit(ROWS_PER_READ);
		for (const row of rows) {
			const mention = asMention(row);
			held.set(mentionKey(mention), mention);
		}
		if (rows.length < ROWS_PER_READ) return held;
		after = asMention(rows.at(-1)!);
		await yieldToRequests();
	}
}

/**
 * Runs `statement` on each slice of `mentions` (in review id order), given as one JSON value of
 * [ratingId, side, theme] items, with waiting requests let through between two.
 *
 * In review id order: each statement then changes a few neighbouring pages of
 * review_themes_one_idx (rating_id first) and checks its foreign keys on a few neighbouring pages
 * of platform_ratings; in theme order each row of a large platform lands on a page of its own.
 * As one JSON value (as the page views' flush writes them): the node's thread builds and binds
 * one parameter, not three per row.
 */
async function inSlices(mentions: Mention[], statement: (items: SQL) => SQL): Promise<void> {
	const ordered = [...mentions].sort((a, b) => a[0] - b[0]);
	for (let i = 0; i < ordered.length; i += ROWS_PER_INSERT) {
		await runStatement(statement(jsonArrayItems(JSON.stringify(ordered.slice(i, i + ROWS_PER_INSERT)))));
		await yieldToRequests();
	}
}

/** The mentions in `items` (as inSlices gives them), by their review, side and phrase. */
const listedIn = (items: SQL) =>
	sql`(rating_id, side, theme) in (select cast(value ->> 0 as integer), value ->> 1, value ->> 2 from ${items})`;

/**
 * Runs `change` on the platform's mentions that `which` selects, a few hundred at a time, until
 * none is left: `change` answers the statement for one slice, given the condition naming its rows,
 * and must leave them no longer selected.
 */
async function untilNoneLeft(platformId: number, which: SQL, change: (rows: SQL) => SQL): Promise<void> {
	const selected = and(eq(reviewThemes.platformId, platformId), which) as SQL;
	for (;;) {
		const rows = await db().select(mentionColumns).from(reviewThemes).where(selected).limit(ROWS_PER_INSERT);
		if (rows.length === 0) return;
		await inSlices(rows.map(asMention), (items) => change(sql`${selected} and ${listedIn(items)}`));
		if (rows.length < ROWS_PER_INSERT) return;
	}
}

/**
 * Writes the platform's `generation` as the difference from the one before: `added` mentions
 * belong to it from now on, `dropped` ones are retired at it. Readers keep using the previous
 * generation until writeThemes points the platform to this one. First undoes what a run that
 * stopped while writing this generation left (rows from it, retirements at it).
 */
async function writeMentions(platformId: number, generation: number, added: Mention[], dropped: Mention[]) {
	await untilNoneLeft(
		platformId,
		gte(reviewThemes.generation, generation),
		(rows) => sql`delete from ${reviewThemes} where ${rows}`,
	);
	await untilNoneLeft(
		platformId,
		gte(reviewThemes.retiredGeneration, generation),
		(rows) => sql`update ${reviewThemes} set retired_generation = null where ${rows}`,
	);
	await inSlices(
		added,
		(items) =>
			sql`insert into ${reviewThemes} (rating_id, platform_id, side, theme, generation)
				select cast(value ->> 0 as integer), cast(${platformId} as integer), value ->> 1, value ->> 2,
					cast(${generation} as integer)
				from ${items} where true
				on conflict do nothing`,
	);
	await inSlices(
		dropped,
		(items) =>
			sql`update ${reviewThemes} set retired_generation = ${generation}
				where ${reviewThemes.platformId} = ${platformId} and ${reviewThemes.retiredGeneration} is null
				and ${listedIn(items)}`,
	);
}

/** Deletes the platform's mentions no generation from `generation` on holds (retired by then). */
function deleteRetired(platformId: number, generation: number): Promise<void> {
	return untilNoneLeft(
		platformId,
		lte(reviewThemes.retiredGeneration, generation),
		(rows) => sql`delete from ${reviewThemes} where ${rows}`,
	);
}

/** True when the platform's stored themes are `found`, count for count and review for review. */
async function themesAsStored(platformId: number, found: Found[]): Promise<boolean> {
	const stored = await db()
		.select({
			side: platformThemes.side,
			theme: platformThemes.theme,
			count: platformThemes.reviewCount,
			reviewIds: platformThemes.reviewIds,
		})
		.from(platformThemes)
		.where(eq(platformThemes.platformId, platformId));
	if (stored.length !== found.length) return false;
	const byKey = new Map(stored.map((row) => [themeKey(row.side, row.theme), row]));
	return found.every(({ side, theme, reviewIds }) => {
		const row = byKey.get(themeKey(side, theme));
		return (
			row !== undefined &&
			row.count === reviewIds.length &&
			row.reviewIds === JSON.stringify(reviewIds.slice(0, THEME_REVIEW_IDS))
		);
	});
}

/**
 * Replaces the platform's themes with `found`, keeping when each theme was first seen, and points
 * the platform to the mentions' `generation` (written by writeMentions): one short transaction,
 * its themes a few hundred rows at most.
 */
async function writeThemes(tx: Reader, platformId: number, found: Found[], generation: number, now: Date) {
	const seen = await tx
		.select({ side: platformThemes.side, theme: platformThemes.theme, at: platformThemes.firstSeenAt })
		.from(platformThemes)
		.where(eq(platformThemes.platformId, platformId));
	const firstSeen = new Map(seen.map((row) => [themeKey(row.side, row.theme), row.at]));
	await tx.delete(platformThemes).where(eq(platformThemes.platformId, platformId));
	const themes = found.map(({ side, theme, reviewIds }) => ({
		platformId,
		side,
		theme,
		reviewCount: reviewIds.length,
		reviewIds: JSON.stringify(reviewIds.slice(0, THEME_REVIEW_IDS)),
		firstSeenAt: firstSeen.get(themeKey(side, theme)) ?? now,
	}));
	for (let i = 0; i < themes.length; i += ROWS_PER_INSERT) {
		await tx.insert(platformThemes).values(themes.slice(i, i + ROWS_PER_INSERT));
	}
	await tx
		.update(platforms)
		.set({ themesComputedAt: now, themesGeneration: generation })
		.where(eq(platforms.id, platformId));
}

/**
 * Queues the platforms whose themes were never computed although they have counted reviews with
 * pros or cons (reviewed before themes existed, or seeded), unless already queued: a housekeeping
 * chore, run at start and then now and then. Answers how many it queued. When nothing is missing
 * it is one query; queuing twice is harmless (one row per platform, an existing row left as it
 * is), so two nodes doing it together queue each platform once.
 */
export async function queueUnthemedPlatforms(now = new Date()): Promise<number> {
	const missing = await db()
		.select({ id: platforms.id })
		.from(platforms)
		.where(
			and(
				isNull(platforms.themesComputedAt),
				exists(
					db()
						.select({ one: sql`1` })
						.from(platformRatings)
						.where(
							and(
								eq(platformRatings.platformId, platforms.id),
								or(isNotNull(platformRatings.pros), isNotNull(platformRatings.cons)),
								countedReview(),
							),
						),
				),
				notExists(db().select({ one: sql`1` }).from(themeJobs).where(eq(themeJobs.platformId, platforms.id))),
			),
		);
	if (missing.length === 0) return 0;
	const queued = await db()
		.insert(themeJobs)
		.values(missing.map(({ id }) => ({ platformId: id, nextAttemptAt: now, changes: 1 })))
		.onConflictDoNothing({ target: themeJobs.platformId })
		.returning({ id: themeJobs.id });
	if (queued.length > 0) {
		themesLog().info({ platforms: queued.length }, 'queued the themes of platforms that never had them');
		running?.wake();
	}
	return queued.length;
}

type ClaimedJob = Claimed & { platformId: number; changes: number };

/**
 * Computes a claimed platform's themes and writes what changed if the claim still holds: the job
 * is done when no change came meanwhile, else queued again (the themes written are still newer).
 * Mentions that changed make the platform's next generation; themes found as they are stored
 * write nothing and re-render nothing.
 */
async function runJob(job: ClaimedJob, now = () => new Date()): Promise<void> {
	const found = await computeThemes(job.platformId);
	const [platform] = await db()
		.select({ generation: platforms.themesGeneration, computedAt: platforms.themesComputedAt })
		.from(platforms)
		.where(eq(platforms.id, job.platformId));
	const current = platform?.generation ?? 0;
	const held = await readMentions(job.platformId, current);
	const wanted = new Map<string, Mention>();
	for (const { side, theme, reviewIds } of found) {
		for (const ratingId of reviewIds) {
			const mention: Mention = [ratingId, side, theme];
			wanted.set(mentionKey(mention), mention);
		}
	}
	const added = [...wanted].filter(([key]) => !held.has(key)).map(([, mention]) => mention);
	const dropped = [...held].filter(([key]) => !wanted.has(key)).map(([, mention]) => mention);
	const mentionsChanged = added.length > 0 || dropped.length > 0;
	const changed = mentionsChanged || !platform?.computedAt || !(await themesAsStored(job.platformId, found));
	const generation = mentionsChanged ? current + 1 : current;
	// Hundreds of thousands of rows for a large platform on a first run: written beside the current
	// generation in short statements, never one long transaction that would hold this node's requests.
	if (mentionsChanged) await writeMentions(job.platformId, generation, added, dropped);
	const written = await transaction(async (tx) => {
		// The platform's row first, as a rating takes it before it queues this job: writing the
		// themes updates that row and checks their foreign keys to it (FOR KEY SHARE on
		// PostgreSQL), which would wait for a rating holding it while the rating waits for this
		// job's row: a deadlock, answered 500.
		await lockPlatform(tx, job.platformId);
		const leased = leaseHeld(themeJobs, job);
		const done = await tx
			.delete(themeJobs)
			.where(and(leased, eq(themeJobs.changes, job.changes)))
			.returning({ id: themeJobs.id });
		if (done.length === 0) {
			const again = await tx
				.update(themeJobs)
				.set({ status: 'queued', claimedAt: null, nextAttemptAt: now(), attempts: 0 })
				.where(leased)
				.returning({ id: themeJobs.id });
			// Another node holds it now (this lease ran out): its result counts.
			if (again.length === 0) return false;
		}
		if (changed) await writeThemes(tx, job.platformId, found, generation, now());
		return changed;
	});
	if (!written) return;
	platformChanged({ id: job.platformId, kind: 'themed' });
	// No reader uses the older generations any longer.
	if (mentionsChanged) await deleteRetired(job.platformId, generation);
}

/**
 * Claims and runs the due jobs until none is left; answers how many ran. The worker's loop and
 * the tests call it.
 */
export async function runThemeJobs(isStopped: () => boolean = () => false): Promise<number> {
	let ran = 0;
	while (!isStopped()) {
		const [job] = await claimDue<ClaimedJob>(
			themeJobs,
			{ platformId: themeJobs.platformId, changes: themeJobs.changes },
			{ limit: 1, leaseMs: LEASE_MS },
		);
		if (!job) break;
		if (isStopped()) {
			await releaseClaims(themeJobs, [job]);
			break;
		}
		try {
			await runJob(job);
		} catch (error) {
			// Left claimed: taken again once the lease runs out.
			themesLog().error({ err: error, platformId: job.platformId }, 'themes recompute failed');
		}
		ran++;
	}
	return ran;
}

export type ThemeWorker = LeaseQueueWorker;

function createWorker(): ThemeWorker {
	return startLeaseQueueWorker({
		queue: themeJobs,
		pollMs: config().newsletter.pollMs,
		workDue: async (isStopped) => {
			await runThemeJobs(isStopped);
			return 'done';
		},
		onError: (error) => themesLog().error({ err: error }, 'themes worker could not look at its queue'),
	});
}

let running: ThemeWorker | undefined;
let unsubscribe: (() => void) | undefined;

/**
 * Starts this process's themes worker (with the newsletter's: NEWSLETTER_WORKER=0 leaves a
 * process out). A review changed on this node wakes it; other nodes' changes are found by polling.
 */
export function startThemeWorker(): ThemeWorker | undefined {
	if (!config().newsletter.workerEnabled) return undefined;
	if (!running) {
		running = createWorker();
		unsubscribe = changeBus.madeHere.subscribe((change) => {
			if (change.kind === 'platform' && change.platformChange === 'rated') running?.wake();
		});
	}
	return running;
}

/** Stops claiming and waits for the recompute under way. */
export async function stopThemeWorker(): Promise<void> {
	const worker = running;
	running = undefined;
	unsubscribe?.();
	unsubscribe = undefined;
	await worker?.stop();
	await stopKeyPhrasesThread();
}

/** The platform's themes, most mentioned first, at most THEMES_SHOWN a side. 404 for an unknown platform. */
export async function readThemes(platformId: number): Promise<PlatformThemes> {
	await assertPlatformExists(platformId);
	const side = async (which: ThemeSide) => {
		const rows = await db()
			.select({
				theme: platformThemes.theme,
				count: platformThemes.reviewCount,
				reviewIds: platformThemes.reviewIds,
			})
			.from(platformThemes)
			.where(and(eq(platformThemes.platformId, platformId), eq(platformThemes.side, which)))
			.orderBy(desc(platformThemes.reviewCount), asc(platformThemes.theme))
			.limit(THEMES_SHOWN);
		return rows.map((row) => ({ ...row, reviewIds: JSON.parse(row.reviewIds) as number[] }));
	};
	const [likes, dislikes] = await Promise.all([side('likes'), side('dislikes')]);
	return { likes, dislikes };
}

/**
 * The themes that first appeared between `since` and `until` (the follow digest names them),
 * the shown ones only: most mentioned first, at most THEMES_SHOWN a side.
 */
export async function newThemes(
	platformId: number,
	since: Date,
	until: Date,
): Promise<Array<{ side: ThemeSide; theme: string; count: number }>> {
	const shown = await readThemes(platformId);
	const rows = await db()
		.select({ side: platformThemes.side, theme: platformThemes.theme })
		.from(platformThemes)
		.where(and(eq(platformThemes.platformId, platformId), between(platformThemes.firstSeenAt, since, until)));
	const fresh = new Set(rows.map((row) => themeKey(row.side, row.theme)));
	return (['likes', 'dislikes'] as const).flatMap((side) =>
		shown[side]
			.filter((item) => fresh.has(themeKey(side, item.theme)))
			.map((item) => ({ side, theme: item.theme, count: item.count })),
	);
}
