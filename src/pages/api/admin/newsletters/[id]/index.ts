import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { deleteIssue, updateIssue } from '@/server/newsletter/issues';
import { newsletterIssueSchema } from '@/lib/validation/newsletter';

export const prerender = false;

/** Changes a draft (body subject, content); 409 once it has been sent. */
export const PUT = endpoint('personal', async ({ locals, params, request }) => {
	requireEditor(locals);
	const id = readId(params.id, 'issue id');
	const input = await readJson(request, newsletterIssueSchema);
	return json(await updateIssue(id, input));
});

/** Deletes a draft; 409 for an issue that has been sent. */
export const DELETE = endpoint('personal', async ({ locals, params }) => {
	requireEditor(locals);
	await deleteIssue(readId(params.id, 'issue id'));
	return json({ message: 'Newsletter issue deleted' });
});
