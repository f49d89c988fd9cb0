/**
 * A word diff of two saved values for the History view, from jsdiff: the words removed and
 * added, with long unchanged runs between them cut to a little context, so a one-word edit of
 * a long body shows that word rather than the whole body twice.
 */
import { diffWords } from 'diff';

type Part =
	| { kind: 'same' | 'added' | 'removed'; text: string }
	/** Unchanged text left out between two changes (or before the first, after the last). */
	| { kind: 'gap' };

/** A part with its place in the diff, a key that stays with it (the parts never reorder). */
export type DiffPart = Part & { key: number };

/** How much unchanged text stays on each side of a change. */
export const DIFF_CONTEXT = 80;

/** Beyond this many edits the word diff stops looking, and the change shows as whole values. */
const MAX_EDITS = 4000;

function trimmed(text: string, first: boolean, last: boolean): Part[] {
	const keepHead = !first;
	const keepTail = !last;
	const kept = (keepHead ? DIFF_CONTEXT : 0) + (keepTail ? DIFF_CONTEXT : 0);
	if (text.length <= kept + DIFF_CONTEXT / 2) return [{ kind: 'same', text }];
	const parts: Part[] = [];
	if (keepHead) parts.push({ kind: 'same', text: text.slice(0, DIFF_CONTEXT) });
	parts.push({ kind: 'gap' });
	if (keepTail) parts.push({ kind: 'same', text: text.slice(-DIFF_CONTEXT) });
	return parts;
}

/** The words of `before` removed and of `after` added, in order, with unchanged runs cut. */
export function wordDiff(before: string, after: string): DiffPart[] {
	const changes = diffWords(before, after, { maxEditLength: MAX_EDITS }) ?? [
		{ value: before, removed: true, added: false, count: 1 },
		{ value: after, added: true, removed: false, count: 1 },
	];
	return changes
		.filter((change) => change.value !== '')
		.flatMap((change, index, all): Part[] => {
			if (change.added) return [{ kind: 'added', text: change.value }];
			if (change.removed) return [{ kind: 'removed', text: change.value }];
			return trimmed(change.value, index === 0, index === all.length - 1);
		})
		.map((part, key) => ({ ...part, key }));
}
