/**
 * GET /api/podcasts/all (editors): every episode, drafts included, as an array, unless limit
 * asks for a page; status=draft|published narrows it, and search, sortBy and sortOrder work as
 * on GET /api/podcasts. X-Total-Count says how many match.
 */
import { TOTAL_COUNT_HEADER } from '@/lib/api-client';
import { editorEpisodeListQuerySchema } from '@/lib/validation/episodes';
import { requireEditor } from '@/server/auth/permissions';
import { listAllEpisodes } from '@/server/content/podcasts';
import { endpoint, json, readQuery } from '@/server/http/endpoint';

export const prerender = false;

export const GET = endpoint('personal', async (ctx) => {
	requireEditor(ctx.locals);
	const { episodes, total } = await listAllEpisodes(readQuery(ctx.url, editorEpisodeListQuerySchema));
	return json(episodes, 200, { [TOTAL_COUNT_HEADER]: String(total) });
});
