/** Review key phrases (issue 47's themes): lemmatised noun phrases, found offline. */
import { describe, expect, it } from 'vitest';
import { keyPhrases } from '@/server/community/key-phrases';

describe('keyPhrases', () => {
	it('makes "dashboards" and "dashboard" one phrase, hyphenated compounds kept', () => {
		expect(keyPhrases('Self-serve dashboards are great')).toEqual(['self-serve dashboard']);
		expect(keyPhrases('The self-serve dashboard is easy to use.')).toEqual(['self-serve dashboard']);
		expect(keyPhrases('Great self-serve dashboard and support team')).toEqual([
			'self-serve dashboard',
			'support team',
		]);
	});

	it('leaves out the adjectives and verbs, and names a phrase once per text', () => {
		expect(keyPhrases('Expensive pricing, steep learning curve. The pricing hurts.')).toEqual([
			'pricing',
			'learning curve',
		]);
		expect(keyPhrases('Slow reports! Slow report.')).toEqual(['report']);
		expect(keyPhrases('')).toEqual([]);
		expect(keyPhrases('It is fine.')).toEqual([]);
	});
});
