import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId } from '@/server/http/endpoint';
import { issueLinkClicks } from '@/server/newsletter/issues';

export const prerender = false;

/** The links of an issue's mail and their clicks, most clicked first: `[{ url, clicks }]`. */
export const GET = endpoint('personal', async ({ locals, params }) => {
	requireEditor(locals);
	return json(await issueLinkClicks(readId(params.id, 'issue id')));
});
