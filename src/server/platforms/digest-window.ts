/**
 * The followers' digest window: the first change or new review of a platform opens a digest
 * that gathers for FOLLOW_DIGEST_INTERVAL_MS, so several quick edits make one mail; later ones
 * join it. The newsletter's sender queues its mails when it is due (newsletter/digests.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { config } from '@/server/runtime/config';
import {
	firstRow,
	platformDigests,
	platformFollows,
	platformRepresentatives,
	platforms,
	type Reader,
} from '@/server/db';

/**
 * A change or new review of the platform at `at`, in the writer's transaction (which holds the
 * platform's row, so two writers never both open one): opens the platform's digest, gathering
 * for FOLLOW_DIGEST_INTERVAL_MS from now, or joins the one open. Nobody to tell, nothing opened:
 * followers, or for a review (`review`) also the platform's representatives.
 */
export async function noteForFollowers(tx: Reader, platformId: number, at: Date, { review = false } = {}) {
	const listeners = review
		? sql`exists (select 1 from ${platformFollows} where ${platformFollows.platformId} = ${platformId})
			or exists (select 1 from ${platformRepresentatives} where ${platformRepresentatives.platformId} = ${platformId})`
		: sql`exists (select 1 from ${platformFollows} where ${platformFollows.platformId} = ${platformId})`;
	const [told] = await tx
		.select({ yes: sql<number>`1` })
		.from(platforms)
		.where(and(eq(platforms.id, platformId), listeners));
	if (!told) return;
	const open = await firstRow(
		tx
			.select({ id: platformDigests.id })
			.from(platformDigests)
			.where(and(eq(platformDigests.platformId, platformId), eq(platformDigests.status, 'open'))),
	);
	if (open) return;
	await tx.insert(platformDigests).values({
		platformId,
		since: at,
		sendAt: new Date(at.getTime() + config().followDigestIntervalMs),
	});
}
