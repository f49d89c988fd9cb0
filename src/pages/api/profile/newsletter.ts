import { setNewsletter } from '@/server/auth/accounts';
import { requireUser } from '@/server/auth/permissions';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { newsletterSchema } from '@/lib/validation/auth';

export const prerender = false;

export const PUT = endpoint('personal', async ({ request, locals }) => {
	const user = requireUser(locals);
	const { isNewsletterSubscribed } = await readJson(request, newsletterSchema);
	return json(await setNewsletter(user.id, isNewsletterSubscribed));
});
