/** The site search's snippets: a window around the first match, marks on the matched words. */
import { describe, expect, it } from 'vitest';
import {
	bestSnippet,
	makeSnippet,
	matchRanges,
	matchesEveryWord,
	SNIPPET_LENGTH,
} from '@/lib/search-snippet';
import { VARIANT_PARAMETERS, storedPagePath } from '@/server/site/query-variants';
import { filtersToQuery } from '@/components/platforms/directory-filters';
import { urlWithFilters } from '@/lib/home-filters';

const marked = ({ text, marks }: { text: string; marks: [number, number][] }) =>
	marks.map(([start, end]) => text.slice(start, end));

describe('matchRanges', () => {
	it('marks whole words a search word starts, ignoring case and accents', () => {
		const text = 'Retailers and CAFÉ owners: retail, café.';
		expect(matchRanges(text, ['retail']).map(([s, e]) => text.slice(s, e))).toEqual(['Retailers', 'retail']);
		expect(matchRanges(text, ['cafe']).map(([s, e]) => text.slice(s, e))).toEqual(['CAFÉ', 'café']);
		expect(matchRanges(text, ['tailers'])).toEqual([]);
	});

	it('requires every word for a match', () => {
		expect(matchesEveryWord('Retail media networks', ['media', 'net'])).toBe(true);
		expect(matchesEveryWord('Retail media networks', ['media', 'grocery'])).toBe(false);
	});
});

describe('makeSnippet', () => {
	it('keeps a short text whole', () => {
		const snippet = makeSnippet('  Retail   media\nnetworks ', ['media']);
		expect(snippet.text).toBe('Retail media networks');
		expect(marked(snippet)).toEqual(['media']);
	});

	it('cuts a long text around the first match, at spaces, with ellipses', () => {
		const words = Array.from({ length: 80 }, (_, i) => `word${i}`);
		words[50] = 'needle';
		const snippet = makeSnippet(words.join(' '), ['needle']);
		expect(snippet.text.startsWith('… ')).toBe(true);
		expect(snippet.text.endsWith(' …')).toBe(true);
		expect(snippet.text.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 4);
		expect(marked(snippet)).toEqual(['needle']);
		// No word is cut in half.
		expect(
			snippet.text
				.replace(/^… | …$/g, '')
				.split(' ')
				.every((word) => /^(word\d+|needle)$/.test(word)),
		).toBe(true);
	});

	it('starts at the beginning when nothing matches', () => {
		const snippet = makeSnippet('a '.repeat(200), ['zzz']);
		expect(snippet.text.startsWith('a a')).toBe(true);
		expect(snippet.marks).toEqual([]);
	});

	it('keeps markup as text', () => {
		const snippet = makeSnippet('<script>alert(1)</script> retail', ['retail']);
		expect(snippet.text).toBe('<script>alert(1)</script> retail');
	});
});

describe('bestSnippet', () => {
	it('takes the first text with a match, else the first text', () => {
		expect(bestSnippet(['No match here.', 'Grocery, Retail'], ['retail']).text).toBe('Grocery, Retail');
		expect(bestSnippet(['No match here.', 'Grocery'], ['retail']).text).toBe('No match here.');
		expect(bestSnippet(['', 'Grocery'], ['x']).text).toBe('Grocery');
	});
});

describe('storedPagePath', () => {
	it('stores an archive variant under a path of its own, whatever the order or other parameters', () => {
		const variant = storedPagePath('/news?page=2&category=Fashion%20and%20Apparel');
		expect(variant).toMatch(/^\/news\/@[A-Za-z0-9_-]+$/);
		expect(storedPagePath('/news?utm_source=x&category=Fashion+and+Apparel&page=2')).toBe(variant);
		expect(storedPagePath('/news?page=3')).not.toBe(variant);
	});

	it('leaves every other URL at its path', () => {
		expect(storedPagePath('/news')).toBe('/news');
		expect(storedPagePath('/news?utm_source=x')).toBe('/news');
		expect(storedPagePath('/news?page=')).toBe('/news');
		expect(storedPagePath('/?utm_source=x')).toBe('/');
		expect(storedPagePath('/platforms/3')).toBe('/platforms/3');
	});

	it("gives the home's filters, the directory's and the compare selection a path never generated, so they render on demand", () => {
		expect(storedPagePath('/?newsCategory=Grocery')).toMatch(/^\/\/@/);
		expect(storedPagePath('/platforms?category=Grocery')).toMatch(/^\/platforms\/@/);
		expect(storedPagePath('/compare?platforms=1,2')).toMatch(/^\/compare\/@/);
		expect(storedPagePath('/compare')).toBe('/compare');
	});

	it('names every filter parameter the home and the directory write in their URLs', () => {
		const filters = {
			search: 'a',
			category: 'Grocery',
			sortBy: 'name' as const,
			sortOrder: 'asc' as const,
			page: 2,
		};
		const directory = new URLSearchParams(filtersToQuery(filters));
		expect([...directory.keys()].every((name) => VARIANT_PARAMETERS['/platforms']!.includes(name))).toBe(
			true,
		);
		for (const section of ['news', 'education'] as const) {
			const url = urlWithFilters(
				section,
				{ search: 'a', category: 'b', sortBy: 'title', sortOrder: 'desc' },
				new URL('http://x/'),
			);
			expect([...url.searchParams.keys()].every((name) => VARIANT_PARAMETERS['/']!.includes(name))).toBe(
				true,
			);
		}
	});
});
