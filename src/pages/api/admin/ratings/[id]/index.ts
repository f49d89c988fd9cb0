import { requireEditor } from '@/server/auth/permissions';
import { deleteRating } from '@/server/community/ratings';
import { endpoint, json, readId } from '@/server/http/endpoint';

export const prerender = false;

/** Removes a review (with its votes, reply and reports); the platform's numbers follow at once. */
export const DELETE = endpoint('personal', async ({ locals, params }) => {
	requireEditor(locals);
	await deleteRating(readId(params.id, 'review id'), null);
	return json({ message: 'Review removed' });
});
