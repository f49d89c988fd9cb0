/**
 * The platforms chosen for comparison (at most 4). The compare page keeps it in
 * sync with its URL and the listing's Compare buttons append to it. It is kept in
 * sessionStorage: a comparison is a task of this tab, not something to find again next week.
 */
import { atom } from 'nanostores';
import { isId, isIdSegment } from '@/lib/ids';
import { COMPARE_PATH_MAX } from '@/lib/public-paths';

/** As many as a comparison address names. */
export const MAX_COMPARE = COMPARE_PATH_MAX;
/** Where the tab keeps its selection (also read by the islands' hydration directive). */
export const COMPARE_STORAGE_KEY = 'rmh:compare';
const STORAGE_KEY = COMPARE_STORAGE_KEY;

/** Positive whole ids, each once, at most MAX_COMPARE, in the order given. */
export function normalizeCompareIds(ids: readonly unknown[]): number[] {
	const unique: number[] = [];
	for (const value of ids) {
		const id = typeof value === 'string' && isIdSegment(value.trim()) ? Number(value) : value;
		if (!isId(id) || unique.includes(id)) continue;
		unique.push(id);
		if (unique.length === MAX_COMPARE) break;
	}
	return unique;
}

/** The compare page's query string for a selection ('' when empty); commas stay readable. */
export function compareQuery(ids: readonly number[]): string {
	return ids.length > 0 ? `?platforms=${ids.join(',')}` : '';
}

/**
 * The selection a /compare address carries, of the known platforms (unknown ids are dropped
 * before the limit of 4, so they never push a real one out); null when the address names none.
 * `platforms=1,2` is the link form; a repeated `platforms` (the picker's form without
 * JavaScript sends the current ids and the picked one) adds up.
 */
export function compareIdsFromQuery(query: string, known: readonly number[]): number[] | null {
	const values = new URLSearchParams(query).getAll('platforms');
	if (values.length === 0) return null;
	const knownIds = new Set(known.map(String));
	const wanted = values.flatMap((value) => value.split(',')).map((id) => id.trim());
	return normalizeCompareIds(wanted.filter((id) => knownIds.has(id)));
}

export function compareHref(ids: readonly number[]): string {
	return `/compare${compareQuery(ids)}`;
}

/**
 * Where a Compare button leads: the selection with this platform appended (once; a full
 * selection stays as it is, and the compare page says why).
 */
export function compareHrefAdding(id: number, ids: readonly number[]): string {
	const next = ids.includes(id) || ids.length >= MAX_COMPARE ? ids : [...ids, id];
	return compareHref(next);
}

/**
 * Where a column's remove link leads without JavaScript: the selection without this platform.
 * An empty `platforms=` still names a selection (none), so the page does not bring back the
 * tab's stored one.
 */
export function compareHrefRemoving(id: number, ids: readonly number[]): string {
	return `/compare?platforms=${ids.filter((other) => other !== id).join(',')}`;
}

/** This tab's stored selection, read afresh (also by pages' scripts before any island runs). */
export function storedCompareIds(): number[] {
	try {
		const stored = sessionStorage.getItem(STORAGE_KEY);
		const parsed: unknown = stored ? JSON.parse(stored) : [];
		return Array.isArray(parsed) ? normalizeCompareIds(parsed) : [];
	} catch {
		return []; // storage blocked (privacy mode) or malformed: start empty
	}
}

/**
 * Islands read it in effects and handlers, never during their first render, so the markup
 * the server rendered (which cannot know this tab's storage) and the hydrating render agree.
 */
export const $compareIds = atom<number[]>(typeof window === 'undefined' ? [] : storedCompareIds());

if (typeof window !== 'undefined') {
	// A page brought back from the back/forward cache kept this module's memory from before:
	// another page (the comparison) may have changed the selection since.
	window.addEventListener('pageshow', (event) => {
		if (event.persisted) $compareIds.set(storedCompareIds());
	});
}

export function setCompareIds(ids: readonly unknown[]): number[] {
	const next = normalizeCompareIds(ids);
	$compareIds.set(next);
	try {
		sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
	} catch {
		// storage blocked: the selection still lives in the URL
	}
	return next;
}

/**
 * Adds a platform unless it is already chosen; refuses (full: true) when 4 others are chosen.
 */
export function addToCompare(id: number): { ids: number[]; full: boolean } {
	const current = $compareIds.get();
	if (current.includes(id)) return { ids: current, full: false };
	if (current.length >= MAX_COMPARE) return { ids: current, full: true };
	return { ids: setCompareIds([...current, id]), full: false };
}

export function removeFromCompare(id: number): number[] {
	return setCompareIds($compareIds.get().filter((chosen) => chosen !== id));
}
