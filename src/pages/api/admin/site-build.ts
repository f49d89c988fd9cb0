import { requireEditor } from '@/server/auth/guardian';
import { endpoint, json } from '@/server/http';
import { buildStatus, requestFullGeneration } from '@/server/site';

export const prerender = false;

/**
 * Generation status for editors: this node's last success, running, last error, and under
 * `nodes` every node's (several app nodes each generate their own pages).
 */
export const GET = endpoint(async ({ locals }) => {
	requireEditor(locals);
	return json({ ...buildStatus.get(), nodes: await buildStatus.all() });
});

/** Starts a full generation (editors). */
export const POST = endpoint(({ locals }) => {
	requireEditor(locals);
	requestFullGeneration();
	return json({ message: 'Site generation started', status: buildStatus.get() }, 202);
});
