/**
 * The short excerpt of a search hit with its matches marked. The text stays plain: marks are
 * offsets ([start, end), UTF-16 indices into `text`), so nothing a writer typed is ever read as
 * markup; the page wraps those ranges in <mark> as escaped text, and any other client can too.
 *
 * A word of the text matches when it starts with a word of the search, ignoring case and
 * accents: the rule the article and episode indexes apply (FTS5 prefix terms, tsvector prefix
 * queries), so the words marked are the words that were found. The whole word is marked.
 */

export type Snippet = { text: string; marks: [number, number][] };

/** Longest snippet, in characters, before the ellipses. */
export const SNIPPET_LENGTH = 160;
/** How much of the text before the first match a snippet keeps, at most. */
const LEAD = 40;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Lower case, accents dropped: the indexes' folding (unicode61 remove_diacritics 2). */
export function foldWord(word: string): string {
	// Most words are ASCII, where folding is lower case alone (and NFD is the costly part).
	if (ASCII.test(word)) return word.toLowerCase();
	return word
		.normalize('NFD')
		.replace(/\p{M}+/gu, '')
		.toLowerCase();
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, controls included
const ASCII = /^[\x00-\x7f]*$/;

/** The ranges of the words of `text` that a search word starts. */
export function matchRanges(text: string, searchWords: readonly string[]): [number, number][] {
	const folded = searchWords.map(foldWord).filter(Boolean);
	if (folded.length === 0) return [];
	const ranges: [number, number][] = [];
	for (const match of text.matchAll(WORD)) {
		const word = foldWord(match[0]);
		if (folded.some((prefix) => word.startsWith(prefix))) {
			ranges.push([match.index, match.index + match[0].length]);
		}
	}
	return ranges;
}

/** True when every search word starts some word of the text (all words required, as indexed). */
export function matchesEveryWord(text: string, searchWords: readonly string[]): boolean {
	return searchWords.every((word) => matchRanges(text, [word]).length > 0);
}

/**
 * A window of the text around its first match (the start of the text when nothing matches),
 * cut at spaces, with "…" where text was left out, and the matches inside it marked.
 */
export function makeSnippet(source: string, searchWords: readonly string[]): Snippet {
	const text = source.replace(/\s+/g, ' ').trim();
	const ranges = matchRanges(text, searchWords);
	let start = 0;
	if (ranges.length > 0 && text.length > SNIPPET_LENGTH) {
		const first = ranges[0]![0];
		start = Math.max(0, first - LEAD);
		if (start > 0) {
			const space = text.indexOf(' ', start);
			start = space === -1 || space >= first ? first : space + 1;
		}
	}
	let end = Math.min(text.length, start + SNIPPET_LENGTH);
	if (end < text.length) {
		const space = text.lastIndexOf(' ', end);
		if (space > start) end = space;
	}
	const lead = start > 0 ? '… ' : '';
	const tail = end < text.length ? ' …' : '';
	const shift = lead.length - start;
	const marks = ranges
		.filter(([from, to]) => from >= start && to <= end)
		.map(([from, to]): [number, number] => [from + shift, to + shift]);
	return { text: `${lead}${text.slice(start, end)}${tail}`, marks };
}

/**
 * The snippet of the first text that has a match (a description, then tags or features), or
 * of the first text when none has: a hit found by its title still shows its description.
 */
export function bestSnippet(texts: readonly string[], searchWords: readonly string[]): Snippet {
	const candidates = texts.filter((text) => text.trim() !== '');
	const matching = candidates.find((text) => matchRanges(text, searchWords).length > 0);
	return makeSnippet(matching ?? candidates[0] ?? '', searchWords);
}
