/**
 * /og/compare/{a}-vs-{b}.png: a comparison's share image, by its canonical address. The site
 * generator renders the generated comparisons' once per change (src/server/site/paths.ts); this
 * route draws the others on request. 404 for an address that is no canonical comparison.
 */
import type { APIRoute } from 'astro';
import { comparisonShareImage } from '@/server/seo/share-cards';

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
	const png = await comparisonShareImage(params.pair ?? '');
	if (!png) {
		return new Response('No such share image.', {
			status: 404,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		});
	}
	return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
