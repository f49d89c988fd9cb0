/**
 * /platforms/{slug}/badge.svg (?theme=dark): the platform's rating badge for its vendor's site.
 * Generated with the platform's page and again when its rating, name or slug changes, so the
 * host serves it as a file (public, revalidated by ETag); 404 for an unknown platform; its
 * numeric and earlier addresses answer 301 to the current one.
 */
import type { APIRoute } from 'astro';
import { platformBadgePath } from '@/lib/public-paths';
import { PLATFORM_NOT_FOUND } from '@/lib/validation/platforms';
import { SHARED_CACHE_CONTROL } from '@/server/http/cache-headers';
import { itemAtAddress } from '@/server/addresses/pages';
import { findPlatform } from '@/server/platforms/directory';
import { renderRatingBadge } from '@/server/seo/rating-badge';

export const prerender = false;

export const GET: APIRoute = async ({ params, url }) => {
	const found = await itemAtAddress('platform', params.slug, findPlatform, platformBadgePath, url);
	if (found.moved) return found.moved;
	if (!found.item) {
		return new Response(PLATFORM_NOT_FOUND, {
			status: 404,
			headers: { 'content-type': 'text/plain; charset=utf-8' },
		});
	}
	const theme = url.searchParams.get('theme') === 'dark' ? 'dark' : 'light';
	return new Response(renderRatingBadge(found.item, theme), {
		headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': SHARED_CACHE_CONTROL },
	});
};
