/**
 * GET /api/podcasts: the episode list (public).
 *
 * Query parameters (the same names as the other list endpoints):
 * - `search`    text; each word matches a title, description or tag word by prefix, all words
 *               required, ignoring case and accents (max 200 characters)
 * - `sortBy`    `publishedAt` (default) | `title` | `duration` | `episodeNumber`
 * - `sortOrder` `asc` | `desc` (default)
 * - `limit`     1..100, default 50; `offset` >= 0, default 0
 * Unknown sortBy or sortOrder values answer 400.
 */
import { podcastListQuerySchema } from '@/lib/validation/content';
import { listEpisodes } from '@/server/content/podcasts';
import { endpoint, publicJson, readQuery } from '@/server/http/endpoint';

export const prerender = false;

export const GET = endpoint('public', async (ctx) =>
	publicJson(await listEpisodes(readQuery(ctx.url, podcastListQuerySchema)), ctx),
);
