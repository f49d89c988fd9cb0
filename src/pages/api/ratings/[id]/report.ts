/**
 * POST `{ "reason": "..." }`: a signed-in reader reports a review to the editors (202: it waits
 * in the dashboard's Reviews tab). Once per reader and review (409 after), never one's own
 * (403), rate-limited per reader (429).
 */
import { AUTH_REQUIRED, requireActiveUser } from '@/server/auth/permissions';
import { reportReview } from '@/server/community/review-reports';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { reportSchema } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

export const POST = endpoint('personal', async ({ params, request, locals }) => {
	if (!locals.user) throw new NotSignedIn(AUTH_REQUIRED);
	const user = requireActiveUser(locals);
	const ratingId = readId(params.id, 'review id');
	const { reason } = await readJson(request, reportSchema);
	await reportReview(ratingId, user, reason);
	return json({ message: 'Thank you. The editors will look at this review.' }, 202);
});
