import { endpoint, publicJson, readQuery } from '@/server/http/endpoint';
import { listPlatforms } from '@/server/platforms/directory';
import { platformListQuerySchema } from '@/lib/validation/platforms';

export const prerender = false;

/** The directory listing: search, category, sortBy/sortOrder, limit/offset. */
export const GET = endpoint('public', async ({ url }) =>
	publicJson(await listPlatforms(readQuery(url, platformListQuerySchema)), { url }),
);
