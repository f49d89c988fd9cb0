import { changeEmail } from '../../../server/auth/accounts';
import { requireUser } from '../../../server/auth/guardian';
import { endpoint, json, readJson } from '../../../server/http';
import { changeEmailSchema } from '../../../lib/validation/auth';

export const prerender = false;

export const PUT = endpoint(async ({ request, locals }) => {
	const user = requireUser(locals);
	const { email, currentPassword } = await readJson(request, changeEmailSchema);
	return json(await changeEmail(user, email, currentPassword));
});
