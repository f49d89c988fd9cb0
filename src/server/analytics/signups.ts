/**
 * Sign-ups attributed to the page that brought them (issue 46): an account, a newsletter
 * subscription or a follow is recorded with the site's path and the outside host of the visit,
 * never with who signed up. The islands send `attribution` (sessionStorage: the last content page
 * viewed, the first outside site of the visit); without it, a same-site Referer's path is used.
 */
import { count, desc, gte } from 'drizzle-orm';
import type { SignupKind } from '@/lib/column-values';
import { referrerHost, sitePathField, type AttributionInput } from '@/lib/validation/analytics';
import { db, signupAttributions } from '@/server/db';
import { config } from '@/server/runtime/config';
import { analyticsClock, dayOf } from './clock';

/** The page and outside host of a sign-up: the island's attribution, else a same-site Referer's path. */
export function attributionOf(
	given: AttributionInput,
	refererHeader: string | null,
): { path: string; referrerHost: string | null } | undefined {
	const site = config().siteUrl;
	if (given) return { path: given.path, referrerHost: referrerHost(given.referrer, site.hostname) };
	if (!refererHeader) return undefined;
	let from: URL;
	try {
		from = new URL(refererHeader);
	} catch {
		return undefined;
	}
	if (from.origin !== site.origin) return undefined;
	const path = sitePathField.safeParse(from.pathname);
	return path.success ? { path: path.data, referrerHost: null } : undefined;
}

/** Records a sign-up under the page that brought it (none recorded when no page is known). */
export async function recordSignup(
	kind: SignupKind,
	given: AttributionInput,
	request: Request,
): Promise<void> {
	const attribution = attributionOf(given, request.headers.get('referer'));
	if (!attribution) return;
	await db()
		.insert(signupAttributions)
		.values({ kind, day: dayOf(analyticsClock()), ...attribution });
}

/** Sign-ups per page and kind from `from` (a day), most first. */
export async function signupsByPage(from: string, limit: number) {
	const s = signupAttributions;
	const rows = await db()
		.select({ path: s.path, kind: s.kind, count: count() })
		.from(s)
		.where(gte(s.day, from))
		.groupBy(s.path, s.kind)
		.orderBy(desc(count()), s.path)
		.limit(limit);
	return rows.map((row) => ({ path: row.path, kind: row.kind, count: Number(row.count) }));
}
