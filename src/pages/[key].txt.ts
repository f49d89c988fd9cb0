/**
 * /{INDEXNOW_KEY}.txt: the IndexNow key file, whose body is the key, so engines can check that
 * pings naming this site's key come from it. 404 for any other name, and when no key is set.
 */
import type { APIRoute } from 'astro';
import { config } from '@/server/runtime/config';

export const prerender = false;

export const GET: APIRoute = ({ params }) => {
	const key = config().indexNow?.key;
	if (!key || params.key !== key) {
		return new Response('Not found.', {
			status: 404,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		});
	}
	return new Response(key, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
