import { recordPageview } from '@/server/analytics/pageviews';
import { clientKey } from '@/server/http/request-origin';
import { endpoint, readJson } from '@/server/http/endpoint';
import { pageviewEventSchema } from '@/lib/validation/analytics';

export const prerender = false;

/**
 * The reader pages' beacon (navigator.sendBeacon sends text/plain): one page view, counted in
 * memory and written in batches. 202 when counted, 204 when not (a bot). No cookie, no session.
 */
export const POST = endpoint('personal', async (ctx) => {
	const { request } = ctx;
	const event = await readJson(request, pageviewEventSchema, { textPlain: true });
	const counted = await recordPageview(event, {
		address: clientKey(ctx),
		userAgent: request.headers.get('user-agent'),
	});
	return new Response(null, { status: counted ? 202 : 204 });
});
