/**
 * A platform's rating is the average of its users' stars, rounded half up to two decimals (5, 1
 * and 1 stars: 2.33). The service recomputes it after every rating and the demo seed computes it
 * the same way. Pages show it to one decimal (formatRating, src/lib/format.ts).
 */

/** Average rounded half up to two decimals, in integer arithmetic. */
export function averageRating(sum: number, count: number): number {
	return count === 0 ? 0 : Math.round((sum * 100) / count) / 100;
}

/** A sub-score's average over the reviews that gave it, to one decimal; null when none did. */
export function subRatingAverage(sum: number, given: number): number | null {
	return given === 0 ? null : Math.round((sum / given) * 10) / 10;
}

/** How many of the given stars are 1, 2, ... 5: a platform's kept distribution. */
export function starCounts(stars: readonly number[]) {
	const of = (value: number) => stars.filter((star) => star === value).length;
	return { stars1: of(1), stars2: of(2), stars3: of(3), stars4: of(4), stars5: of(5) };
}
