/**
 * Platform directory rules, shared by the editor's platform form, the
 * rating and comment forms and the endpoints, so the browser and the server say the same thing.
 */
import { z } from 'zod';
import { PLATFORM_CATEGORIES } from '@/lib/categories';
import { QUARTER_PATTERN } from '@/lib/quarters';
import { stripHiddenControls, visibleText } from '@/lib/visible-text';
import { isImageUrl } from './content';
import { searchAppearanceFields, slugField } from './addresses';
import { REVIEW_SOURCES, THEME_SIDES, VOTE_TYPES } from '@/lib/column-values';
import {
	COMPANY_SIZES,
	INDUSTRIES,
	REVIEWER_ROLES,
	SUB_RATINGS,
	type SubRatingKey,
	type SubRatings,
} from '@/lib/review-profile';
import {
	DEFAULT_RATING,
	MAX_COMMENT_LENGTH,
	MAX_REPLY_LENGTH,
	MAX_REPORT_REASON_LENGTH,
	MAX_REVIEW_LENGTH,
	MAX_REVIEW_PART_LENGTH,
	REVIEW_SORTS,
} from './platform-messages';

// The texts and limits islands need live in a zod-free module; re-exported so callers keep one import.
export {
	DEFAULT_RATING,
	MAX_COMMENT_LENGTH,
	MAX_REVIEW_LENGTH,
	SIGN_IN_TO_COMMENT,
	SIGN_IN_TO_RATE,
	SIGN_IN_TO_VOTE,
	SIGN_IN_TO_VOTE_ON_REVIEWS,
	SIGN_IN_TO_REPLY,
	REVIEW_SORTS,
	type ReviewSort,
} from './platform-messages';

export const PLATFORM_NOT_FOUND = 'Platform not found';
export const COMMENT_NOT_FOUND = 'Comment not found';
export const REVIEW_NOT_FOUND = 'Review not found';
export const REPLY_NOT_FOUND = 'This review has no reply.';

export const MAX_LIST_ITEMS = 50;
export const MAX_LIST_ITEM_LENGTH = 200;
export const MAX_URL_LENGTH = 2000;
const SORT_ORDER_LIMIT = 1_000_000;

// Platform texts are shown to every reader, as comments are, so they keep only what can be seen
// (visibleText); PostgreSQL's text cannot even hold a NUL.
const requiredText = (field: string, max: number) =>
	z.preprocess(
		visibleText,
		z
			.string({ error: `${field} is required.` })
			.trim()
			.min(1, `${field} is required.`)
			.max(max, `${field} must be at most ${max} characters long.`),
	);

/** Empty or missing optional text becomes null, so "cleared" and "never set" look the same. */
const emptyToNull = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return url.protocol === 'http:' || url.protocol === 'https:';
	} catch {
		return false;
	}
}

const websiteUrlField = z.preprocess(
	emptyToNull,
	z
		.string({ error: 'Website URL must be text.' })
		.trim()
		.max(MAX_URL_LENGTH, 'Website URL is too long.')
		.refine(isHttpUrl, 'Website URL must start with http:// or https://.')
		.nullable(),
);

/**
 * A logo is an http(s) URL or a path on this site ('/images/...'), judged as an article's image
 * is: '//host', '/\\host' and control characters are other sites to a browser, not paths.
 */
const logoField = z.preprocess(
	emptyToNull,
	z
		.string({ error: 'Logo must be text.' })
		.trim()
		.max(MAX_URL_LENGTH, 'Logo URL is too long.')
		.refine(isImageUrl, 'Logo must be an http(s) URL or a path starting with /.')
		.nullable(),
);

/**
 * A list typed one item per line (the form's textarea) or already split (an array): items are
 * trimmed and blank ones dropped either way.
 */
export function splitLines(value: string | readonly string[]): string[] {
	const lines = typeof value === 'string' ? value.split(/\r\n|\r|\n/) : value;
	return lines.map((line) => line.trim()).filter((line) => line !== '');
}

