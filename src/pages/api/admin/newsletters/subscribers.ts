import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readQuery } from '@/server/http/endpoint';
import { listSubscribers } from '@/server/newsletter/subscribers';
import { subscribersQuerySchema } from '@/lib/validation/newsletter';

export const prerender = false;

/** Accounts and email-only members with their status, counts by status; ?q= searches, ?status= narrows. */
export const GET = endpoint('personal', async ({ locals, url }) => {
	requireEditor(locals);
	return json(await listSubscribers(readQuery(url, subscribersQuerySchema)));
});
