import { requireEditor } from '@/server/auth/permissions';
import { listCommentsForModeration } from '@/server/community/moderation';
import { endpoint, json, readQuery } from '@/server/http/endpoint';
import { moderationListQuerySchema } from '@/lib/validation/admin';

export const prerender = false;

/** The moderation list: query status (pending | approved | rejected, blank = all), limit, offset. */
export const GET = endpoint('personal', async ({ locals, url }) => {
	requireEditor(locals);
	return json(await listCommentsForModeration(readQuery(url, moderationListQuerySchema)));
});