const textListField = (field: string) =>
	z
		.union([z.string(), z.array(z.string())], {
			error: `${field} must be a list of text or one item per line.`,
		})
		.optional()
		.transform((value) =>
			value === undefined ? [] : splitLines(value).map(stripHiddenControls).filter(Boolean),
		)
		.pipe(
			z
				.array(
					z
						.string()
						.max(
							MAX_LIST_ITEM_LENGTH,
							`Each ${field.toLowerCase()} item must be at most ${MAX_LIST_ITEM_LENGTH} characters long.`,
						),
				)
				.max(MAX_LIST_ITEMS, `${field} may have at most ${MAX_LIST_ITEMS} items.`),
		);

/**
 * sortOrder is an integer falling back to 0. Numbers and numeric strings are truncated
 * to an integer; anything that is not a number ('x', '', null, missing) becomes 0.
 */
function toSortOrder(value: unknown): unknown {
	const number =
		typeof value === 'number'
			? value
			: typeof value === 'string' && value.trim() !== ''
				? Number(value)
				: NaN;
	return Number.isFinite(number) ? Math.trunc(number) : 0;
}

/** The platform form (create and edit; PUT replaces every field, like the form sends them). */
export const platformFormSchema = z.object({
	// A name is one line: it goes into mail subjects and headers, where CR or LF would start a new one.
	name: requiredText('Name', 200).refine((value) => !/[\r\n]/.test(value), {
		message: 'Name must be on one line.',
	}),
	category: z.enum(PLATFORM_CATEGORIES, { error: 'Please choose a platform category.' }),
	description: requiredText('Description', 5000),
	pricing: requiredText('Pricing', 1000),
	logo: logoField,
	websiteUrl: websiteUrlField,
	features: textListField('Features'),
	pros: textListField('Pros'),
	cons: textListField('Cons'),
	isRecommended: z.boolean({ error: 'The recommended setting must be true or false.' }).default(false),
	sortOrder: z.preprocess(
		toSortOrder,
		z
			.number()
			.int()
			.min(-SORT_ORDER_LIMIT, `Sort order must be between -${SORT_ORDER_LIMIT} and ${SORT_ORDER_LIMIT}.`)
			.max(SORT_ORDER_LIMIT, `Sort order must be between -${SORT_ORDER_LIMIT} and ${SORT_ORDER_LIMIT}.`),
	),
	slug: slugField('platform'),
	...searchAppearanceFields,
});
export type PlatformFormInput = z.input<typeof platformFormSchema>;
export type PlatformForm = z.output<typeof platformFormSchema>;
/** The platform's form as its revisions keep it: the slug is its address, not its content. */
export type PlatformFields = Omit<PlatformForm, 'slug'>;

const optionalReviewText = (field: string, max: number) =>
	z.preprocess(
		(value) => emptyToNull(visibleText(value)),
		z
			.string({ error: `${field} must be text.` })
			.trim()
			.max(max, `${field} must be at most ${max} characters long.`)
			.nullable(),
	);

/** One of a fixed list; the sentence names every value allowed. */
const choice = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
	z.enum(values, { error: `${field} must be one of: ${values.join(', ')}.` });
const optionalChoice = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
	choice(field, values).nullable().default(null);

const subRatingField = (field: string) =>
	z
		.number({ error: `${field} must be a whole number from 1 to 5.` })
		.int(`${field} must be a whole number from 1 to 5.`)
		.min(1, `${field} must be a whole number from 1 to 5.`)
		.max(5, `${field} must be a whole number from 1 to 5.`)
		.nullable()
		.default(null);

const NO_SUB_RATINGS: SubRatings = { easeOfUse: null, support: null, measurement: null, valueForMoney: null };

const subRatingsSchema = z
	.strictObject(
		{
			easeOfUse: subRatingField('Ease of use'),
			support: subRatingField('Support'),
			measurement: subRatingField('Measurement'),
			valueForMoney: subRatingField('Value for money'),
		} satisfies Record<SubRatingKey, unknown>,
		{ error: `Sub-ratings must be an object with only ${SUB_RATINGS.join(', ')}.` },
	)
	.nullable()
	.transform((value): SubRatings => value ?? NO_SUB_RATINGS);

/**
 * Rating 1 to 5 (whole stars), default 5; the review, pros and cons are trimmed and omitted if
 * empty; the sub-ratings and who the reviewer is are optional, each from a fixed list.
 */
