/**
 * Text a reader was writing, kept for this tab in sessionStorage so it survives leaving the page
 * to sign in or sign up and coming back (a review typed before following "Sign in to rate").
 * A tab's task, like the compare selection: not kept across sessions or shared between tabs.
 */
const PREFIX = 'rmh:draft:';

/** The stored draft under the key, parsed; null when there is none or storage is blocked. */
export function readDraft(key: string): unknown {
	try {
		const stored = sessionStorage.getItem(PREFIX + key);
		return stored === null ? null : (JSON.parse(stored) as unknown);
	} catch {
		return null; // storage blocked (privacy mode) or a malformed entry: nothing kept
	}
}

export function saveDraft(key: string, value: unknown): void {
	try {
		sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
	} catch {
		// storage blocked or full: the draft lives only on this page
	}
}

export function clearDraft(key: string): void {
	try {
		sessionStorage.removeItem(PREFIX + key);
	} catch {
		// storage blocked: nothing was kept
	}
}
