import { requireEditor } from '@/server/auth/guardian';
import { endpoint, json } from '@/server/http';
import { buildStatus, requestFullGeneration } from '@/server/site';

export const prerender = false;

/** Generation status for editors: last success, running, last error. */
export const GET = endpoint(({ locals }) => {
	requireEditor(locals);
	return json(buildStatus.get());
});

/** Starts a full generation (editors). */
export const POST = endpoint(({ locals }) => {
	requireEditor(locals);
	requestFullGeneration();
	return json({ message: 'Site generation started', status: buildStatus.get() }, 202);
});
