/**
 * GET /api/platforms/{id}/themes: what users like and dislike, `{ likes, dislikes }`, each at most
 * 8 `{ theme, count, reviewIds }`, most mentioned first. Computed in the background
 * (community/themes.ts); this only reads them. 404 for an unknown platform.
 */
import { endpoint, publicJson, readId } from '@/server/http/endpoint';
import { readThemes } from '@/server/community/themes';

export const prerender = false;

export const GET = endpoint('public', async ({ params, url }) =>
	publicJson(await readThemes(readId(params.id, 'platform id')), { url }),
);
