import { v1PlatformListQuerySchema } from '@/lib/validation/api-v1';
import { publicJson, readQuery } from '@/server/http/endpoint';
import { v1Endpoint } from '@/server/integrations/api-v1';
import { platformsPage } from '@/server/integrations/content-api';

export const prerender = false;

/** A page of the platform directory: search, category, sortBy, sortOrder, limit, page. */
export const GET = v1Endpoint('content', async (ctx) =>
	publicJson(await platformsPage(readQuery(ctx.url, v1PlatformListQuerySchema)), ctx),
);
