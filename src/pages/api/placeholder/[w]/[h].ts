import { IMMUTABLE_CACHE_CONTROL } from '@/server/http/cache-headers';
import { endpoint, parseWith } from '@/server/http/endpoint';
import { placeholderSvg } from '@/server/platforms/logo-placeholder';
import { placeholderSizeSchema } from '@/lib/validation/placeholder';

export const prerender = false;

/** An SVG grey box saying "w×h"; the same size is always the same image, so cache it for good. */
export const GET = endpoint('public', ({ params }) => {
	const { w, h } = parseWith(placeholderSizeSchema, params);
	return new Response(placeholderSvg(w, h), {
		headers: {
			'Content-Type': 'image/svg+xml; charset=utf-8',
			'Cache-Control': IMMUTABLE_CACHE_CONTROL,
		},
	});
});
