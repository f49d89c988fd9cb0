/** The editors' side of comments: the moderation list, approving or rejecting, deleting. */
import { desc, eq, sql } from 'drizzle-orm';
import { db, firstRow, transaction, type Reader, platformComments, platforms, users } from '@/server/db';
import { platformChanged } from '@/server/platforms/directory';
import { COMMENT_NOT_FOUND } from '@/lib/validation/platforms';
import type { CommentRow, PlatformRow, UserRow } from '@db/schema';
import type { CommentStatus } from '@/lib/column-values';
import { canModerate, refusedTransitionMessage, type ModerationDecision } from '@/lib/comment-moderation';
import { InvalidInput, NotFound } from '@/server/errors';
import { findComment } from './comments';

/** A comment as the moderation list shows it (with its status, author and platform). */
export type ModerationCommentJson = Pick<
	CommentRow,
	'id' | 'comment' | 'status' | 'createdAt' | 'helpfulVotes' | 'unhelpfulVotes'
> & {
	/** Null if the platform is gone (cannot happen with the cascade; the UI says 'Unknown Platform'). */
	platform: Pick<PlatformRow, 'id' | 'slug' | 'name'> | null;
	/** Null once the author's account is gone (the UI says 'Anonymous'). */
	author: Pick<UserRow, 'username' | 'email'> | null;
};

export type ModerationList = { comments: ModerationCommentJson[]; total: number };

function selectModeration(database: Reader) {
	return database
		.select({
			id: platformComments.id,
			comment: platformComments.comment,
			status: platformComments.status,
			createdAt: platformComments.createdAt,
			platformId: platforms.id,
			platformName: platforms.name,
			platformSlug: platforms.slug,
			username: users.username,
			email: users.email,
			helpfulVotes: platformComments.helpfulVotes,
			unhelpfulVotes: platformComments.unhelpfulVotes,
		})
		.from(platformComments)
		.leftJoin(platforms, eq(platformComments.platformId, platforms.id))
		.leftJoin(users, eq(platformComments.userId, users.id));
}

type ModerationRow = Awaited<ReturnType<typeof selectModeration>>[number];

function moderationJson({
	platformId,
	platformName,
	platformSlug,
	username,
	email,
	...row
}: ModerationRow): ModerationCommentJson {
	return {
		...row,
		platform:
			platformId === null || platformName === null || platformSlug === null
				? null
				: { id: platformId, slug: platformSlug, name: platformName },
		author: username === null || email === null ? null : { username, email },
	};
}

/** Every comment (or those of one status), newest first, one page at a time. */
export async function listCommentsForModeration(query: {
	status?: CommentStatus;
	limit: number;
	offset: number;
}): Promise<ModerationList> {
	const where = query.status ? eq(platformComments.status, query.status) : undefined;
	const rows = await selectModeration(db())
		.where(where)
		.orderBy(desc(platformComments.createdAt), desc(platformComments.id))
		.limit(query.limit)
		.offset(query.offset);
	const counted = await firstRow(
		db()
			.select({ total: sql<number>`count(*)`.mapWith(Number) })
			.from(platformComments)
			.where(where),
	);
	return { comments: rows.map(moderationJson), total: counted!.total };
}

/**
 * Sets a comment's status along the allowed transitions only (pending to approved or rejected,
 * approved and rejected to each other; src/lib/comment-moderation.ts);
 * anything else is a 400 that says why. When the set of approved (public) comments changed,
 * the platform is announced as 'commented' so anything generated from it is refreshed.
 */
export async function moderateComment(
	commentId: number,
	status: ModerationDecision,
): Promise<ModerationCommentJson> {
	const { comment, publicChange } = await transaction(async (tx) => {
		// Locked, so two editors deciding at once take turns and the second sees the first's status.
		const current = await findComment(tx, commentId, { lock: true });
		if (!current) throw new NotFound(COMMENT_NOT_FOUND);
		if (!canModerate(current.status, status)) {
			throw new InvalidInput(refusedTransitionMessage(current.status, status));
		}
		await tx.update(platformComments).set({ status }).where(eq(platformComments.id, commentId));
		const [row] = await selectModeration(tx).where(eq(platformComments.id, commentId));
		// Only approved comments are public; pending -> rejected changes nothing visible.
		return {
			comment: moderationJson(row!),
			publicChange: current.status === 'approved' || status === 'approved',
		};
	});
	if (publicChange && comment.platform) {
		platformChanged({ id: comment.platform.id, kind: 'commented' });
	}
	return comment;
}

/** Deletes a comment; its votes go with it (ON DELETE CASCADE). */
export async function deleteComment(commentId: number): Promise<void> {
	const [row] = await db()
		.delete(platformComments)
		.where(eq(platformComments.id, commentId))
		.returning({ platformId: platformComments.platformId, status: platformComments.status });
	if (!row) throw new NotFound(COMMENT_NOT_FOUND);
	if (row.status === 'approved') platformChanged({ id: row.platformId, kind: 'commented' });
}