export const ratingSchema = z.object({
	rating: z.preprocess(
		(value) => (value === undefined || value === null ? DEFAULT_RATING : value),
		z
			.number({ error: 'Rating must be a whole number from 1 to 5.' })
			.int('Rating must be a whole number from 1 to 5.')
			.min(1, 'Rating must be a whole number from 1 to 5.')
			.max(5, 'Rating must be a whole number from 1 to 5.'),
	),
	review: optionalReviewText('Review', MAX_REVIEW_LENGTH),
	pros: optionalReviewText('Pros', MAX_REVIEW_PART_LENGTH),
	cons: optionalReviewText('Cons', MAX_REVIEW_PART_LENGTH),
	subRatings: subRatingsSchema.default(NO_SUB_RATINGS),
	reviewerRole: optionalChoice('Reviewer role', REVIEWER_ROLES),
	companySize: optionalChoice('Company size', COMPANY_SIZES),
	industry: optionalChoice('Industry', INDUSTRIES),
	/** The form asks "Did you receive anything for this review?". */
	incentivized: z.boolean({ error: 'Incentivized must be true or false.' }).default(false),
	/** A representative's invitation link's token: the review is then vendor-invited. */
	invitation: z
		.string({ error: 'The invitation must be text.' })
		.trim()
		.regex(/^[a-z2-7]{1,64}$/, 'The invitation must be the code from an invitation link.')
		.optional(),
});
export type RatingInput = z.output<typeof ratingSchema>;

export const commentSchema = z.object({
	comment: z.preprocess(
		visibleText,
		z
			.string({ error: 'Comment cannot be empty.' })
			.trim()
			.min(1, 'Comment cannot be empty.')
			.max(MAX_COMMENT_LENGTH, `Comment must be at most ${MAX_COMMENT_LENGTH} characters long.`),
	),
});

export const voteSchema = z.object({
	voteType: z.enum(VOTE_TYPES, { error: "The vote must be 'helpful' or 'unhelpful'." }),
});

/** A representative's answer to a review: visible text, trimmed, not empty. */
export const replySchema = z.object({
	content: z.preprocess(
		visibleText,
		z
			.string({ error: 'Reply cannot be empty.' })
			.trim()
			.min(1, 'Reply cannot be empty.')
			.max(MAX_REPLY_LENGTH, `Reply must be at most ${MAX_REPLY_LENGTH} characters long.`),
	),
});

export const PLATFORM_SORT_FIELDS = ['name', 'rating'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const MAX_PAGE_SIZE = 100;

/** Query strings carry '' for a cleared control; treat it as "not given". */
const blankToUndefined = (value: unknown) =>
	typeof value === 'string' && value.trim() === '' ? undefined : value;
export const queryField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema);
export const wholeNumber = (field: string, min: number, max: number) =>
	z
		.string()
		.regex(/^\d{1,9}$/, `The ${field} must be a whole number from ${min} to ${max}.`)
		.transform(Number)
		.pipe(
			z
				.number()
				.min(min, `The ${field} must be a whole number from ${min} to ${max}.`)
				.max(max, `The ${field} must be a whole number from ${min} to ${max}.`),
		);

/**
 * GET /api/platforms. Without sortBy the list is in the editors' order (sortOrder, then name).
 * With sortBy the order defaults to 'desc' for both fields;
 * ties fall back to the name, A to Z. An empty category means all; unknown values are a 400.
 */
export const platformListQuerySchema = z.object({
	search: queryField(z.string().trim().max(200, 'Search must be at most 200 characters long.').optional()),
	category: queryField(z.enum(PLATFORM_CATEGORIES, { error: 'Unknown platform category.' }).optional()),
	sortBy: queryField(
		z.enum(PLATFORM_SORT_FIELDS, { error: "The sort field must be 'name' or 'rating'." }).optional(),
	),
	sortOrder: queryField(
		z.enum(SORT_ORDERS, { error: "The sort order must be 'asc' or 'desc'." }).default('desc'),
	),
	limit: queryField(wholeNumber('limit', 1, MAX_PAGE_SIZE).default(MAX_PAGE_SIZE)),
	offset: queryField(wholeNumber('offset', 0, 1_000_000_000).default(0)),
});
export type PlatformListQuery = z.output<typeof platformListQuerySchema>;

