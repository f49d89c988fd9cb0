/**
 * schema.org Product data for a platform page (search engines' rich results): an
 * AggregateRating once someone has rated it, and up to 5 of the newest reviews.
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
): object {
	const product: Record<string, unknown> = {
		'@context': 'https://schema.org',
		'@type': 'Product',
		name: platform.name,
		description: platform.description,
		category: platform.category,
		url: pageUrl,
	};
	if (platform.logo) product.image = new URL(platform.logo, pageUrl).href;
	if (platform.reviewCount > 0) {
		product.aggregateRating = {
			'@type': 'AggregateRating',
			ratingValue: platform.rating,
			reviewCount: platform.reviewCount,
			bestRating: MAX_STARS,
			worstRating: 1,
		};
		product.review = reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
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
		}));
	}
	return product;
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
