/**
 * GET /api/platforms/{id}/rating-trend: the counted reviews by the month they were written,
 * `[{ month: 'YYYY-MM', average, count }]` oldest first. 404 for an unknown platform.
 */
import { endpoint, publicJson, readId } from '@/server/http/endpoint';
import { ratingTrend } from '@/server/community/reviews';

export const prerender = false;

export const GET = endpoint('public', async ({ params, url }) =>
	publicJson(await ratingTrend(readId(params.id, 'platform id')), { url }),
);
