import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId } from '@/server/http/endpoint';
import { sendIssue } from '@/server/newsletter/issues';

export const prerender = false;

/** Queues the issue for every subscriber; 202 with the issue, 409 if it was already sent. */
export const POST = endpoint('personal', async ({ locals, params }) => {
	requireEditor(locals);
	return json(await sendIssue(readId(params.id, 'issue id')), 202);
});
