/**
 * Comments on a platform: a new one waits for an editor (pending); readers see approved ones,
 * and an author also sees their own pending and rejected ones.
 */
import { and, desc, eq, or } from 'drizzle-orm';
import { db, schema, type Reader } from '@/server/db';
import { limits } from '@/server/auth/rate-limit';
import { assertPlatformExists } from '@/server/platforms';
import type { CommentStatus } from '@db/schema';
import { checkPostingLimit } from './posting-limits';

const { platformComments, users } = schema;

export type CommentJson = {
	id: number;
	platformId: number;
	comment: string;
	createdAt: Date;
	status: CommentStatus;
	/** Null once the author's account is gone (the UI shows 'Anonymous'). */
	user: { username: string } | null;
	helpfulVotes: number;
	unhelpfulVotes: number;
};

const commentColumns = {
	id: platformComments.id,
	platformId: platformComments.platformId,
	comment: platformComments.comment,
	createdAt: platformComments.createdAt,
	status: platformComments.status,
	username: users.username,
	helpfulVotes: platformComments.helpfulVotes,
	unhelpfulVotes: platformComments.unhelpfulVotes,
};

function commentJson({
	username,
	...row
}: { username: string | null } & Omit<CommentJson, 'user'>): CommentJson {
	return { ...row, user: username === null ? null : { username } };
}

/**
 * Approved comments, newest first, plus the viewer's own pending ones (marked by status) so
 * authors see what they posted while it waits for moderation.
 */
export function listComments(platformId: number, viewerId: number | null): CommentJson[] {
	assertPlatformExists(platformId);
	const approved = eq(platformComments.status, 'approved');
	const visible =
		viewerId === null
			? approved
			: or(
					approved,
					and(eq(platformComments.status, 'pending'), eq(platformComments.userId, viewerId)),
				);
	return db()
		.select(commentColumns)
		.from(platformComments)
		.leftJoin(users, eq(platformComments.userId, users.id))
		.where(and(eq(platformComments.platformId, platformId), visible))
		.orderBy(desc(platformComments.createdAt), desc(platformComments.id))
		.all()
		.map(commentJson);
}

/** Adds a comment; every comment starts pending until an editor approves it. */
export function addComment(platformId: number, userId: number, text: string): CommentJson {
	checkPostingLimit(limits.commentsPerUser, userId, 'comments');
	assertPlatformExists(platformId);
	const { id } = db()
		.insert(platformComments)
		.values({ platformId, userId, comment: text, status: 'pending' })
		.returning({ id: platformComments.id })
		.get();
	return commentJson(
		db()
			.select(commentColumns)
			.from(platformComments)
			.leftJoin(users, eq(platformComments.userId, users.id))
			.where(eq(platformComments.id, id))
			.get()!,
	);
}

/** A comment's status, author and platform, or undefined when there is no such comment. */
export function findComment(tx: Reader, commentId: number) {
	return tx
		.select({
			status: platformComments.status,
			userId: platformComments.userId,
			platformId: platformComments.platformId,
		})
		.from(platformComments)
		.where(eq(platformComments.id, commentId))
		.get();
}
