/**
 * A platform's rating is the average of its users' stars, rounded half up to one decimal. The
 * service recomputes it after every rating and the demo seed computes it the same way.
 */

/** Average rounded half up to one decimal, in integer arithmetic. */
export function averageRating(sum: number, count: number): number {
	return count === 0 ? 0 : Math.round((sum * 10) / count) / 10;
}
