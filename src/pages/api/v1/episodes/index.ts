import { v1EpisodeListQuerySchema } from '@/lib/validation/api-v1';
import { publicJson, readQuery } from '@/server/http/endpoint';
import { v1Endpoint } from '@/server/integrations/api-v1';
import { episodesPage } from '@/server/integrations/content-api';

export const prerender = false;

/** A page of published podcast episodes: search, sortBy, sortOrder, limit, page. */
export const GET = v1Endpoint('content', async (ctx) =>
	publicJson(await episodesPage(readQuery(ctx.url, v1EpisodeListQuerySchema)), ctx),
);
