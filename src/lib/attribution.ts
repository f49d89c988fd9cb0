/**
 * What brought a reader to a sign-up, kept in the tab's sessionStorage (never a cookie, gone
 * when the tab closes): the last content page viewed and the first outside site of the visit.
 * The reader pages' beacon writes it; the sign-up islands send it as `attribution`.
 */
export type Attribution = { path: string; referrer: string };

const KEY = 'rmh-attribution';

/** The kept attribution, or undefined (none yet, or storage unavailable). */
export function readAttribution(): Attribution | undefined {
	try {
		const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Attribution> | null;
		return kept?.path ? { path: kept.path, referrer: kept.referrer ?? '' } : undefined;
	} catch {
		return undefined;
	}
}

/** Remembers a content page viewed, keeping the first outside site (its origin only) of the visit. */
export function rememberPageview(path: string, referrer: string): void {
	let outside = '';
	try {
		const from = new URL(referrer);
		if (from.host !== location.host) outside = from.origin;
	} catch {
		// no referrer, or not an address
	}
	try {
		sessionStorage.setItem(KEY, JSON.stringify({ path, referrer: readAttribution()?.referrer || outside }));
	} catch {
		// storage full or refused: attribution falls back to the Referer header
	}
}
