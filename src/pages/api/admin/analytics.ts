import { z } from 'zod';
import { ANALYTICS_PERIODS, analyticsReport } from '@/server/analytics/report';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readQuery } from '@/server/http/endpoint';

export const prerender = false;

const query = z.object({
	days: z
		.enum(ANALYTICS_PERIODS.map(String) as ['1', '7', '30', '90'], { error: 'Days must be 1, 7, 30 or 90.' })
		.optional()
		.default('7')
		.transform(Number),
});

/** The Analytics tab: visitors, page views, top pages, referrers and sign-ups of the last N days. */
export const GET = endpoint('personal', async ({ locals, url }) => {
	requireEditor(locals);
	const { days } = readQuery(url, query);
	return json(await analyticsReport(days as 1 | 7 | 30 | 90));
});
