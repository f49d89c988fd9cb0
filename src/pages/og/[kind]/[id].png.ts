/**
 * /og/{platforms|news|education}/{id}.png: an item's share image. The site generator renders
 * this once per change into a file the host serves like a page (src/server/site/paths.ts);
 * this route answers only until then (or under astro dev). 404 for an item that is not public.
 */
import type { APIRoute } from 'astro';
import { isIdSegment } from '@/lib/ids';
import { SHARE_IMAGE_KINDS, type ShareImageKind } from '@/lib/share-images';
import { shareImageOf } from '@/server/seo/share-cards';

export const prerender = false;

const notFound = () =>
	new Response('No such share image.', {
		status: 404,
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	});

export const GET: APIRoute = async ({ params }) => {
	const kind = params.kind as ShareImageKind;
	if (!SHARE_IMAGE_KINDS.includes(kind) || !isIdSegment(params.id)) return notFound();
	const png = await shareImageOf(kind, Number(params.id));
	if (!png) return notFound();
	return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
