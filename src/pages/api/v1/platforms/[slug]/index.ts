import { v1KeyQuerySchema } from '@/lib/validation/api-v1';
import { publicJson, readQuery } from '@/server/http/endpoint';
import { v1Endpoint } from '@/server/integrations/api-v1';
import { platformAt } from '@/server/integrations/content-api';

export const prerender = false;

/** One platform with its rating, the stars' spread and the sub-ratings' averages. */
export const GET = v1Endpoint('content', async (ctx) => {
	readQuery(ctx.url, v1KeyQuerySchema);
	return publicJson(await platformAt(ctx.params.slug), ctx);
});
