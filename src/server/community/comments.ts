/**
 * Comments on a platform: a new one waits for an editor (pending); readers see approved ones,
 * and an author also sees their own pending ones (listOwnPendingComments, a personal read).
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
	db,
	firstRow,
	integerPlaceholder,
	preparedSelect,
	type Reader,
	platformComments,
	users,
} from '@/server/db';
import { lockedForUpdate } from '@/server/db/sql';
import { limits } from '@/server/auth/rate-limit';
import { assertPlatformExists } from '@/server/platforms/directory';
import type { CommentJson } from '@/lib/community-answers';
import { checkPostingLimit } from './posting-limits';

function commentColumns() {
	return {
		id: platformComments.id,
		platformId: platformComments.platformId,
		comment: platformComments.comment,
		createdAt: platformComments.createdAt,
		status: platformComments.status,
		username: users.username,
		helpfulVotes: platformComments.helpfulVotes,
		unhelpfulVotes: platformComments.unhelpfulVotes,
	};
}

function commentJson({
	username,
	...row
}: { username: string | null } & Omit<CommentJson, 'user'>): CommentJson {
	return { ...row, user: username === null ? null : { username } };
}

/** The comments matching `where`, newest first, as rows. */
function commentRows(handle: Reader, where: SQL | undefined) {
	return handle
		.select(commentColumns())
		.from(platformComments)
		.leftJoin(users, eq(platformComments.userId, users.id))
		.where(where)
		.orderBy(desc(platformComments.createdAt), desc(platformComments.id));
}

/** Comments matching `where`, newest first. */
async function selectComments(where: SQL | undefined): Promise<CommentJson[]> {
	return (await commentRows(db(), where)).map(commentJson);
}

/**
 * A reader's pending comments on one platform, prepared once (every platform page a signed-in
 * reader opens asks it). The status is written into the SQL: a value bound into a join, even
 * the same one each time, has SQLite compile the statement again (see textPlaceholder).
 */
const ownPendingComments = preparedSelect('own_pending_comments', (database) =>
	commentRows(
		database,
		and(
			eq(platformComments.platformId, integerPlaceholder('platformId')),
			eq(platformComments.userId, integerPlaceholder('userId')),
			sql`${platformComments.status} = 'pending'`,
		),
	),
);

/** Approved comments, newest first: the same for every reader, so any cache may keep it. */
export async function listComments(platformId: number): Promise<CommentJson[]> {
	await assertPlatformExists(platformId);
	return selectComments(
		and(eq(platformComments.platformId, platformId), eq(platformComments.status, 'approved')),
	);
}

/**
 * The reader's own comments on the platform still waiting for moderation, newest first: the
 * author sees what they posted beside the public list, which never holds them.
 */
export async function listOwnPendingComments(platformId: number, userId: number): Promise<CommentJson[]> {
	return (await ownPendingComments({ platformId, userId })).map(commentJson);
}

/** Adds a comment; every comment starts pending until an editor approves it. */
export async function addComment(platformId: number, userId: number, text: string): Promise<CommentJson> {
	await checkPostingLimit(limits.commentsPerUser, userId, 'comments');
	await assertPlatformExists(platformId);
	const [created] = await db()
		.insert(platformComments)
		.values({ platformId, userId, comment: text, status: 'pending' })
		.returning({ id: platformComments.id });
	const [row] = await db()
		.select(commentColumns())
		.from(platformComments)
		.leftJoin(users, eq(platformComments.userId, users.id))
		.where(eq(platformComments.id, created!.id));
	return commentJson(row!);
}

/**
 * A comment's status, author and platform, or undefined when there is no such comment. With
 * `lock`, its row stays locked until the transaction ends (changes to its votes or status take
 * turns).
 */
export function findComment(tx: Reader, commentId: number, { lock = false } = {}) {
	const query = tx
		.select({
			status: platformComments.status,
			userId: platformComments.userId,
			platformId: platformComments.platformId,
		})
		.from(platformComments)
		.where(eq(platformComments.id, commentId));
	return firstRow(lock ? lockedForUpdate(query) : query);
}
