import { describe, expect, it } from 'vitest';
import { averageRating } from '@/lib/ratings';

describe('a platform rating', () => {
	it('is the average of the stars, rounded half up to two decimals', () => {
		expect(averageRating(9, 2)).toBe(4.5);
		expect(averageRating(7, 3)).toBe(2.33); // 5, 1 and 1 stars: 2.333…
		expect(averageRating(13, 3)).toBe(4.33); // 4.333…
		expect(averageRating(14, 3)).toBe(4.67); // 4.666…
		expect(averageRating(469, 200)).toBe(2.35); // 2.345 exactly: half up, not banker's or float drift
	});

	it('is 0 without ratings', () => {
		expect(averageRating(0, 0)).toBe(0);
	});
});
