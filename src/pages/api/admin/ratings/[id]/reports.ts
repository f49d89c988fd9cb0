import { requireEditor } from '@/server/auth/permissions';
import { dismissReports } from '@/server/community/review-reports';
import { endpoint, json, readId } from '@/server/http/endpoint';

export const prerender = false;

/** Dismisses the review's open reports; the review stays. Answers how many were dismissed. */
export const DELETE = endpoint('personal', async ({ locals, params }) => {
	requireEditor(locals);
	return json(await dismissReports(readId(params.id, 'review id')));
});
