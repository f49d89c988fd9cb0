import { analyticsQuerySchema } from '@/lib/validation/analytics';
import { analyticsReport } from '@/server/analytics/report';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readQuery } from '@/server/http/endpoint';

export const prerender = false;

/** The Analytics tab: visitors, page views, top pages, referrers and sign-ups of the last N days. */
export const GET = endpoint('personal', async ({ locals, url }) => {
	requireEditor(locals);
	const { days } = readQuery(url, analyticsQuerySchema);
	return json(await analyticsReport(days));
});
