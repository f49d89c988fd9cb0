/**
 * Who follows which platform. Following is idempotent (a second follow or unfollow changes
 * nothing), and a follow goes when its user or platform is deleted (the foreign keys cascade).
 */
import { and, asc, eq } from 'drizzle-orm';
import { db, platformFollows, platforms } from '@/server/db';
import { assertPlatformExists } from './directory';

export type FollowJson = { platformId: number; name: string; followedAt: Date };

export async function followPlatform(userId: number, platformId: number): Promise<void> {
	await assertPlatformExists(platformId);
	await db().insert(platformFollows).values({ userId, platformId }).onConflictDoNothing();
}

export async function unfollowPlatform(userId: number, platformId: number): Promise<void> {
	await assertPlatformExists(platformId);
	await db()
		.delete(platformFollows)
		.where(and(eq(platformFollows.userId, userId), eq(platformFollows.platformId, platformId)));
}

/** The platforms the user follows, by name. */
export async function listFollows(userId: number): Promise<FollowJson[]> {
	return db()
		.select({ platformId: platforms.id, name: platforms.name, followedAt: platformFollows.createdAt })
		.from(platformFollows)
		.innerJoin(platforms, eq(platforms.id, platformFollows.platformId))
		.where(eq(platformFollows.userId, userId))
		.orderBy(asc(platforms.name), asc(platforms.id));
}
