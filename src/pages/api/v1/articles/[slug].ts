import { v1ArticleQuerySchema } from '@/lib/validation/api-v1';
import { publicJson, readQuery } from '@/server/http/endpoint';
import { v1Endpoint } from '@/server/integrations/api-v1';
import { articleAt } from '@/server/integrations/content-api';

export const prerender = false;

/** One published article by its slug (news first, unless kind says which). */
export const GET = v1Endpoint('content', async (ctx) => {
	const { kind } = readQuery(ctx.url, v1ArticleQuerySchema);
	return publicJson(await articleAt(ctx.params.slug, kind), ctx);
});
