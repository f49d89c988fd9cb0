import { requireUser } from '@/server/auth/permissions';
import { confirmWorkEmail } from '@/server/community/work-email';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { verifyEmailSchema } from '@/lib/validation/auth';

export const prerender = false;

/**
 * Confirms a work-email link, sent by the /profile/work-email page's button while signed in as
 * the account that asked (a mail scanner opening the link confirms nothing).
 */
export const POST = endpoint('personal', async ({ request, locals }) => {
	const user = requireUser(locals);
	const { token } = await readJson(request, verifyEmailSchema);
	const { message } = await confirmWorkEmail(token, user.id);
	return json({ message });
});
