import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json } from '@/server/http/endpoint';
import { generationStatus, requestFullGeneration } from '@/server/site';

export const prerender = false;

/**
 * Generation status for editors: this node's last success, running, last error, and under
 * `nodes` every node's (several app nodes each generate their own pages).
 */
export const GET = endpoint('personal', async ({ locals }) => {
	requireEditor(locals);
	return json({ ...generationStatus.get(), nodes: await generationStatus.all() });
});

/** Starts a full generation (editors). */
export const POST = endpoint('personal', ({ locals }) => {
	requireEditor(locals);
	requestFullGeneration();
	return json({ message: 'Site generation started', status: generationStatus.get() }, 202);
});
