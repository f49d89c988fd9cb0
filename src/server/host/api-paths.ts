/**
 * Paths refused before routing, with a JSON `{ "message" }` as API clients get with every
 * refusal (src/server/http/endpoint.ts).
 *
 * Astro cannot route some paths: malformed percent-encoding ('%FF', '%'), which its handler
 * logs as an error before answering its 404 page, and encoding still left after decoding once
 * ('/api/news/1%20OR%3D1', '%253D'), which it answers with its HTML 404 page. We answer those
 * ourselves: malformed encoding with 400 everywhere, and under /api/ in JSON. A path with a
 * backslash is refused everywhere (see refuseBackslashPath).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const API_PATH = /^\/+api\//i;
const ENCODED_BACKSLASH = /%5c/i;

function refuse(res: ServerResponse, status: number, message: string, requestId?: string): true {
	const body = JSON.stringify({ message });
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(body),
		'Cache-Control': 'no-store',
		...(requestId ? { 'X-Request-Id': requestId } : {}),
	});
	res.end(body);
	return true;
}

/**
 * Answers 400 (and returns true) for a path with a backslash, raw or encoded (%5C); false
 * otherwise. Astro reads a URL as browsers do, `\` as `/`, while a proxy in front (nginx) does
 * not: `/_astro/..\api\login` passes nginx as a build file, skipping what nginx does for
 * other paths (the forwarding headers it sets), yet Astro routes it to /api/login. No page,
 * file or API path of ours has one, so nothing with one is routed at all. The query may hold
 * backslashes: nobody reads it as a path.
 */
export function refuseBackslashPath(req: IncomingMessage, res: ServerResponse, requestId?: string): boolean {
	const url = req.url ?? '/';
	const query = url.indexOf('?');
	const raw = url.indexOf('\\');
	const encoded = url.search(ENCODED_BACKSLASH);
	const inPath = (at: number) => at !== -1 && (query === -1 || at < query);
	if (!inPath(raw) && !inPath(encoded)) return false;
	return refuse(res, 400, 'A backslash is not allowed in the URL path.', requestId);
}

/**
 * Answers (and returns true for) a path Astro would not route: malformed percent-encoding
 * anywhere (400: Astro's handler would log it as an error and answer its 404 page), and under
 * /api/ encoding left after one decoding; false otherwise.
 */
export function refuseUnroutablePath(req: IncomingMessage, res: ServerResponse): boolean {
	const path = (req.url ?? '/').split('?')[0]!;
	let decoded: string;
	try {
		decoded = decodeURI(path);
	} catch {
		if (API_PATH.test(path)) return refuse(res, 400, 'The URL is not validly encoded.');
		const body = 'Bad request: the address is not validly encoded.';
		res.writeHead(400, {
			'Content-Type': 'text/plain; charset=utf-8',
			'Content-Length': Buffer.byteLength(body),
			'Cache-Control': 'no-store',
		});
		res.end(body);
		return true;
	}
	if (!API_PATH.test(decoded)) return false;
	// Astro's rule (validateAndDecodePathname): no encoding may survive one decoding.
	if (decoded !== path && /%[0-9a-f]{2}/i.test(decoded)) return refuse(res, 404, 'Not found.');
	return false;
}
