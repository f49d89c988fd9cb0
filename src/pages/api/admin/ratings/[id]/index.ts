import { requireEditor } from '@/server/auth/permissions';
import { deleteReview } from '@/server/community/reviews';
import { endpoint, json, readId } from '@/server/http/endpoint';

export const prerender = false;

/** Removes a review (with its votes, reply and reports); the platform's numbers follow at once. */
export const DELETE = endpoint('personal', async ({ locals, params }) => {
	requireEditor(locals);
	await deleteReview(readId(params.id, 'review id'), null);
	return json({ message: 'Review removed' });
});
