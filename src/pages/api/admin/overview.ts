import { overviewCounts } from '@/server/admin/overview';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json } from '@/server/http/endpoint';

export const prerender = false;

/** The dashboard's four counts: platforms, articles (all news), published (news), featured. */
export const GET = endpoint('personal', async ({ locals }) => {
	requireEditor(locals);
	return json(await overviewCounts());
});
