/**
 * Request rules of the editors' administration endpoints (users, comment
 * moderation, the markdown preview). The dialogs use the zod-free rules these schemas wrap
 * (src/lib/admin-password.ts, src/lib/comment-moderation.ts), so islands stay small.
 */
import { z } from 'zod';
import { adminPasswordProblem } from '@/lib/admin-password';
import { MODERATION_DECISIONS } from '@/lib/comment-moderation';
import { PREVIEW_SUBJECTS, REVISION_SUBJECTS } from '@/lib/column-values';
import { isIdSegment } from '@/lib/ids';
import { idField } from './id';
import { MAX_CONTENT_LENGTH, articleListQuerySchema, markdownBody } from './content';

/** Paging and search behave like the content lists: limit 1..100 (default 50), offset >= 0. */
const pagingSchema = articleListQuerySchema.pick({ limit: true, offset: true });

/** GET /api/admin/users: search matches username or email, ignoring case. */
export const userListQuerySchema = articleListQuerySchema.pick({
	search: true,
	limit: true,
	offset: true,
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/**
 * PUT /api/admin/users/{id}/vendor: `{ platformId }` makes the user that platform's
 * representative; `null` ends it.
 */
export const vendorSchema = z.object({
	platformId: idField('Platform id must be a platform id or null.').nullable(),
});

/**
 * PUT /api/admin/users/{id}/password: the body is `{ password }`; a `confirmPassword`,
 * when sent, must be equal. The messages are the dialog's own sentences, without a field prefix.
 */
export const adminPasswordSchema = z
	.object({
		password: z.string({ error: 'Please ensure passwords match and are not empty.' }).default(''),
		confirmPassword: z.string({ error: 'Please ensure passwords match and are not empty.' }).optional(),
	})
	.superRefine((value, ctx) => {
		const problem = adminPasswordProblem(value.password, value.confirmPassword);
		if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
	});

const blankToUndefined = (value: unknown) =>
	typeof value === 'string' && value.trim() === '' ? undefined : value;

/** GET /api/admin/comments: an omitted or blank status means every status. */
export const moderationListQuerySchema = pagingSchema.extend({
	status: z.preprocess(
		blankToUndefined,
		z
			.enum(['pending', 'approved', 'rejected'], {
				error: "The status must be 'pending', 'approved' or 'rejected'.",
			})
			.optional(),
	),
});
export type ModerationListQuery = z.output<typeof moderationListQuerySchema>;

/**
 * GET /api/admin/ratings: every review, or with reported=1 only those with open reports; search
 * matches the review's texts, its author or its platform.
 */
export const adminRatingListQuerySchema = userListQuerySchema.extend({
	reported: z.preprocess(
		blankToUndefined,
		z
			.enum(['0', '1'], { error: "Reported must be '1' (only reported reviews) or '0' (all)." })
			.transform((value) => value === '1')
			.default(false),
	),
});
export type AdminRatingListQuery = z.output<typeof adminRatingListQuerySchema>;

/** PATCH /api/admin/comments/{id}/moderate. */
export const moderateCommentSchema = z.object({
	status: z.enum(MODERATION_DECISIONS, { error: "The status must be 'approved' or 'rejected'." }),
});

/** POST /api/admin/markdown-preview: the article or page body being written. */
export const markdownPreviewSchema = z.object({
	content: markdownBody(
		z
			.string({ error: 'Content must be text.' })
			.max(MAX_CONTENT_LENGTH, `Content must be at most ${MAX_CONTENT_LENGTH} characters.`),
	),
});

/** POST /api/admin/previews: the item a preview link shows, by kind and id. */
export const previewRequestSchema = z.object({
	type: z.enum(PREVIEW_SUBJECTS, { error: `Type must be one of: ${PREVIEW_SUBJECTS.join(', ')}.` }),
	id: idField('Id must be the id of the item to preview.'),
});

/**
 * A query naming one item by kind and id (`?type&id`, strings), for the lists the dashboard
 * reads of an item: its revisions, its live preview links.
 */
function itemQuerySchema<const Types extends readonly [string, ...string[]]>(types: Types, what: string) {
	return z.object({
		type: z.enum(types, { error: `Type must be one of: ${types.join(', ')}.` }),
		id: z
			.string({ error: 'Id is required.' })
			.refine(isIdSegment, `Id must be the id of the item whose ${what} to list.`)
			.transform(Number),
	});
}

/** GET /api/admin/previews: the item whose live preview links to list, by kind and id. */
export const previewListQuerySchema = itemQuerySchema(PREVIEW_SUBJECTS, 'preview links');

/** DELETE /api/admin/previews/{id}: a preview link's id, as POST and GET answer it. */
export const PREVIEW_LINK_ID = /^[0-9a-f]{64}$/;
export const PREVIEW_LINK_ID_MESSAGE =
	'The preview link id must be the id a preview link was given (64 hexadecimal characters).';

/** GET /api/admin/revisions: the item whose revisions to list, by kind and id. */
export const revisionListQuerySchema = itemQuerySchema(REVISION_SUBJECTS, 'revisions');
export type RevisionListQuery = z.output<typeof revisionListQuerySchema>;
