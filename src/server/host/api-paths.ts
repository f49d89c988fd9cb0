/**
 * API clients get a JSON `{ "message" }` with every refusal (src/server/http.ts). Astro refuses
 * some paths before any route or middleware runs: malformed percent-encoding ('%FF', '%') with
 * a plain-text 400, and encoding still left after decoding once ('/api/news/1%20OR%3D1',
 * '%253D') with its HTML 404 page. Under /api/ we answer those ourselves: same status, JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const API_PATH = /^\/+api\//i;

function refuse(res: ServerResponse, status: number, message: string): true {
	const body = JSON.stringify({ message });
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(body),
		'Cache-Control': 'no-store',
	});
	res.end(body);
	return true;
}

/** Answers (and returns true for) an /api/ path Astro would not route; false otherwise. */
export function refuseUnroutableApiPath(req: IncomingMessage, res: ServerResponse): boolean {
	const path = (req.url ?? '/').split('?')[0]!;
	let decoded: string;
	try {
		decoded = decodeURI(path);
	} catch {
		return API_PATH.test(path) ? refuse(res, 400, 'The URL is not validly encoded.') : false;
	}
	if (!API_PATH.test(decoded)) return false;
	// Astro's rule (validateAndDecodePathname): no encoding may survive one decoding.
	if (decoded !== path && /%[0-9a-f]{2}/i.test(decoded)) return refuse(res, 404, 'Not found.');
	return false;
}
