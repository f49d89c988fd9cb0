import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { createIssue, listIssues, subscriberCount } from '@/server/newsletter/issues';
import { newsletterIssueSchema } from '@/lib/validation/newsletter';

export const prerender = false;

/** Every issue, newest first, with delivery counts; and how many accounts Send would reach. */
export const GET = endpoint('personal', async ({ locals }) => {
	requireEditor(locals);
	return json({ issues: await listIssues(), subscribers: await subscriberCount() });
});

/** A new draft (body subject, content); 201 with the issue. */
export const POST = endpoint('personal', async ({ locals, request }) => {
	const editor = requireEditor(locals);
	const input = await readJson(request, newsletterIssueSchema);
	return json(await createIssue(input, editor), 201);
});
