import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId } from '@/server/http/endpoint';
import { sendTestMail } from '@/server/newsletter/issues';

export const prerender = false;

/** Sends the issue to the signed-in editor only, subject marked [Test]. */
export const POST = endpoint('personal', async ({ locals, params }) => {
	const editor = requireEditor(locals);
	return json(await sendTestMail(readId(params.id, 'issue id'), editor));
});
