import { resendVerification } from '@/server/auth/accounts';
import { requireUser } from '@/server/auth/permissions';
import { endpoint, json } from '@/server/http/endpoint';

export const prerender = false;

/** Mails a new link to verify the signed-in account's address (limited per account). */
export const POST = endpoint('personal', async ({ locals }) =>
	json(await resendVerification(requireUser(locals))),
);
