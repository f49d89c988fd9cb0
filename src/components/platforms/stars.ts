/** Star maths shared by the star display, the detail page's live summary and JSON-LD. */
import { formatRating } from '@/lib/format';

export type StarFill = 'full' | 'half' | 'empty';

export const MAX_STARS = 5;

/** Five fills for a rating rounded to the nearest half (ratings show in half stars). */
export function starFills(rating: number): StarFill[] {
	const halves = Math.round(Math.min(MAX_STARS, Math.max(0, rating)) * 2);
	return Array.from({ length: MAX_STARS }, (_, index) => {
		const left = halves - index * 2;
		return left >= 2 ? 'full' : left === 1 ? 'half' : 'empty';
	});
}

/** The accessible name of a star display, e.g. 'Rated 4.5 out of 5'. */
export function ratingLabel(rating: number): string {
	return `Rated ${formatRating(rating)} out of ${MAX_STARS}`;
}

/** '1 review', '12 reviews'. */
export function reviewsLabel(count: number): string {
	return count === 1 ? '1 review' : `${count} reviews`;
}
