/**
 * Newsletter link clicks: each outside or site link in a sent issue's content goes through the
 * site's own /r/{token}, which redirects to it and counts the click. A token is random per issue
 * and link (the same for every recipient), so it names no member; an unknown one is refused, so
 * /r/ is no open redirect. Unsubscribe links (the mail's own, and any the content carries) are
 * left alone: following them must never wait on a redirect nor be counted as interest.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { decodeHTMLAttribute } from 'entities';
import { db, firstRow, newsletterLinks } from '@/server/db';
import { config } from '@/server/runtime/config';

/** The site's paths a mail's link must reach directly: the unsubscribe page, its API, unfollow. */
const UNTRACKED_PATHS = ['/unsubscribe', '/api/newsletter/unsubscribe', '/unfollow'];

/** Whether a link of a mail is counted: http(s) only, and never the site's own unsubscribe links. */
function isTracked(url: URL, site: URL): boolean {
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
	return !(url.origin === site.origin && UNTRACKED_PATHS.includes(url.pathname.replace(/\/+$/, '')));
}

/** The address a click on `token` goes through. */
export function trackedLinkUrl(token: string): string {
	return new URL(`/r/${token}`, config().siteUrl).href;
}

const HREF = /\bhref="([^"]*)"/g;

/**
 * The issue's content HTML (links already absolute) with each counted link replaced by its /r/
 * address. The tokens are made once per issue and link (every node agrees through the unique
 * index), so rendering again gives the same addresses.
 */
export async function trackLinks(issueId: number, html: string): Promise<string> {
	const site = config().siteUrl;
	const urls = new Set<string>();
	for (const [, raw] of html.matchAll(HREF)) {
		const value = decodeHTMLAttribute(raw!);
		try {
			if (isTracked(new URL(value), site)) urls.add(value);
		} catch {
			// Not a URL: left as written.
		}
	}
	if (urls.size === 0) return html;
	const list = [...urls];
	await db()
		.insert(newsletterLinks)
		.values(list.map((url) => ({ issueId, url, token: randomBytes(16).toString('base64url') })))
		.onConflictDoNothing({ target: [newsletterLinks.issueId, newsletterLinks.url] });
	const rows = await db()
		.select({ url: newsletterLinks.url, token: newsletterLinks.token })
		.from(newsletterLinks)
		.where(and(eq(newsletterLinks.issueId, issueId), inArray(newsletterLinks.url, list)));
	const tokens = new Map(rows.map((row) => [row.url, row.token]));
	return html.replace(HREF, (whole, raw: string) => {
		const token = tokens.get(decodeHTMLAttribute(raw));
		return token ? `href="${trackedLinkUrl(token)}"` : whole;
	});
}

/** The address behind `token`, the click counted when `count`; undefined for an unknown token. */
export async function followLink(token: string, count: boolean): Promise<string | undefined> {
	const byToken = eq(newsletterLinks.token, token);
	if (!count) {
		return (await firstRow(db().select({ url: newsletterLinks.url }).from(newsletterLinks).where(byToken)))
			?.url;
	}
	const [row] = await db()
		.update(newsletterLinks)
		.set({ clicks: sql`${newsletterLinks.clicks} + 1` })
		.where(byToken)
		.returning({ url: newsletterLinks.url });
	return row?.url;
}

/** An issue's links and their clicks, most clicked first. */
export async function linkClicks(issueId: number): Promise<Array<{ url: string; clicks: number }>> {
	const rows = await db()
		.select({ url: newsletterLinks.url, clicks: newsletterLinks.clicks })
		.from(newsletterLinks)
		.where(eq(newsletterLinks.issueId, issueId))
		.orderBy(desc(newsletterLinks.clicks), newsletterLinks.url);
	return rows.map((row) => ({ url: row.url, clicks: Number(row.clicks) }));
}
