import { describe, expect, it } from 'vitest';
import {
	readReviewQuery,
	reviewQueryString,
	withReviewQuery,
} from '@/components/platforms/community/review-query';

describe('the review list query in the page address', () => {
	it('reads sort, stars and the reviewer filters, dropping unknown values', () => {
		expect(
			readReviewQuery('?sort=helpful&stars=4&reviewerRole=agency&companySize=51-200&industry=grocery'),
		).toEqual({
			sort: 'helpful',
			stars: 4,
			reviewerRole: 'agency',
			companySize: '51-200',
			industry: 'grocery',
		});
		expect(readReviewQuery('?sort=best&stars=9&reviewerRole=ceo&industry=')).toEqual({
			sort: 'newest',
			stars: undefined,
		});
	});

	it('writes only what differs from the default, and keeps the address’s other parameters', () => {
		expect(reviewQueryString({ sort: 'newest', stars: undefined })).toBe('');
		expect(reviewQueryString({ sort: 'newest', stars: 2, companySize: '5001+' })).toBe(
			'?stars=2&companySize=5001%2B',
		);
		expect(
			withReviewQuery('https://example.com/platforms/3?ref=mail&stars=5#reviews', {
				sort: 'lowest',
				stars: undefined,
				industry: 'beauty',
			}),
		).toBe('/platforms/3?ref=mail&sort=lowest&industry=beauty#reviews');
	});
});
