import { requireUser } from '@/server/auth/permissions';
import { requestWorkEmail, workEmailOf } from '@/server/community/work-email';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { workEmailSchema } from '@/lib/validation/auth';

export const prerender = false;

/** The signed-in user's verified work email: `{ workEmail }`, null when none (only they see it). */
export const GET = endpoint('personal', async ({ locals }) =>
	json(await workEmailOf(requireUser(locals).id)),
);

/** Mails a link to verify a work address (free-mail domains get 400; the mail budget applies). */
export const POST = endpoint('personal', async ({ request, locals }) => {
	const user = requireUser(locals);
	const { email } = await readJson(request, workEmailSchema);
	return json(await requestWorkEmail(user, email));
});
