import { endpoint, publicJson, readId } from '@/server/http/endpoint';
import { getPlatform } from '@/server/platforms/directory';

export const prerender = false;

export const GET = endpoint('public', async ({ params, url }) =>
	publicJson(await getPlatform(readId(params.id, 'platform id')), { url }),
);
