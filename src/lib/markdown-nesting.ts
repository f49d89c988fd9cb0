/**
 * How deeply markdown nests, and how much emphasis one paragraph holds, read from the source
 * before any renderer sees it. marked parses nested quotes, lists and emphasis by recursion and
 * overflows the stack at a few thousand levels; DOMPurify's time grows with the square of HTML
 * nesting (ten thousand nested tags take seconds). Real articles nest a handful of levels, so a
 * limit far above that refuses only crafted input, with a sentence the editor can act on. Runs
 * anywhere (the dashboard's form and the endpoints say the same thing); the server's renderer
 * also refuses, with the same sentence, whatever slips past this reading (src/server/content/markdown.ts).
 */

/** Levels of quotes, lists, emphasis or HTML tags inside one another. */
export const MAX_MARKDOWN_NESTING = 100;

export const MARKDOWN_TOO_DEEP = `Content is nested too deeply: at most ${MAX_MARKDOWN_NESTING} levels of quotes, lists, emphasis or HTML tags inside one another.`;

const TAB_WIDTH = 4;
/** A list item's marker: '-', '+', '*' or '1.' / '1)' followed by a space or the line's end. */
const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
/** A horizontal rule or a setext underline (runs of one character, not nesting). */
const RULE_LINE = /^[ \t]*([-*_=])(?:[ \t]*\1)*[ \t]*$/;
const EMPHASIS_RUN = /[*_~]+/g;
// Tags that never have content, so they open no level.
const VOID_TAGS = new Set([
	'area',
	'base',
	'br',
	'col',
	'embed',
	'hr',
	'img',
	'input',
	'link',
	'meta',
	'source',
	'track',
	'wbr',
]);
const TAG = /<(\/?)([a-z][a-z0-9-]*)\b[^>]*?(\/?)>/gi;

/** Quote markers, list markers and indentation (two columns a level) at the start of a line. */
function containerDepth(line: string): number {
	let depth = 0;
	let width = 0;
	let rest = line;
	for (;;) {
		const space = /^[ \t]+/.exec(rest);
		if (space) {
			for (const char of space[0]) width += char === '\t' ? TAB_WIDTH : 1;
			rest = rest.slice(space[0].length);
		}
		if (rest.startsWith('>')) {
			depth += 1;
			rest = rest.slice(1);
			continue;
		}
		const marker = LIST_MARKER.exec(rest);
		if (marker) {
			depth += 1;
			rest = rest.slice(marker[0].length);
			continue;
		}
		return depth + Math.floor(width / 2);
	}
}

/**
 * The most emphasis delimiters open at once along a line ('*a _b *c' opens three levels): a run
 * after a space opens, a run before a space closes, a run inside a word does neither.
 */
function emphasisDepth(line: string): number {
	if (RULE_LINE.test(line)) return 0;
	let open = 0;
	let deepest = 0;
	for (const run of line.matchAll(EMPHASIS_RUN)) {
		const before = line[run.index - 1] ?? ' ';
		const after = line[run.index + run[0].length] ?? ' ';
		const opens = /\s/.test(before) || !/[\p{L}\p{N}]/u.test(before);
		const closes = /\s/.test(after) || !/[\p{L}\p{N}]/u.test(after);
		if (opens && !closes) open += run[0].length;
		else if (closes && !opens) open = Math.max(0, open - run[0].length);
		deepest = Math.max(deepest, open);
	}
	return deepest;
}

/** The deepest HTML nesting in the source, counting opening and closing tags. */
function htmlDepth(source: string): number {
	let depth = 0;
	let deepest = 0;
	for (const [, closing, name, selfClosing] of source.matchAll(TAG)) {
		if (VOID_TAGS.has(name!.toLowerCase()) || selfClosing) continue;
		depth = closing ? Math.max(0, depth - 1) : depth + 1;
		deepest = Math.max(deepest, depth);
	}
	return deepest;
}

/** The deepest nesting of quotes, lists, emphasis or HTML tags in the source. */
export function markdownNestingDepth(source: string): number {
	let deepest = htmlDepth(source);
	for (const line of source.split(/\r\n|\r|\n/)) {
		deepest = Math.max(deepest, containerDepth(line), emphasisDepth(line));
	}
	return deepest;
}

/** True when the source nests no deeper than MAX_MARKDOWN_NESTING. */
export function isWithinMarkdownNesting(source: string): boolean {
	return markdownNestingDepth(source) <= MAX_MARKDOWN_NESTING;
}

/**
 * Emphasis marks (runs of `*`, `_` or `~`) in one paragraph, list item, heading or table row.
 * marked pairs each opening mark with a closing one by scanning the rest of its paragraph, so
 * its time grows with the square of the marks a paragraph holds: 50,000 of them ('_a' over and
 * over, 99 KB) took 6 to 11 s. A thousand is far more than prose uses; code blocks do not count.
 */
export const MAX_EMPHASIS_MARKS = 1000;

export const MARKDOWN_TOO_MUCH_EMPHASIS = `Content has too many emphasis marks in one paragraph: at most ${MAX_EMPHASIS_MARKS} runs of *, _ or ~ between blank lines (code blocks aside).`;

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
/** The start of a list item (its marker is no emphasis), a heading or a table row. */
const BLOCK_START = /^[ \t>]*(?:[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)|#|\|)/;

/** The most emphasis marks in one paragraph, list item, heading or table row, outside fenced code. */
export function mostEmphasisMarks(source: string): number {
	let most = 0;
	let marks = 0;
	let fence: string | null = null;
	for (const line of source.split(/\r\n|\r|\n/)) {
		const opened = FENCE.exec(line)?.[1];
		if (fence) {
			if (opened?.[0] === fence[0] && opened.length >= fence.length) fence = null;
			continue;
		}
		if (opened) {
			fence = opened;
			marks = 0;
			continue;
		}
		if (line.trim() === '') {
			marks = 0;
			continue;
		}
		if (RULE_LINE.test(line)) continue;
		// A list item, heading or table row is parsed on its own: it starts a new count.
		const start = BLOCK_START.exec(line)?.[0];
		if (start !== undefined) marks = 0;
		marks += line.slice(start?.length ?? 0).match(EMPHASIS_RUN)?.length ?? 0;
		most = Math.max(most, marks);
	}
	return most;
}

/** What makes the source too costly or too deep to render, as a sentence; null when nothing. */
export function markdownProblem(source: string): string | null {
	if (!isWithinMarkdownNesting(source)) return MARKDOWN_TOO_DEEP;
	if (mostEmphasisMarks(source) > MAX_EMPHASIS_MARKS) return MARKDOWN_TOO_MUCH_EMPHASIS;
	return null;
}
