/**
 * GET /api/platforms/{id}/similar: up to 6 other platforms, same category first, then by the
 * number of shared features (src/server/platforms/similarity.ts). 404 for an unknown platform.
 */
import { endpoint, publicJson, readId } from '@/server/http/endpoint';
import { similarPlatforms } from '@/server/platforms/similarity';

export const prerender = false;

export const GET = endpoint('public', async ({ params, url }) =>
	publicJson(await similarPlatforms(readId(params.id, 'platform id')), { url }),
);
