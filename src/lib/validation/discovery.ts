/**
 * The query rules of the site search (GET /api/search, the /search page) and of the archives
 * (/news, /education), shared by the pages and the endpoint so both say the same thing.
 */
import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from './content';

export const SEARCH_REQUIRED = 'Enter a word to search for.';
export const SEARCH_TOO_LONG = `Search must be at most ${MAX_SEARCH_LENGTH} characters.`;

/** `q`: trimmed, 1 to 200 characters. */
export const siteSearchQuerySchema = z.object({
	q: z
		.string({ error: SEARCH_REQUIRED })
		.trim()
		.min(1, SEARCH_REQUIRED)
		.max(MAX_SEARCH_LENGTH, SEARCH_TOO_LONG),
});

export type SiteSearchQuery = z.output<typeof siteSearchQuerySchema>;

/** Archive pages are numbered 1, 2, ... written plainly (no sign, no leading zero). */
const PAGE_NUMBER = /^[1-9][0-9]{0,8}$/;

/**
 * `?page=` and `?category=` of an archive. Blank means absent; anything else that is not a
 * page number fails, and the page answers 404 (there is no such page).
 */
export const archiveQuerySchema = z.object({
	page: z
		.string()
		.optional()
		.refine((value) => !value || PAGE_NUMBER.test(value), 'No such page.')
		.transform((value) => (value ? Number(value) : 1)),
	category: z
		.string()
		.trim()
		.max(100)
		.optional()
		.transform((value) => value || undefined),
	q: z
		.string()
		.trim()
		.max(MAX_SEARCH_LENGTH, `Search must be at most ${MAX_SEARCH_LENGTH} characters.`)
		.optional()
		.transform((value) => value || undefined),
});

export type ArchiveQuery = z.output<typeof archiveQuerySchema>;
