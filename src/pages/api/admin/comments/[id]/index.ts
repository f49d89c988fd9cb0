import { requireEditor } from '@/server/auth/permissions';
import { deleteComment } from '@/server/community/moderation';
import { endpoint, json, readId } from '@/server/http/endpoint';

export const prerender = false;

/** Deletes a comment with its votes. */
export const DELETE = endpoint('personal', async ({ locals, params }) => {
	requireEditor(locals);
	await deleteComment(readId(params.id, 'comment id'));
	return json({ message: 'Comment deleted' });
});
