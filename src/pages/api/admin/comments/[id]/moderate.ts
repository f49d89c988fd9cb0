import { requireEditor } from '@/server/auth/permissions';
import { moderateComment } from '@/server/community/moderation';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { moderateCommentSchema } from '@/lib/validation/admin';

export const prerender = false;

/** Approves or rejects a comment (body status); answers the moderated comment. */
export const PATCH = endpoint('personal', async ({ locals, params, request }) => {
	requireEditor(locals);
	const id = readId(params.id, 'comment id');
	const { status } = await readJson(request, moderateCommentSchema);
	return json(await moderateComment(id, status));
});
