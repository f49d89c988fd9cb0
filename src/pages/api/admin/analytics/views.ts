import { analyticsQuerySchema } from '@/lib/validation/analytics';
import { itemViews } from '@/server/analytics/report';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readQuery } from '@/server/http/endpoint';

export const prerender = false;

/** The dashboard's lists: views of each article and platform page over the last N days. */
export const GET = endpoint('personal', async ({ locals, url }) => {
	requireEditor(locals);
	const { days } = readQuery(url, analyticsQuerySchema);
	return json(await itemViews(days));
});
