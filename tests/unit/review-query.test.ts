import { describe, expect, it } from 'vitest';
import {
	hasMoreReviews,
	readReviewQuery,
	reviewQueryString,
	withReviewQuery,
} from '@/components/platforms/community/review-query';
import { REVIEW_FILTERS } from '@/lib/review-profile';
import { PLATFORM_PAGE_PARAMETERS, storedPagePath } from '@/server/site/query-variants';
import { MAX_REVIEW_OFFSET, REVIEW_PAGE_SIZE } from '@/lib/validation/platforms';

describe("the review list's 'Load more'", () => {
	it('is offered while reviews are left, up to the deepest offset the API reads', () => {
		expect(hasMoreReviews(REVIEW_PAGE_SIZE, 25)).toBe(true);
		expect(hasMoreReviews(25, 25)).toBe(false);
		expect(hasMoreReviews(MAX_REVIEW_OFFSET, 100_000)).toBe(true);
		expect(hasMoreReviews(MAX_REVIEW_OFFSET + REVIEW_PAGE_SIZE, 100_000)).toBe(false);
	});
});

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

	it('reads and writes the source and incentive filters, dropping unknown values', () => {
		expect(readReviewQuery('?source=vendor-invited&incentivized=false')).toEqual({
			sort: 'newest',
			stars: undefined,
			source: 'vendor-invited',
			incentivized: false,
		});
		expect(readReviewQuery('?incentivized=true')).toMatchObject({ incentivized: true });
		expect(readReviewQuery('?source=paid&incentivized=yes')).toEqual({ sort: 'newest', stars: undefined });
		expect(
			reviewQueryString({ sort: 'newest', stars: undefined, source: 'organic', incentivized: false }),
		).toBe('?source=organic&incentivized=false');
		expect(
			withReviewQuery('https://example.com/platforms/3?source=organic&incentivized=true', {
				sort: 'newest',
				stars: undefined,
			}),
		).toBe('/platforms/3');
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

describe('a platform page with a review query', () => {
	it('is a variant of its own (rendered on demand), chosen by the review parameters only', () => {
		expect(PLATFORM_PAGE_PARAMETERS).toEqual([
			'sort',
			'stars',
			...REVIEW_FILTERS,
			'source',
			'incentivized',
			'theme',
			'themeSide',
		]);
		expect(storedPagePath('/platforms/criteo?utm_source=mail')).toBe('/platforms/criteo');
		const variant = storedPagePath('/platforms/criteo?reviewerRole=agency&stars=4');
		expect(variant).toMatch(/^\/platforms\/criteo\/@/);
		expect(storedPagePath('/platforms/criteo?stars=4&utm_source=x&reviewerRole=agency')).toBe(variant);
		// The map is not a platform: its variants are chosen by its own parameter only.
		expect(storedPagePath('/platforms/map?stars=4')).toBe('/platforms/map');
	});
});
