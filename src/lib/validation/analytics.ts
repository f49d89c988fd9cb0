/**
 * What page views and sign-up attribution accept, shared by the reader pages' script, the islands
 * and the endpoints: a path on this site (at most 200 characters, no query) and the page the
 * reader came from, of which only the host is ever kept.
 */
import { z } from 'zod';

export const MAX_SITE_PATH_LENGTH = 200;
const MAX_REFERRER_LENGTH = 2048;

/** A path of this site: one leading slash, no second (that would be another host), no query. */
export const sitePathField = z
	.string({ error: 'The path must be text.' })
	.max(MAX_SITE_PATH_LENGTH, `The path must be at most ${MAX_SITE_PATH_LENGTH} characters long.`)
	.regex(/^\/(?:[^/\\?#\s][^?#\s]*)?$/, 'The path must be a path of this site, such as /news/a-title.');

/** The referring page's address as the browser gave it ('' for none); only its host is kept. */
export const referrerField = z
	.string({ error: 'The referrer must be text.' })
	.max(MAX_REFERRER_LENGTH, `The referrer must be at most ${MAX_REFERRER_LENGTH} characters long.`);

/** The body of `POST /api/events`, as the reader pages' script sends it. */
export const pageviewEventSchema = z.strictObject({
	name: z.literal('pageview', { error: "The event's name must be 'pageview'." }),
	path: sitePathField,
	referrer: referrerField.optional().default(''),
});
export type PageviewEvent = z.output<typeof pageviewEventSchema>;

/**
 * The host of a referring address, lower case, or null: for none, for one that is no http(s)
 * address, and for this site's own host (a page of the site is no outside referrer).
 */
export function referrerHost(referrer: string | null | undefined, siteHost: string): string | null {
	if (!referrer) return null;
	let url: URL;
	try {
		url = new URL(referrer);
	} catch {
		return null;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
	const host = url.hostname.toLowerCase();
	return host && host !== siteHost.toLowerCase() ? host : null;
}

/**
 * `attribution` in a sign-up's body (src/lib/attribution.ts keeps it): a same-site path and the
 * outside referrer. A malformed one is dropped, never a refused sign-up: the Referer then applies.
 */
export const attributionField = z
	.object({ path: sitePathField, referrer: referrerField.optional().default('') })
	.optional()
	.catch(undefined);
export type AttributionInput = z.output<typeof attributionField>;

/** A sign-up body's attribution alone (the signed-in newsletter sign-up reads nothing else). */
export const attributionBodySchema = z.object({ attribution: attributionField });

/** The report's periods, in days (the Analytics tab's switch). */
export const ANALYTICS_PERIODS = [1, 7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** `GET /api/admin/analytics?days=`: one of the periods, 7 when absent. */
export const analyticsQuerySchema = z.object({
	days: z
		.enum(ANALYTICS_PERIODS.map(String) as ['1', '7', '30', '90'], { error: 'Days must be 1, 7, 30 or 90.' })
		.optional()
		.default('7')
		.transform((days) => Number(days) as AnalyticsPeriod),
});
