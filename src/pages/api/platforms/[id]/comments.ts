import { requireActiveUser } from '@/server/auth/permissions';
import { addComment, listComments } from '@/server/community/comments';
import { endpoint, json, publicJson, readId, readJson } from '@/server/http/endpoint';
import { SIGN_IN_TO_COMMENT, commentSchema } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

/** Approved comments for everyone; a signed-in author also gets their own pending ones. */
export const GET = endpoint(async ({ params, url, locals }) =>
	publicJson(await listComments(readId(params.id, 'platform id'), locals.user?.id ?? null), { url, locals }),
);

/** Posts a comment; it waits for moderation (status 'pending'). */
export const POST = endpoint(async ({ params, request, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_COMMENT);
	const user = requireActiveUser(locals);
	const platformId = readId(params.id, 'platform id');
	const { comment } = await readJson(request, commentSchema);
	return json(await addComment(platformId, user.id, comment), 201);
});
