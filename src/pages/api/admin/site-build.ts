import { requireEditor } from '../../../server/auth/guardian';
import { endpoint, json } from '../../../server/http';
import { buildStatus, isRenderRequest, requestFullGeneration } from '../../../server/site';

export const prerender = false;

/** Generation status for editors: last success, running, last error. */
export const GET = endpoint(({ locals, request }) => {
	if (!isRenderRequest(request)) requireEditor(locals);
	return json(buildStatus.get());
});

/** Starts a full generation (editors; also the server itself at start, with its secret). */
export const POST = endpoint(({ locals, request }) => {
	if (!isRenderRequest(request)) requireEditor(locals);
	requestFullGeneration();
	return json({ message: 'Site generation started', status: buildStatus.get() }, 202);
});
