/**
 * GET /api/search?q=…: the site-wide search (src/server/search/site-search.ts). Answers
 * `{ platforms, news, education, podcasts, pages }`, up to 5 hits each, every hit
 * `{ id, title, url, snippet: { text, marks } }` where marks are [start, end) offsets of the
 * matched words in the plain snippet text. Only published content. `q` is required, 1 to 200
 * characters once trimmed (400 with a sentence otherwise).
 */
import { siteSearchQuerySchema } from '@/lib/validation/discovery';
import { searchSite } from '@/server/search/site-search';
import { endpoint, publicJson, readQuery } from '@/server/http/endpoint';

export const prerender = false;

export const GET = endpoint('public', async (ctx) => {
	const { q } = readQuery(ctx.url, siteSearchQuerySchema);
	return publicJson(await searchSite(q), ctx);
});
