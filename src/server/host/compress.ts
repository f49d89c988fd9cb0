/**
 * On-the-fly compression for what the Astro handler renders per request (JSON answers,
 * on-demand pages such as /auth), only above 1 KB and only for compressible types; gzip
 * (level 6) for clients without brotli. Generated pages and build files are not compressed here:
 * they are served from their pre-compressed twins. The site generator renders past this layer,
 * so the pages it stores are plain.
 *
 * Brotli is tuned for per-request use (measured with `npm run bench` tooling, 32 connections on
 * GET /api/platforms): with the library's defaults (quality 4, a 4 MB window) each answer
 * allocated a fresh encoder and the server's CPU time per request more than doubled; quality 2
 * with a 64 KB window costs about a tenth over identity for a third of the bytes.
 */
import { constants } from 'node:zlib';
import compression from 'compression';

/** Answers below this many bytes go out as they are (the API cache follows the same rule). */
export const COMPRESS_THRESHOLD = 1024;

export const compressDynamic = compression({
	threshold: COMPRESS_THRESHOLD,
	brotli: {
		params: {
			[constants.BROTLI_PARAM_QUALITY]: 2,
			[constants.BROTLI_PARAM_LGWIN]: 16,
		},
	},
});
