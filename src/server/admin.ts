/**
 * The editors' administration: the overview counts and
 * user management. Who may do what is asked of the guardian; the account changes themselves
 * (ban, password) go through accounts.ts so their side effects (ending sessions) live in one place.
 */
import { desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '@/lib/validation/admin';
import { findUserById, setBanned, setPassword } from './auth/accounts';
import { assertCanBan, assertCanSetPassword } from './auth/guardian';
import { publicUserColumns, type SessionUser } from './auth/session';
import { db, schema } from './db';
import { likePattern } from './platforms';
import { NotFound } from '@/server/errors';

const { users, platforms, articles } = schema;

export const USER_NOT_FOUND = 'User not found';

/** The dashboard's Overview: four counts in one round trip. */
export type OverviewCounts = {
	/** Every platform. */
	platforms: number;
	/** Every news article, drafts included. */
	articles: number;
	/** Published news articles. */
	published: number;
	/** Platforms flagged recommended. */
	featured: number;
};

export function overviewCounts(): OverviewCounts {
	const news = eq(articles.kind, 'news');
	return db().get<OverviewCounts>(sql`select
		(select count(*) from ${platforms}) as platforms,
		(select count(*) from ${articles} where ${news}) as articles,
		(select count(*) from ${articles} where ${news} and ${articles.isPublished} = 1) as published,
		(select count(*) from ${platforms} where ${platforms.isRecommended} = 1) as featured`);
}

export type UserStats = {
	totalUsers: number;
	editors: number;
	bannedUsers: number;
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
 * Username or email containing the text, ignoring case. Emails are stored lower-cased and
 * usernames are ASCII, for which SQLite's LIKE already ignores case; lower() makes it explicit.
 */
function userSearchCondition(search: string | undefined): SQL | undefined {
	const text = search?.trim();
	if (!text) return undefined;
	const pattern = likePattern(text.toLowerCase());
	return or(
		sql`lower(${users.username}) like ${pattern} escape '\\'`,
		sql`${users.email} like ${pattern} escape '\\'`,
	);
}

function userStats(): UserStats {
	return db()
		.select({
			totalUsers: sql<number>`count(*)`,
			editors: sql<number>`coalesce(sum(${users.role} = 'editor'), 0)`,
			bannedUsers: sql<number>`coalesce(sum(${users.isBanned}), 0)`,
			newsletterSubscribers: sql<number>`coalesce(sum(${users.isNewsletterSubscribed}), 0)`,
		})
		.from(users)
		.get()!;
}

/** The Users tab: a searched, paged list with its total and the stat tiles. */
export function listUsers(query: UserListQuery): UserList {
	const where = userSearchCondition(query.search);
	const page = db()
		.select(publicUserColumns)
		.from(users)
		.where(where)
		.orderBy(desc(users.createdAt), desc(users.id))
		.limit(query.limit)
		.offset(query.offset)
		.all();
	const { total } = db()
		.select({ total: sql<number>`count(*)` })
		.from(users)
		.where(where)
		.get()!;
	return { users: page, total, stats: userStats() };
}

function requireTarget(userId: number): SessionUser {
	const target = findUserById(userId);
	if (!target) throw new NotFound(USER_NOT_FOUND);
	return target;
}

/** Bans a non-editor other than the actor; their sessions end at once (setBanned). */
export function banUser(actor: SessionUser, userId: number): SessionUser {
	assertCanBan(actor, requireTarget(userId));
	return setBanned(userId, true)!;
}

export function unbanUser(actor: SessionUser, userId: number): SessionUser {
	assertCanBan(actor, requireTarget(userId));
	return setBanned(userId, false)!;
}

/**
 * Sets another user's password (the input is already validated) and signs them out
 * everywhere, so whoever knew the old password loses access.
 */
export async function setUserPassword(
	actor: SessionUser,
	userId: number,
	password: string,
): Promise<void> {
	assertCanSetPassword(actor, requireTarget(userId));
	await setPassword(userId, password);
}
