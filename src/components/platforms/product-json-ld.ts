/**
 * schema.org Product data for a platform page (search engines' rich results): its
 * AggregateRating and up to 5 of the newest reviews. Only once someone has rated it: Google calls
 * a Product without a rating, review or offer invalid, and a platform has no price to offer.
 */
import { MAX_STARS } from './stars';
import type { Platform } from './types';

/** Rich results want a handful of reviews, not all of them. */
export const JSON_LD_REVIEWS = 5;

type ReviewInput = {
	rating: number;
	review: string | null;
	createdAt: Date | string;
	user: { username: string };
};

export function productJsonLd(
	platform: Platform,
	reviews: readonly ReviewInput[],
	pageUrl: string,
): object | null {
	if (platform.reviewCount === 0) return null;
	return {
		'@context': 'https://schema.org',
		'@type': 'Product',
		name: platform.name,
		description: platform.description,
		category: platform.category,
		url: pageUrl,
		...(platform.logo ? { image: new URL(platform.logo, pageUrl).href } : {}),
		aggregateRating: {
			'@type': 'AggregateRating',
			ratingValue: platform.rating,
			reviewCount: platform.reviewCount,
			bestRating: MAX_STARS,
			worstRating: 1,
		},
		review: reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
			'@type': 'Review',
			author: { '@type': 'Person', name: review.user.username },
			datePublished: new Date(review.createdAt).toISOString().slice(0, 10),
			reviewRating: {
				'@type': 'Rating',
				ratingValue: review.rating,
				bestRating: MAX_STARS,
				worstRating: 1,
			},
			...(review.review ? { reviewBody: review.review } : {}),
		})),
	};
}

/**
 * JSON for a <script type="application/ld+json">: '<' is escaped so no text inside (a review
 * saying '</script>') can end the element.
 */
export function jsonForScript(data: unknown): string {
	return JSON.stringify(data)
		.replace(/</g, '\\u003c')
		.replace(/\u2028/g, '\\u2028')
		.replace(/\u2029/g, '\\u2029');
}
