/** The search title and description every page shows (src/lib/search-appearance.ts). */
import { describe, expect, it } from 'vitest';
import { searchAppearance, shortDescription, siteTitle } from '@/lib/search-appearance';

describe('shortDescription', () => {
	it('keeps a short description as it is, white space collapsed', () => {
		expect(shortDescription('  A short\n\ndescription.  ')).toBe('A short description.');
		expect(shortDescription('x'.repeat(160))).toBe('x'.repeat(160));
	});

	it('cuts a longer one at a word, with an ellipsis, to at most 160 characters', () => {
		const words =
			'Retail media networks sell ads on retailer sites, apps and stores, with the shopper data behind them. '.repeat(
				4,
			);
		const short = shortDescription(words);
		expect(short.length).toBeLessThanOrEqual(160);
		expect(short.endsWith('…')).toBe(true);
		expect(words.startsWith(short.slice(0, -1))).toBe(true);
		expect(words.charAt(short.length - 1)).toMatch(/[\s,.]/); // the cut fell between words
		expect(short).not.toMatch(/[\s,.]…$/);
	});

	it('cuts a text without spaces (a long URL) at the limit', () => {
		const short = shortDescription('y'.repeat(400));
		expect(short).toBe(`${'y'.repeat(159)}…`);
	});
});

describe('searchAppearance', () => {
	it("uses the editor's search title as it is, else the title with the site name", () => {
		expect(searchAppearance({ title: 'Criteo', description: 'd' }).title).toBe('Criteo | Retail Media Hub');
		expect(
			searchAppearance({ title: 'Criteo', description: 'd', metaTitle: 'Criteo reviews 2026' }).title,
		).toBe('Criteo reviews 2026');
		expect(siteTitle('Retail Media Hub')).toBe('Retail Media Hub');
	});

	it("uses the editor's search description, else the page's own, shortened", () => {
		const long = 'word '.repeat(80);
		expect(searchAppearance({ title: 't', description: long }).description.length).toBeLessThanOrEqual(160);
		expect(searchAppearance({ title: 't', description: long, metaDescription: 'Mine.' }).description).toBe(
			'Mine.',
		);
		expect(searchAppearance({ title: 't', description: 'Own.', metaDescription: null }).description).toBe(
			'Own.',
		);
	});
});
