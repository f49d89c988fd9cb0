import { listUsers } from '@/server/admin/users';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readQuery } from '@/server/http/endpoint';
import { userListQuerySchema } from '@/lib/validation/admin';

export const prerender = false;

/** Users for the dashboard: query search (username or email, any case), limit, offset. */
export const GET = endpoint('personal', async ({ locals, url }) => {
	requireEditor(locals);
	return json(await listUsers(readQuery(url, userListQuerySchema)));
});
