import { requireEditor } from '@/server/auth/permissions';
import { listReviewsForEditors } from '@/server/community/review-reports';
import { endpoint, json, readQuery } from '@/server/http/endpoint';
import { adminRatingListQuerySchema } from '@/lib/validation/admin';

export const prerender = false;

/**
 * The Reviews tab: every review, or (reported=1) those with open reports with their reasons and
 * counts; search, limit, offset.
 */
export const GET = endpoint('personal', async ({ locals, url }) => {
	requireEditor(locals);
	return json(await listReviewsForEditors(readQuery(url, adminRatingListQuerySchema)));
});
