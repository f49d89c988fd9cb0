/**
 * Which encoding to answer with, by the client's Accept-Encoding (q-values, `*`, `identity;q=0`)
 * read with negotiator, the parser the compression middleware uses, and the same preference:
 * brotli, then gzip, when the client likes both equally.
 *
 * Clients send few distinct Accept-Encoding values (one per browser family), so each value's
 * answer is remembered: a request then costs one Map lookup, not a parse.
 */
import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';
import { requestHeader } from './request-headers';

const SUPPORTED = ['br', 'gzip', 'identity'];
const PREFERRED = ['br', 'gzip'];
/** Distinct header values remembered; past this the memory starts over (odd clients only). */
const REMEMBERED = 256;

export type Encoding = 'br' | 'gzip' | 'identity';

const chosen = new Map<string, Encoding>();

function negotiate(acceptEncoding: string): Encoding {
	// negotiator 1 takes the server's preference as `{ preferred }`; its types predate the option.
	const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as {
		encoding(available: string[], options: { preferred: string[] }): string | undefined;
	};
	const encoding = negotiator.encoding(SUPPORTED, { preferred: PREFERRED });
	return encoding === 'br' || encoding === 'gzip' ? encoding : 'identity';
}

/** 'br', 'gzip' or 'identity' (also when the client refuses everything we have). */
export function preferredEncoding(req: IncomingMessage): Encoding {
	const header = requestHeader(req, 'accept-encoding');
	if (header === undefined) return 'identity';
	let encoding = chosen.get(header);
	if (encoding === undefined) {
		encoding = negotiate(header);
		if (chosen.size >= REMEMBERED) chosen.clear();
		chosen.set(header, encoding);
	}
	return encoding;
}

const TWIN_SUFFIX = /\.(br|gz)$/i;

/**
 * True for the address of a pre-compressed twin (/sitemap.xml.br, /favicon.ico.gz): twins are a
 * way of sending their page, never files of their own, so such a path is not found. Judged on
 * the decoded path too ('/sitemap.xml%2Ebr' is the same file).
 */
export function isCompressedTwinPath(pathname: string): boolean {
	let decoded = pathname;
	try {
		decoded = decodeURIComponent(pathname);
	} catch {
		// Left as is; the raw form is still judged.
	}
	return TWIN_SUFFIX.test(pathname) || TWIN_SUFFIX.test(decoded.replace(/[/\s]+$/, ''));
}
