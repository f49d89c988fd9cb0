import { requireActiveUser } from '@/server/auth/permissions';
import { addComment, listComments } from '@/server/community/comments';
import { endpoint, json, publicJson, readId, readJson } from '@/server/http/endpoint';
import { SIGN_IN_TO_COMMENT, commentSchema } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

/** Approved comments, the same for everyone (an author's pending ones come with my-votes). */
export const GET = endpoint('public', async ({ params, url }) =>
	publicJson(await listComments(readId(params.id, 'platform id')), { url }),
);

/** Posts a comment; it waits for moderation (status 'pending'). */
export const POST = endpoint('personal', async ({ params, request, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_COMMENT);
	const user = requireActiveUser(locals);
	const platformId = readId(params.id, 'platform id');
	const { comment } = await readJson(request, commentSchema);
	return json(await addComment(platformId, user.id, comment), 201);
});
