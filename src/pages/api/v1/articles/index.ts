import { v1ArticleListQuerySchema } from '@/lib/validation/api-v1';
import { publicJson, readQuery } from '@/server/http/endpoint';
import { v1Endpoint } from '@/server/integrations/api-v1';
import { articlesPage } from '@/server/integrations/content-api';

export const prerender = false;

/** A page of published articles of a kind: kind, search, category, sortBy, sortOrder, limit, page. */
export const GET = v1Endpoint('content', async (ctx) =>
	publicJson(await articlesPage(readQuery(ctx.url, v1ArticleListQuerySchema)), ctx),
);
