/**
 * A platform's rating is the average of its users' stars, rounded half up to one decimal. The
 * service recomputes it after every rating and the demo seed computes it the same way.
 */

/** Average rounded half up to one decimal, in integer arithmetic. */
export function averageRating(sum: number, count: number): number {
	return count === 0 ? 0 : Math.round((sum * 10) / count) / 10;
}

/** How many ratings have each number of stars: index 0 holds the 1-star count, 4 the 5-star. */
export function starCounts(ratings: readonly { rating: number }[]): number[] {
	const counts = [0, 0, 0, 0, 0];
	for (const { rating } of ratings) if (rating >= 1 && rating <= 5) counts[rating - 1]! += 1;
	return counts;
}
