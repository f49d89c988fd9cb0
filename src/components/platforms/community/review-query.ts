/**
 * The review list's sort and filters, read from and written to the page address, so a filtered
 * view ("agencies of 51–200 people, 4 stars") can be shared and survives a reload: the page
 * renders the address's view on the server (a variant, src/server/site/query-variants.ts) and
 * the island writes each change back. Unknown values in the address are dropped rather than
 * sent to the API, which would answer 400.
 */
import {
	REVIEW_FILTERS,
	REVIEW_FILTER_OPTIONS,
	type CompanySize,
	type Industry,
	type ReviewerRole,
} from '@/lib/review-profile';
import { REVIEW_SORTS, type ReviewSort } from '@/lib/validation/platform-messages';
import { MAX_REVIEW_OFFSET, MAX_THEME_LENGTH } from '@/lib/validation/platforms';
import { REVIEW_SOURCES, THEME_SIDES, type ReviewSource, type ThemeSide } from '@/lib/column-values';

/**
 * Whether 'Load more' may read a further page: the API reads no deeper than MAX_REVIEW_OFFSET,
 * so the list stops offering more there rather than answering a click with an error.
 */
export function hasMoreReviews(shownCount: number, total: number): boolean {
	return shownCount < total && shownCount <= MAX_REVIEW_OFFSET;
}

export type ReviewQuery = {
	sort: ReviewSort;
	stars: number | undefined;
	reviewerRole?: ReviewerRole;
	companySize?: CompanySize;
	industry?: Industry;
	/** Where the review came from, and whether the reviewer received something for it (its labels). */
	source?: ReviewSource;
	incentivized?: boolean;
	/** A theme of what users like or dislike (GET /api/platforms/{id}/themes), and its side. */
	theme?: string;
	themeSide?: ThemeSide;
};

/**
 * The review labels the list filters by (?source= and ?incentivized= of the ratings API), with the
 * names their selects give them; '' is "all".
 */
export const REVIEW_LABEL_FILTERS = {
	source: {
		label: 'Source',
		all: 'All sources',
		options: { organic: 'Organic', 'vendor-invited': 'Vendor-invited' } satisfies Record<
			ReviewSource,
			string
		>,
	},
	incentivized: {
		label: 'Incentive',
		all: 'Incentivized or not',
		options: { true: 'Incentivized', false: 'Not incentivized' },
	},
} as const;

/** The select value of a review label filter ('' for all). */
export function labelFilterValue(query: ReviewQuery, key: keyof typeof REVIEW_LABEL_FILTERS): string {
	const value = query[key];
	return value === undefined ? '' : String(value);
}

/** The query with a label filter set from its select's value ('' clears it). */
export function withLabelFilter(
	query: ReviewQuery,
	key: keyof typeof REVIEW_LABEL_FILTERS,
	value: string,
): ReviewQuery {
	const next = { ...query };
	if (key === 'source')
		next.source = (REVIEW_SOURCES as readonly string[]).includes(value) ? (value as ReviewSource) : undefined;
	else next.incentivized = value === 'true' ? true : value === 'false' ? false : undefined;
	return next;
}

export const DEFAULT_REVIEW_QUERY: ReviewQuery = { sort: 'newest', stars: undefined };

/** The review query an address carries (anything unknown left out). */
export function readReviewQuery(search: string): ReviewQuery {
	const params = new URLSearchParams(search);
	const sort = params.get('sort');
	const stars = params.get('stars');
	const query: ReviewQuery = {
		sort: (REVIEW_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ReviewSort) : 'newest',
		stars: stars && /^[1-5]$/.test(stars) ? Number(stars) : undefined,
	};
	for (const key of REVIEW_FILTERS) {
		const value = params.get(key);
		if (value && value in REVIEW_FILTER_OPTIONS[key].options) Object.assign(query, { [key]: value });
	}
	for (const key of ['source', 'incentivized'] as const) {
		const labelled = withLabelFilter(query, key, params.get(key) ?? '');
		if (labelled[key] !== undefined) Object.assign(query, { [key]: labelled[key] });
	}
	const theme = params.get('theme')?.trim().toLowerCase();
	// Control characters (a NUL) are never in a theme: dropped, as the API would refuse them.
	// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
	if (theme && theme.length <= MAX_THEME_LENGTH && !/[\u0000-\u001f]/.test(theme)) {
		query.theme = theme;
		const side = params.get('themeSide');
		if ((THEME_SIDES as readonly string[]).includes(side ?? '')) query.themeSide = side as ThemeSide;
	}
	return query;
}

/** The query string of a review query, without the defaults ('' for the default listing). */
export function reviewQueryString(query: ReviewQuery): string {
	const params = new URLSearchParams();
	if (query.sort !== 'newest') params.set('sort', query.sort);
	if (query.stars !== undefined) params.set('stars', String(query.stars));
	for (const key of REVIEW_FILTERS) {
		const value = query[key];
		if (value) params.set(key, value);
	}
	if (query.source) params.set('source', query.source);
	if (query.incentivized !== undefined) params.set('incentivized', String(query.incentivized));
	if (query.theme) {
		params.set('theme', query.theme);
		if (query.themeSide) params.set('themeSide', query.themeSide);
	}
	const text = params.toString();
	return text ? `?${text}` : '';
}

/** The platform page's address listing the reviews in a theme (the themes' links). */
export function themeListingHref(platformPath: string, theme: string, side: ThemeSide): string {
	return `${platformPath}${reviewQueryString({ ...DEFAULT_REVIEW_QUERY, theme, themeSide: side })}#reviews-heading`;
}

/** The address with the review query in place of the one it had; other parameters stay. */
export function withReviewQuery(href: string, query: ReviewQuery): string {
	const url = new URL(href);
	for (const key of ['sort', 'stars', ...REVIEW_FILTERS, 'source', 'incentivized', 'theme', 'themeSide'])
		url.searchParams.delete(key);
	const own = new URLSearchParams(reviewQueryString(query));
	for (const [key, value] of own) url.searchParams.set(key, value);
	return `${url.pathname}${url.search}${url.hash}`;
}
