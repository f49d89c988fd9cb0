/**
 * The structured parts of a review: who wrote it (role, company size, industry) and the four
 * sub-scores. Zod-free, so the rating form and the filters share the values and labels with the
 * endpoints' schemas without bundling them.
 */

export const REVIEWER_ROLES = ['brand', 'agency', 'retailer', 'ad-ops', 'data', 'other'] as const;
export type ReviewerRole = (typeof REVIEWER_ROLES)[number];
export const REVIEWER_ROLE_LABELS: Record<ReviewerRole, string> = {
	brand: 'Brand',
	agency: 'Agency',
	retailer: 'Retailer',
	'ad-ops': 'Ad operations',
	data: 'Data and analytics',
	other: 'Other role',
};

export const COMPANY_SIZES = ['1-50', '51-200', '201-1000', '1001-5000', '5001+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
export const COMPANY_SIZE_LABELS: Record<CompanySize, string> = {
	'1-50': '1–50 employees',
	'51-200': '51–200 employees',
	'201-1000': '201–1,000 employees',
	'1001-5000': '1,001–5,000 employees',
	'5001+': '5,001+ employees',
};

export const INDUSTRIES = [
	'grocery',
	'beauty',
	'electronics',
	'apparel',
	'pharmacy',
	'home',
	'other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];
export const INDUSTRY_LABELS: Record<Industry, string> = {
	grocery: 'Grocery',
	beauty: 'Beauty',
	electronics: 'Electronics',
	apparel: 'Apparel',
	pharmacy: 'Pharmacy',
	home: 'Home',
	other: 'Other industry',
};

/** The sub-scores a review may give, each a whole number from 1 to 5. */
export const SUB_RATINGS = ['easeOfUse', 'support', 'measurement', 'valueForMoney'] as const;
export type SubRatingKey = (typeof SUB_RATINGS)[number];
export const SUB_RATING_LABELS: Record<SubRatingKey, string> = {
	easeOfUse: 'Ease of use',
	support: 'Support',
	measurement: 'Measurement',
	valueForMoney: 'Value for money',
};
export type SubRatings = Record<SubRatingKey, number | null>;

/** The reviewer filters of a platform's review list, as the API and the page URL spell them. */
export const REVIEW_FILTERS = ['reviewerRole', 'companySize', 'industry'] as const;
export type ReviewFilterKey = (typeof REVIEW_FILTERS)[number];
export const REVIEW_FILTER_OPTIONS: Record<
	ReviewFilterKey,
	{ label: string; all: string; options: Record<string, string> }
> = {
	reviewerRole: { label: 'Reviewer role', all: 'All roles', options: REVIEWER_ROLE_LABELS },
	companySize: { label: 'Company size', all: 'All company sizes', options: COMPANY_SIZE_LABELS },
	industry: { label: 'Industry', all: 'All industries', options: INDUSTRY_LABELS },
};
