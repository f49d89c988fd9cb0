/**
 * Which encoding to answer with, by the client's Accept-Encoding (q-values, `*`, `identity;q=0`)
 * read with negotiator, the parser the compression middleware uses, and the same preference:
 * brotli, then gzip, when the client likes both equally.
 */
import Negotiator from 'negotiator';

const SUPPORTED = ['br', 'gzip', 'identity'];
const PREFERRED = ['br', 'gzip'];

/** 'br', 'gzip' or 'identity' (also when the client refuses everything we have). */
export function preferredEncoding(req) {
	const encoding = new Negotiator(req).encoding(SUPPORTED, PREFERRED);
	return encoding === 'br' || encoding === 'gzip' ? encoding : 'identity';
}
