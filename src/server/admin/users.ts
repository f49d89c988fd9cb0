/**
 * The editors' user management: the user list with its tiles, bans, passwords set by an
 * editor, platform representatives. Who may do what is asked of auth/permissions.ts; the account
 * changes themselves (ban, password) go through accounts.ts so their side effects (ending
 * sessions) live in one place.
 */
import { desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '@/lib/validation/admin';
import { findUserById, setBanned, setPassword } from '../auth/accounts';
import { assertCanBan, assertCanSetPassword } from '../auth/permissions';
import { publicUserColumns, type SessionUser } from '../auth/session';
import {
	db,
	firstRow,
	transaction,
	platformRepresentatives as representatives,
	platforms,
	users,
} from '@/server/db';
import { passwordSetByEditorMail } from '../auth/account-mails';
import { sendInBackground } from '../mail/transport';
import { platformChanged } from '../platforms/directory';
import { subscriberCount } from '../newsletter/issues';
import { platformsRatedBy, recountPlatforms } from '../community/reviews';
import { containsText } from '@/server/db/sql';
import { InvalidInput, NotFound } from '@/server/errors';
import { PLATFORM_NOT_FOUND } from '@/lib/validation/platforms';

export const USER_NOT_FOUND = 'User not found';

export type UserStats = {
	totalUsers: number;
	editors: number;
	bannedUsers: number;
	/** Who the newsletter reaches: the Newsletter tab's figure (newsletter/issues.ts subscriberCount). */
	newsletterSubscribers: number;
};

export type UserList = {
	/** One page of users, newest first. */
	users: SessionUser[];
	/** How many users match the search (for paging). */
	total: number;
	/** Tiles over every user, whatever the search. */
	stats: UserStats;
};

/**
 * Username or email containing the text, ignoring case (usernames are ASCII, emails stored
 * lower-cased, so SQLite's ASCII-only folding is enough).
 */
function userSearchCondition(search: string | undefined): SQL | undefined {
	const text = search?.trim();
	if (!text) return undefined;
	return or(containsText(users.username, text), containsText(users.email, text));
}

/** A count over the users (a bigint, so a string, on PostgreSQL: read as a number). */
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

async function userStats(): Promise<UserStats> {
	const [stats] = await db()
		.select({
			totalUsers: sql<number>`count(*)`.mapWith(Number),
			editors: countWhere(sql`${users.role} = 'editor'`),
			bannedUsers: countWhere(sql`${users.isBanned}`),
		})
		.from(users);
	// The Newsletter tab's figure: who Send would reach (accounts and email-only members).
	return { ...stats!, newsletterSubscribers: await subscriberCount() };
}

/** The Users tab: a searched, paged list with its total and the stat tiles. */
export async function listUsers(query: UserListQuery): Promise<UserList> {
	const where = userSearchCondition(query.search);
	const page = await db()
		.select(publicUserColumns())
		.from(users)
		.where(where)
		.orderBy(desc(users.createdAt), desc(users.id))
		.limit(query.limit)
		.offset(query.offset);
	const counted = await firstRow(
		db()
			.select({ total: sql<number>`count(*)`.mapWith(Number) })
			.from(users)
			.where(where),
	);
	return { users: page, total: counted!.total, stats: await userStats() };
}

async function requireTarget(userId: number): Promise<SessionUser> {
	const target = await findUserById(userId);
	if (!target) throw new NotFound(USER_NOT_FOUND);
	return target;
}

/**
 * Bans a non-editor other than the actor; their sessions end at once (setBanned), and their
 * reviews leave the platforms' numbers (they are hidden while the ban lasts).
 */
export async function banUser(actor: SessionUser, userId: number): Promise<SessionUser> {
	return setBan(actor, userId, true);
}

/** Lifts a ban; the user's reviews show and count again. */
export async function unbanUser(actor: SessionUser, userId: number): Promise<SessionUser> {
	return setBan(actor, userId, false);
}

async function setBan(actor: SessionUser, userId: number, banned: boolean): Promise<SessionUser> {
	assertCanBan(actor, await requireTarget(userId));
	const user = (await setBanned(userId, banned))!;
	await recountPlatforms(await platformsRatedBy(userId));
	return user;
}

/**
 * Sets another user's password (the input is already validated) and signs them out
 * everywhere, so whoever knew the old password loses access. The account's owner is told by
 * mail, so a password set behind their back does not go unnoticed.
 */
export async function setUserPassword(actor: SessionUser, userId: number, password: string): Promise<void> {
	const target = await requireTarget(userId);
	assertCanSetPassword(actor, target);
	await setPassword(userId, password);
	sendInBackground(passwordSetByEditorMail(target.email), 'password set by an editor');
}

/**
 * Makes a user the representative of one platform (they answer its reviews and the platform
 * shows as claimed), moves them to another, or with null ends it. Answers the user.
 */
export async function setRepresentative(userId: number, platformId: number | null): Promise<SessionUser> {
	const before = (await requireTarget(userId)).vendorPlatformId;
	await transaction(async (tx) => {
		if (platformId !== null) {
			const platform = await firstRow(
				tx.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, platformId)),
			);
			if (!platform) throw new InvalidInput(PLATFORM_NOT_FOUND, 'platformId');
		}
		await tx.delete(representatives).where(eq(representatives.userId, userId));
		if (platformId !== null) await tx.insert(representatives).values({ userId, platformId });
	});
	// Both platforms' isClaimed may have changed, and which of their reviews are affiliated.
	const changed = [before, platformId].filter((id) => id !== null);
	for (const id of new Set(changed)) platformChanged({ id, kind: 'claimed' });
	await recountPlatforms(changed);
	return requireTarget(userId);
}
