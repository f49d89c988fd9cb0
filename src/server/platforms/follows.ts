/**
 * Who follows which platform. Following is idempotent (a second follow or unfollow changes
 * nothing), and a follow goes when its user or platform is deleted (the foreign keys cascade).
 */
import { and, asc, eq } from 'drizzle-orm';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { config } from '@/server/runtime/config';
import { db, firstRow, followUnsubscribeTokens, platformFollows, platforms, transaction } from '@/server/db';
import { NotFound } from '@/server/errors';
import { assertPlatformExists } from './directory';

export type FollowJson = { platformId: number; slug: string; name: string; followedAt: Date };

export async function followPlatform(userId: number, platformId: number): Promise<void> {
	await assertPlatformExists(platformId);
	await db().insert(platformFollows).values({ userId, platformId }).onConflictDoNothing();
}

/**
 * Ends the follow, and with it every unfollow link mailed for it: a link belongs to the follow
 * its digest was sent for, so after following again an old mail's link unfollows nothing
 * (issue 42, F-7). Deleting the user or the platform cascades to both tables the same way.
 */
export async function unfollowPlatform(userId: number, platformId: number): Promise<void> {
	await assertPlatformExists(platformId);
	await transaction(async (tx) => {
		await tx
			.delete(platformFollows)
			.where(and(eq(platformFollows.userId, userId), eq(platformFollows.platformId, platformId)));
		await tx
			.delete(followUnsubscribeTokens)
			.where(
				and(eq(followUnsubscribeTokens.userId, userId), eq(followUnsubscribeTokens.platformId, platformId)),
			);
	});
}

/** The platforms the user follows, by name. */
export async function listFollows(userId: number): Promise<FollowJson[]> {
	return db()
		.select({
			platformId: platforms.id,
			slug: platforms.slug,
			name: platforms.name,
			followedAt: platformFollows.createdAt,
		})
		.from(platformFollows)
		.innerJoin(platforms, eq(platforms.id, platformFollows.platformId))
		.where(eq(platformFollows.userId, userId))
		.orderBy(asc(platforms.name), asc(platforms.id));
}

/** A new one-click unfollow link's token for one digest mail to the user. */
export async function createFollowUnsubscribeToken(userId: number, platformId: number): Promise<string> {
	const token = generateToken();
	await db()
		.insert(followUnsubscribeTokens)
		.values({ id: hashToken(token), userId, platformId });
	return token;
}

/** The List-Unsubscribe address of a digest mail, which mail providers POST to (RFC 8058). */
export function oneClickUnfollowUrl(token: string): string {
	return new URL(`/api/follows/unsubscribe?token=${encodeURIComponent(token)}`, config().siteUrl).href;
}

export const UNKNOWN_UNFOLLOW_LINK =
	'This unfollow link is not valid. Sign in and unfollow the platform from your profile.';

/** The page a digest's body links to: it asks before unfollowing (link scanners open every URL). */
export function unfollowPageUrl(token: string): string {
	return new URL(`/unfollow?token=${encodeURIComponent(token)}`, config().siteUrl).href;
}

/** The follow an unfollow link names (its platform's name), or undefined for an unknown or spent link. */
export async function unfollowTarget(
	token: string,
): Promise<{ userId: number; platformId: number; name: string } | undefined> {
	return firstRow(
		db()
			.select({
				userId: followUnsubscribeTokens.userId,
				platformId: followUnsubscribeTokens.platformId,
				name: platforms.name,
			})
			.from(followUnsubscribeTokens)
			.innerJoin(platforms, eq(platforms.id, followUnsubscribeTokens.platformId))
			.where(eq(followUnsubscribeTokens.id, hashToken(token))),
	);
}

/**
 * Unfollows the platform the link's mail was about, for the account it went to. The link is
 * spent with the follow: a second use, or one after following again, is an unknown link.
 */
export async function unfollowByToken(token: string): Promise<{ message: string }> {
	const row = await unfollowTarget(token);
	if (!row) throw new NotFound(UNKNOWN_UNFOLLOW_LINK);
	await unfollowPlatform(row.userId, row.platformId);
	return { message: `You no longer follow ${row.name}.` };
}
