/** comparePath and parseComparePath: one canonical address per set of platforms, 2 to 4 of them. */
import { describe, expect, it } from 'vitest';
import { comparePath, parseComparePath } from '@/lib/public-paths';

describe('comparePath', () => {
	it('orders the slugs alphabetically, whatever order they come in', () => {
		expect(comparePath(['walmart-connect', 'criteo'])).toBe('/compare/criteo-vs-walmart-connect');
		expect(comparePath(['c', 'a', 'b'])).toBe('/compare/a-vs-b-vs-c');
	});

	it('is read back by parseComparePath', () => {
		const path = comparePath(['amazon-ads', 'criteo', 'walmart-connect', 'instacart-ads']);
		expect(parseComparePath(path.replace('/compare/', ''))).toEqual([
			'amazon-ads',
			'criteo',
			'instacart-ads',
			'walmart-connect',
		]);
	});
});

describe('parseComparePath', () => {
	it('keeps the order written (the server moves other orders to the canonical one)', () => {
		expect(parseComparePath('criteo-vs-amazon-ads')).toEqual(['criteo', 'amazon-ads']);
	});

	it.each([
		['one platform', 'criteo'],
		['five platforms', 'a-vs-b-vs-c-vs-d-vs-e'],
		['an empty part', 'a-vs--vs-b'],
		['a trailing separator', 'a-vs-'],
		['nothing', ''],
	])('names nothing for %s', (_name, segment) => {
		expect(parseComparePath(segment)).toBeNull();
	});
});
