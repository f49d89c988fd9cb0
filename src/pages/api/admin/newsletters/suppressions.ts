import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readQuery } from '@/server/http/endpoint';
import { liftSuppression, listSuppressions } from '@/server/newsletter/suppressions';
import { liftSuppressionSchema } from '@/lib/validation/newsletter';

export const prerender = false;

/** The addresses a mail server refused for good, newest first. */
export const GET = endpoint('personal', async ({ locals }) => {
	requireEditor(locals);
	return json({ suppressions: await listSuppressions() });
});

/** Lifts the suppression of ?email= (404 when it is not suppressed). */
export const DELETE = endpoint('personal', async ({ locals, url }) => {
	requireEditor(locals);
	const { email } = readQuery(url, liftSuppressionSchema);
	await liftSuppression(email);
	return json({ message: `Issues will go to ${email} again.` });
});
