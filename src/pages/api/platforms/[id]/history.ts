/**
 * GET /api/platforms/{id}/history: every editor change of the platform's public fields,
 * `[{ at, field, from, to }]` newest first; for a list, `from` holds the items removed and `to`
 * the items added. Never names the editor. 404 for an unknown platform.
 */
import { endpoint, publicJson, readId } from '@/server/http/endpoint';
import { assertPlatformExists } from '@/server/platforms/directory';
import { platformHistory } from '@/server/platforms/history';

export const prerender = false;

export const GET = endpoint('public', async ({ params, url }) => {
	const id = readId(params.id, 'platform id');
	await assertPlatformExists(id);
	return publicJson(await platformHistory(id), { url });
});
