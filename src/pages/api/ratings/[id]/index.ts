/**
 * DELETE: the author removes their own review; the platform's rating and review count follow
 * at once. Anyone else gets 403 (editors remove reviews from the dashboard, /api/admin/ratings).
 */
import { deleteReview } from '@/server/community/reviews';
import { endpoint, readId } from '@/server/http/endpoint';
import { AUTH_REQUIRED, requireActiveUser } from '@/server/auth/permissions';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

export const DELETE = endpoint('personal', async ({ params, locals }) => {
	if (!locals.user) throw new NotSignedIn(AUTH_REQUIRED);
	const user = requireActiveUser(locals);
	await deleteReview(readId(params.id, 'review id'), user.id);
	return new Response(null, { status: 204 });
});
