import { describe, expect, it } from 'vitest';
import { averageRating } from '@/lib/ratings';

describe('a platform rating', () => {
	it('is the average of the stars, rounded half up to one decimal', () => {
		expect(averageRating(9, 2)).toBe(4.5);
		expect(averageRating(13, 3)).toBe(4.3); // 4.333…
		expect(averageRating(14, 3)).toBe(4.7); // 4.666…
		expect(averageRating(49, 20)).toBe(2.5); // 2.45 exactly: half up, not banker's or float drift
	});

	it('is 0 without ratings', () => {
		expect(averageRating(0, 0)).toBe(0);
	});
});
