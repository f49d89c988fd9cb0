import { endpoint, publicJson, readId } from '@/server/http/endpoint';
import { getPlatform } from '@/server/platforms/directory';

export const prerender = false;

export const GET = endpoint(async ({ params, url, locals }) =>
	publicJson(await getPlatform(readId(params.id, 'platform id')), { url, locals }),
);
