/** The History view's word diff: only the changed words are marked, long unchanged runs are cut. */
import { describe, expect, it } from 'vitest';
import { DIFF_CONTEXT, wordDiff } from '@/lib/text-diff';

const strip = (parts: ReturnType<typeof wordDiff>) => parts.map(({ key: _key, ...part }) => part);

describe('wordDiff', () => {
	it('marks the removed and added words and keeps the rest', () => {
		expect(strip(wordDiff('ran for two weeks', 'ran for three weeks'))).toEqual([
			{ kind: 'same', text: 'ran for ' },
			{ kind: 'removed', text: 'two' },
			{ kind: 'added', text: 'three' },
			{ kind: 'same', text: ' weeks' },
		]);
		expect(strip(wordDiff('', 'New text'))).toEqual([{ kind: 'added', text: 'New text' }]);
	});

	it('cuts long unchanged text to a little context on the side of each change', () => {
		const long = 'word '.repeat(200);
		const parts = strip(wordDiff(`${long}two ${long}`, `${long}three ${long}`));
		expect(parts.map((part) => part.kind)).toEqual(['gap', 'same', 'removed', 'added', 'same', 'gap']);
		for (const part of parts) if (part.kind === 'same') expect(part.text.length).toBe(DIFF_CONTEXT);
	});
});
