/**
 * What the server renders from an address (the compare selection, the directory's filters) and
 * how the islands merge what a reader changed in the server-rendered controls before their code
 * ran.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, earlyChoices, filtersFromQuery } from '@/components/platforms/directory-filters';
import { compareIdsFromQuery } from '@/stores/compare';

describe('compareIdsFromQuery', () => {
	it('reads the link form and the no-JavaScript form, known ids only, at most 4', () => {
		expect(compareIdsFromQuery('?platforms=3,1', [1, 2, 3])).toEqual([3, 1]);
		expect(compareIdsFromQuery('?platforms=1,2&platforms=3', [1, 2, 3])).toEqual([1, 2, 3]);
		// The picker's empty choice and unknown ids are dropped before the limit.
		expect(compareIdsFromQuery('?platforms=9,1&platforms=', [1, 2])).toEqual([1]);
		expect(compareIdsFromQuery('?platforms=1,2,3,4,5', [1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4]);
		expect(compareIdsFromQuery('?platforms=1,1', [1])).toEqual([1]);
	});

	it('tells an address without a selection (null) from an empty one', () => {
		expect(compareIdsFromQuery('', [1])).toBeNull();
		expect(compareIdsFromQuery('?utm_source=x', [1])).toBeNull();
		expect(compareIdsFromQuery('?platforms=', [1])).toEqual([]);
	});
});

describe('earlyChoices', () => {
	const rendered = filtersFromQuery('?category=Display&sortBy=name&sortOrder=asc&page=2');

	it('keeps the rendered view, page included, when nothing was changed', () => {
		expect(
			earlyChoices(rendered, { search: '', category: 'Display', sortBy: 'name', sortOrder: 'asc' }),
		).toBe(rendered);
		expect(earlyChoices(rendered, {})).toBe(rendered);
	});

	it('takes a change, clearing one included, and starts on page 1', () => {
		expect(earlyChoices(rendered, { search: '', category: '', sortBy: 'name', sortOrder: 'asc' })).toEqual({
			...rendered,
			category: '',
			page: 1,
		});
		expect(earlyChoices(DEFAULT_FILTERS, { search: 'crite', category: '', sortBy: '' })).toEqual({
			...DEFAULT_FILTERS,
			search: 'crite',
		});
	});
});
