/**
 * The detail page's header rating and stats card are static HTML; after a new rating the
 * community island repaints them here, so the page shows the new average and count at once
 * (the generated page catches up in the background). Markup: an element with
 * [data-rating-summary] around a StarRating and [data-summary-field="rating|score|reviewCount|reviews"],
 * and RatingLine's [data-when-rated] / [data-when-unrated] parts (the first rating swaps them).
 */
import { formatRating } from '@/lib/format';
import { ratingLabel, reviewsLabel, starFills } from './stars';
import type { RatingSummary } from './types';

function fieldText(field: string | undefined, summary: RatingSummary): string | undefined {
	if (field === 'rating') return formatRating(summary.rating);
	if (field === 'score') return summary.reviewCount === 0 ? 'No reviews' : formatRating(summary.score);
	if (field === 'reviewCount') return String(summary.reviewCount);
	if (field === 'reviews') return reviewsLabel(summary.reviewCount);
	return undefined;
}

export function paintRatingSummary(summary: RatingSummary): void {
	const fills = starFills(summary.rating);
	document.querySelectorAll<HTMLElement>('[data-rating-summary]').forEach((root) => {
		root.querySelectorAll<HTMLElement>('[data-star-rating]').forEach((stars) => {
			stars.setAttribute('aria-label', ratingLabel(summary.rating));
			stars.querySelectorAll<HTMLElement>('[data-star]').forEach((star, index) => {
				star.dataset.fill = fills[index];
			});
		});
		root.querySelectorAll<HTMLElement>('[data-when-rated]').forEach((element) => {
			element.hidden = summary.reviewCount === 0;
		});
		root.querySelectorAll<HTMLElement>('[data-when-unrated]').forEach((element) => {
			element.hidden = summary.reviewCount > 0;
		});
		root.querySelectorAll<HTMLElement>('[data-summary-field]').forEach((element) => {
			const text = fieldText(element.dataset.summaryField, summary);
			if (text !== undefined) element.textContent = text;
		});
	});
}
