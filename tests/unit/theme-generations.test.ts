/**
 * A themes recompute (src/server/community/themes.ts) writes only what changed, on each engine:
 * a recompute that finds what is stored writes no mention and announces no change; a changed
 * review adds and retires only the mentions it changes, as the platform's next generation; the
 * ratings filter reads the generation the platform points to, never what a stopped run left
 * beyond it; and the next run undoes those leftovers before writing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeBus } from '@/server/changes/content-changes';
import { listReviews } from '@/server/community/reviews';
import { queueThemes } from '@/server/community/theme-queue';
import { computeThemes, readThemes, runThemeJobs } from '@/server/community/themes';
import { db, platformRatings, platforms, reviewThemes, runStatement, transaction } from '@/server/db';
import { insertAccount } from '../support/newsletter-fixture';
import { ENGINES, engineSwitch } from '../support/each-engine';

const engines = engineSwitch('rmh-theme-generations-');

const DASHBOARD = 'self-serve dashboard';
const REPORTING = 'reporting api';

describe.each(ENGINES)('theme generations on %s', (name) => {
	beforeAll(() => engines.choose(name));

	async function platformWith(slug: string, pros: string[]) {
		const [platform] = await db()
			.insert(platforms)
			.values({ name: slug, slug, description: 'Reviewed.', pricing: 'CPM', category: 'DSP' })
			.returning({ id: platforms.id });
		const reviews: number[] = [];
		for (const text of pros) {
			const { id: userId } = await insertAccount(db());
			const [row] = await db()
				.insert(platformRatings)
				.values({ platformId: platform!.id, userId, rating: 4, pros: text })
				.returning({ id: platformRatings.id });
			reviews.push(row!.id);
		}
		return { platformId: platform!.id, reviews };
	}

	/** Every stored mention of the platform, as `review side theme generation..retired`. */
	async function stored(platformId: number) {
		const rows = await db()
			.select({
				ratingId: reviewThemes.ratingId,
				theme: reviewThemes.theme,
				generation: reviewThemes.generation,
				retired: reviewThemes.retiredGeneration,
			})
			.from(reviewThemes)
			.where(eq(reviewThemes.platformId, platformId));
		return rows.map((row) => `${row.ratingId} ${row.theme} ${row.generation}..${row.retired ?? ''}`).sort();
	}

	const pointer = async (platformId: number) =>
		(
			await db()
				.select({ generation: platforms.themesGeneration })
				.from(platforms)
				.where(eq(platforms.id, platformId))
		)[0]!.generation;

	/** The ids the ratings list's theme filter answers, smallest first. */
	const filtered = async (platformId: number, theme: string) =>
		(await listReviews(platformId, { theme, limit: 100 })).reviews
			.map((review) => review.id)
			.sort((a, b) => a - b);

	async function recompute(platformId: number) {
		const announced: string[] = [];
		const stop = changeBus.madeHere.subscribe((change) => {
			if (change.kind === 'platform' && change.id === platformId) announced.push(change.platformChange);
		});
		try {
			await transaction((tx) => queueThemes(tx, platformId));
			expect(await runThemeJobs()).toBe(1);
		} finally {
			stop();
		}
		return announced;
	}

	it('writes only the mentions a changed review changes, as the next generation', async () => {
		const { platformId, reviews } = await platformWith(`generations-${name}`, [
			'Great self-serve dashboard.',
			'The self-serve dashboards save us hours.',
			'A clear self-serve dashboard.',
			'The reporting API is solid.',
			'A reliable reporting API.',
		]);
		const [a, b, c, d, e] = reviews as [number, number, number, number, number];
		expect(await recompute(platformId)).toEqual(['themed']);
		expect(await pointer(platformId)).toBe(1);
		const first = [
			`${a} ${DASHBOARD} 1..`,
			`${b} ${DASHBOARD} 1..`,
			`${c} ${DASHBOARD} 1..`,
			`${d} ${REPORTING} 1..`,
			`${e} ${REPORTING} 1..`,
		].sort();
		expect(await stored(platformId)).toEqual(first);

		// Nothing changed: no mention written, the pointer where it was, no page to render again.
		expect(await recompute(platformId)).toEqual([]);
		expect(await pointer(platformId)).toBe(1);
		expect(await stored(platformId)).toEqual(first);

		// E now praises the dashboard instead: the reporting API has one review left, so it is no theme
		// and both its mentions go; E's dashboard mention is the only row written.
		await db()
			.update(platformRatings)
			.set({ pros: 'Our self-serve dashboard is fast.' })
			.where(eq(platformRatings.id, e));
		expect(await recompute(platformId)).toEqual(['themed']);
		expect(await pointer(platformId)).toBe(2);
		expect(await stored(platformId)).toEqual(
			[
				`${a} ${DASHBOARD} 1..`,
				`${b} ${DASHBOARD} 1..`,
				`${c} ${DASHBOARD} 1..`,
				`${e} ${DASHBOARD} 2..`,
			].sort(),
		);
		expect((await readThemes(platformId)).likes).toEqual([
			expect.objectContaining({ theme: DASHBOARD, count: 4 }),
		]);
		expect(await filtered(platformId, DASHBOARD)).toEqual([a, b, c, e]);
		expect(await filtered(platformId, REPORTING)).toEqual([]);

		// What a run that stopped while writing generation 3 left: a mention from it, and A retired
		// at it. Readers of generation 2 see neither.
		await runStatement(
			sql`insert into ${reviewThemes} (rating_id, platform_id, side, theme, generation)
				values (${d}, ${platformId}, 'likes', ${DASHBOARD}, 3)`,
		);
		await db()
			.update(reviewThemes)
			.set({ retiredGeneration: 3 })
			.where(and(eq(reviewThemes.ratingId, a), eq(reviewThemes.theme, DASHBOARD)));
		expect(await filtered(platformId, DASHBOARD)).toEqual([a, b, c, e]);

		// The next run undoes them first: B no longer mentions the dashboard, D's leftover goes and
		// A is current again.
		await db().update(platformRatings).set({ pros: 'Helpful people.' }).where(eq(platformRatings.id, b));
		expect(await recompute(platformId)).toEqual(['themed']);
		expect(await pointer(platformId)).toBe(3);
		expect(await stored(platformId)).toEqual(
			[`${a} ${DASHBOARD} 1..`, `${c} ${DASHBOARD} 1..`, `${e} ${DASHBOARD} 2..`].sort(),
		);
		expect(await filtered(platformId, DASHBOARD)).toEqual([a, c, e]);
	});

	it('changes a large platform in several statements and deletes every retired mention', async () => {
		const phrases = ['self-serve dashboard', 'audience targeting', 'reporting api', 'clean room'];
		const { platformId, reviews } = await platformWith(
			`many-generations-${name}`,
			Array.from({ length: 520 }, (_, i) => `Great ${phrases[i % 4]} and a solid ${phrases[(i + 1) % 4]}.`),
		);
		await recompute(platformId);
		expect((await stored(platformId)).length).toBeGreaterThan(520);
		// Every review swaps its second phrase for another (more mentions than one statement takes
		// to add, and to retire); its first phrase's mention stays as it was.
		for (const [i, id] of reviews.entries()) {
			await db()
				.update(platformRatings)
				.set({ pros: `Great ${phrases[i % 4]} and a solid ${phrases[(i + 2) % 4]}.` })
				.where(eq(platformRatings.id, id));
		}
		await recompute(platformId);
		// Exactly what a computation from nothing finds, each mention once, none retired left.
		const found = await computeThemes(platformId);
		const rows = await stored(platformId);
		expect(rows.map((row) => row.replace(/ \d+\.\.$/, '')).sort()).toEqual(
			found.flatMap(({ theme, reviewIds }) => reviewIds.map((id) => `${id} ${theme}`)).sort(),
		);
		expect(rows.some((row) => !/ \d+\.\.$/.test(row))).toBe(false);
		// Written as a difference: the first phrases' mentions kept their generation.
		expect(rows.filter((row) => row.endsWith(' 2..')).length).toBeGreaterThan(500);
		expect(rows.filter((row) => row.endsWith(' 1..')).length).toBeGreaterThan(500);
		const counts = Object.fromEntries(
			(await readThemes(platformId)).likes.map((theme) => [theme.theme, theme.count]),
		);
		expect(counts).toEqual(
			Object.fromEntries(found.map(({ theme, reviewIds }) => [theme, reviewIds.length])),
		);
	});
});
