import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json } from '@/server/http/endpoint';
import { draftFromRecentArticles } from '@/server/newsletter/issues';

export const prerender = false;

/** A subject and markdown listing the articles published since the last issue went out. */
export const GET = endpoint('personal', async ({ locals }) => {
	requireEditor(locals);
	return json(await draftFromRecentArticles());
});
