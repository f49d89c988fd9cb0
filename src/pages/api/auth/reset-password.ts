import { resetPassword } from '@/server/auth/accounts';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { resetPasswordSchema } from '@/lib/validation/auth';

export const prerender = false;

export const POST = endpoint('personal', async ({ request }) => {
	const { token, newPassword } = await readJson(request, resetPasswordSchema);
	await resetPassword(token, newPassword);
	return json({ message: 'Password reset successful' });
});
