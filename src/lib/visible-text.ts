/**
 * Readers' texts (comments, reviews) keep only what can be seen. NUL and the other control
 * characters (tabs and line breaks aside) have no place in them, and the bidirectional
 * embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) can make a text read
 * differently from what it is ("Trojan Source"): a name or link shown reversed. Runs anywhere.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: these invisible controls are what is removed
const HIDDEN_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Half of a UTF-16 surrogate pair without its other half: no character at all. Encoded as
 * UTF-8 it becomes U+FFFD anyway, but inside JSON it stays an escape that PostgreSQL's jsonb
 * refuses, so it is replaced here, once, for both engines.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text without control characters (tab, LF and CR kept) and bidirectional controls, and
 * with any lone surrogate replaced by U+FFFD.
 */
export function stripHiddenControls(text: string): string {
	return text.replace(HIDDEN_CONTROLS, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** For zod's preprocess: strips a string, leaves anything else for the schema to refuse. */
export function visibleText(value: unknown): unknown {
	return typeof value === 'string' ? stripHiddenControls(value) : value;
}

/**
 * NUL (U+0000) means nothing in any text a request carries, and PostgreSQL's text type cannot
 * hold one (a query binding one fails). Request bodies lose it before their schema reads them
 * (src/server/http.ts); an address whose query string holds one is refused (src/middleware.ts).
 */
export function hasNul(text: string): boolean {
	return text.includes('\u0000');
}

/** A JSON value with every NUL removed from its strings (keys aside: they name, never store). */
/**
 * Whether a parsed JSON value nests arrays or objects more than `max` levels deep, found without
 * recursion: a 256 KB body can nest 100,000 levels, which any recursive walk (withoutNul, the
 * schemas) would answer with a stack overflow.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
	const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
	while (pending.length > 0) {
		const { value: item, depth } = pending.pop()!;
		if (item === null || typeof item !== 'object') continue;
		if (depth >= max) return true;
		for (const child of Object.values(item)) pending.push({ value: child, depth: depth + 1 });
	}
	return false;
}

export function withoutNul(value: unknown): unknown {
	if (typeof value === 'string') return hasNul(value) ? value.replaceAll('\u0000', '') : value;
	if (Array.isArray(value)) return value.map(withoutNul);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutNul(item)]));
	}
	return value;
}
