/**
 * The platform's reply to a review. POST writes it, or replaces it when there is one (201 for
 * the first, 200 after, as ratings do): only the representative of the reviewed platform, any
 * other user 403. DELETE removes it: that representative or an editor.
 */
import { requireActiveUser } from '@/server/auth/permissions';
import { removeReply, replyToReview } from '@/server/community/review-replies';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { SIGN_IN_TO_REPLY, replySchema } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

export const POST = endpoint('personal', async ({ params, request, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_REPLY);
	const user = requireActiveUser(locals);
	const ratingId = readId(params.id, 'review id');
	const { content } = await readJson(request, replySchema);
	const { created, reply } = await replyToReview(ratingId, user, content);
	return json(reply, created ? 201 : 200);
});

export const DELETE = endpoint('personal', async ({ params, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_REPLY);
	const user = requireActiveUser(locals);
	await removeReply(readId(params.id, 'review id'), user);
	return new Response(null, { status: 204 });
});