/** GET /api/platforms/map: all platforms, or one category's (unknown categories are a 400). */
export const marketMapQuerySchema = platformListQuerySchema.pick({ category: true });
export type MarketMapQuery = z.output<typeof marketMapQuerySchema>;

/**
 * GET /api/leaders: the running quarter by default, or `quarter` ('YYYY-Qn') to read the leaders
 * a past quarter awarded. Blank means not given; anything else malformed is a 400 with a sentence.
 */
export const leadersQuerySchema = z.object({
	quarter: queryField(
		z
			.string()
			.regex(QUARTER_PATTERN, { error: 'A quarter is written YYYY-Qn, for example 2026-Q4.' })
			.optional(),
	),
});
export type LeadersQuery = z.output<typeof leadersQuerySchema>;

/** Reviews per page of a platform's list (the page shows the first, 'Load more' the next). */
export const REVIEW_PAGE_SIZE = 20;

/**
 * The deepest offset a review list is read from: an offset costs the rows it skips, and
 * 99,000 of them cost about 286 ms a read (issue 42, F-3). 'Load more' reaches the first
 * 1,020 reviews of any sort or filter; past that the filters narrow the list.
 */
export const MAX_REVIEW_OFFSET = 1_000;

/**
 * GET /api/platforms/{id}/ratings: `sort` (newest by default, the order the SPEC shows) and
 * `theme` / `themeSide` (only the reviews in a theme of GET /api/platforms/{id}/themes) and
 * `stars` (only the reviews with that many stars); one page of `limit` (default 20, at most
 * 100) after `offset` (at most MAX_REVIEW_OFFSET). Blank means not given; anything else unknown is a 400 with a sentence.
 */
/** Longer than any key phrase (three words of at most 40 letters). */
export const MAX_THEME_LENGTH = 125;

export const ratingListQuerySchema = z.object({
	sort: queryField(
		z
			.enum(REVIEW_SORTS, {
				error: "The sort must be 'helpful', 'newest', 'highest' or 'lowest'.",
			})
			.default('newest'),
	),
	stars: queryField(
		z
			.string()
			.regex(/^[1-5]$/, 'Stars must be a whole number from 1 to 5.')
			.transform(Number)
			.optional(),
	),
	reviewerRole: queryField(choice('Reviewer role', REVIEWER_ROLES).optional()),
	companySize: queryField(choice('Company size', COMPANY_SIZES).optional()),
	industry: queryField(choice('Industry', INDUSTRIES).optional()),
	source: queryField(choice('Source', REVIEW_SOURCES).optional()),
	incentivized: queryField(
		z
			.enum(['true', 'false'], { error: "Incentivized must be 'true' or 'false'." })
			.transform((value) => value === 'true')
			.optional(),
	),
	/** A theme of GET /api/platforms/{id}/themes: only the reviews that mention it. */
	theme: queryField(
		z
			.string()
			.trim()
			.toLowerCase()
			.min(1, 'The theme must not be blank.')
			.max(MAX_THEME_LENGTH, `The theme must be at most ${MAX_THEME_LENGTH} characters long.`)
			.optional(),
	),
	/** With theme: where the reviews mention it, in their pros (likes) or cons (dislikes); either if not given. */
	themeSide: queryField(choice('Theme side', THEME_SIDES).optional()),
	limit: queryField(wholeNumber('limit', 1, MAX_PAGE_SIZE).default(REVIEW_PAGE_SIZE)),
	offset: queryField(wholeNumber('offset', 0, MAX_REVIEW_OFFSET).default(0)),
});
export type RatingListQuery = z.output<typeof ratingListQuerySchema>;

/** A reader's report of a review: why it should not stand (required, visible text). */
export const reportSchema = z.object({
	reason: z.preprocess(
		visibleText,
		z
			.string({ error: 'Please say why you are reporting this review.' })
			.trim()
			.min(1, 'Please say why you are reporting this review.')
			.max(
				MAX_REPORT_REASON_LENGTH,
				`The reason must be at most ${MAX_REPORT_REASON_LENGTH} characters long.`,
			),
	),
});

/** An invitation link's id, as its list gives it: the token's SHA-256 in hex. */
export const invitationIdSchema = z
	.string({ error: 'The invitation id must be 64 hexadecimal characters.' })
	.regex(/^[0-9a-f]{64}$/, 'The invitation id must be 64 hexadecimal characters.');
