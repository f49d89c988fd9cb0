/**
 * GET /api/podcasts: the episode list (public, published episodes only).
 *
 * Query parameters (the same names as the other list endpoints):
 * - `search`    text; each word matches a title, description or tag word by prefix, all words
 *               required, ignoring case and accents (max 200 characters)
 * - `sortBy`    `publishedAt` (default) | `title` | `duration` | `episodeNumber`
 * - `sortOrder` `asc` | `desc` (default)
 * - `limit`     1..100, default 50; `offset` >= 0, default 0
 * Unknown sortBy or sortOrder values answer 400.
 *
 * POST /api/podcasts (editors): a new episode, 201 with it.
 */
import { podcastListQuerySchema } from '@/lib/validation/content';
import { episodeInputSchema } from '@/lib/validation/episodes';
import { requireEditor } from '@/server/auth/permissions';
import { createEpisode, listEpisodes } from '@/server/content/podcasts';
import { endpoint, json, publicJson, readJson, readQuery } from '@/server/http/endpoint';

export const prerender = false;

export const GET = endpoint('public', async (ctx) =>
	publicJson(await listEpisodes(readQuery(ctx.url, podcastListQuerySchema)), ctx),
);

export const POST = endpoint('personal', async (ctx) => {
	const editor = requireEditor(ctx.locals);
	const input = await readJson(ctx.request, episodeInputSchema);
	return json(await createEpisode(input, editor.id), 201);
});
