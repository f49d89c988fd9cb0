import { v1ReviewListQuerySchema } from '@/lib/validation/api-v1';
import { publicJson, readQuery } from '@/server/http/endpoint';
import { v1Endpoint } from '@/server/integrations/api-v1';
import { reviewsPage } from '@/server/integrations/content-api';

export const prerender = false;

/** A page of the platform's public reviews: sort, stars, the reviewer filters, limit, page. */
export const GET = v1Endpoint('content', async (ctx) =>
	publicJson(await reviewsPage(ctx.params.slug, readQuery(ctx.url, v1ReviewListQuerySchema)), ctx),
);
