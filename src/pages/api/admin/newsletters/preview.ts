import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { previewMail } from '@/server/newsletter/issues';
import { newsletterIssueSchema } from '@/lib/validation/newsletter';

export const prerender = false;

/**
 * The editor's Preview: the mail subscribers would get for this subject and content, as MJML
 * renders it (HTML and text parts), saved or not.
 */
export const POST = endpoint('personal', async ({ locals, request }) => {
	requireEditor(locals);
	return json(await previewMail(await readJson(request, newsletterIssueSchema)));
});
