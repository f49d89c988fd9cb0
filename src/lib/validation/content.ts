/**
 * Content forms' and list queries' rules, shared by the editor dashboard
 * islands and the endpoints so both say the same thing.
 */
import { z } from 'zod';
import { isoInstant } from './instant';
import { ARTICLE_CATEGORIES } from '@/lib/categories';
import type { ArticleKind } from '@/lib/column-values';
import { markdownProblem } from '@/lib/markdown-nesting';
import { searchAppearanceFields, slugField } from './addresses';

export const MAX_TITLE_LENGTH = 200;
export const MAX_EXCERPT_LENGTH = 500;
export const MAX_CONTENT_LENGTH = 100_000;
export const MAX_IMAGE_URL_LENGTH = 2048;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const DEFAULT_READ_TIME = 5;
export const MIN_READ_TIME = 1;
export const MAX_READ_TIME = 60;
export const MAX_SEARCH_LENGTH = 200;
export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 100;

const READ_TIME_RANGE = `Read time must be between ${MIN_READ_TIME} and ${MAX_READ_TIME} minutes.`;

/** A required text field: trimmed, non-empty, capped (the server drops NUL before: parseWith). */
export function requiredText(label: string, max: number) {
	return z
		.string({ error: `${label} is required.` })
		.trim()
		.min(1, `${label} is required.`)
		.max(max, `${label} must be at most ${max} characters.`);
}

/** A markdown body's rule on top of its text rules: nothing too deep or too costly to render. */
export function markdownBody<S extends z.ZodType<string>>(text: S) {
	return text.superRefine((value, ctx) => {
		const problem = markdownProblem(value);
		if (problem) ctx.addIssue({ code: 'custom', message: problem });
	});
}

/**
 * True for an absolute http(s) URL or a path on this site ('/images/a.png'). Protocol-relative
 * ('//host') and backslash ('/\host') forms are refused: browsers read them as other sites.
 */
export function isImageUrl(value: string): boolean {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: a path holding a control character is refused
	if (value.startsWith('/')) return !/^\/[\\/]/.test(value) && !/[\u0000-\u001F\s]/.test(value);
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
	} catch {
		return false;
	}
}

/** Optional image link: missing, null or blank is null; otherwise http(s) or a site path. */
export const imageUrlField = z.preprocess(
	(value) => value ?? '',
	z
		.string({ error: 'Image URL must be text.' })
		.trim()
		.max(MAX_IMAGE_URL_LENGTH, `Image URL must be at most ${MAX_IMAGE_URL_LENGTH} characters.`)
		.refine(
			(value) => value === '' || isImageUrl(value),
			'Image URL must be an http(s) URL or a path starting with /.',
		)
		.transform((value) => (value === '' ? null : value)),
);

/** Splits, trims, drops empties and duplicates (ignoring case; the first spelling wins). */
export function normalizeTags(value: string | readonly string[]): string[] {
	const items = typeof value === 'string' ? value.split(',') : value;
	const seen = new Set<string>();
	const tags: string[] = [];
	for (const item of items) {
		const tag = item.trim();
		const key = tag.toLowerCase();
		if (!tag || seen.has(key)) continue;
		seen.add(key);
		tags.push(tag);
	}
	return tags;
}

/** Tags as the form types them ("a, b") or as a list; missing or null is no tags. */
export const tagsField = z.preprocess(
	(value) => value ?? [],
	z
		.union([z.string(), z.array(z.string())], {
			error: 'Tags must be a comma-separated text or a list of texts.',
		})
		.transform((value) => normalizeTags(value))
		.pipe(
			z
				.array(z.string().max(MAX_TAG_LENGTH, `Each tag must be at most ${MAX_TAG_LENGTH} characters.`))
				.max(MAX_TAGS, `At most ${MAX_TAGS} tags are allowed.`),
		),
);

/** The form's number parsing: anything that is not a number (NaN, blank, missing) means 5. */
function readTimeInput(value: unknown): unknown {
	if (value === undefined || value === null) return DEFAULT_READ_TIME;
	if (typeof value === 'string') {
		const trimmed = value.trim();
		const parsed = trimmed === '' ? Number.NaN : Number(trimmed);
		return Number.isNaN(parsed) ? DEFAULT_READ_TIME : parsed;
	}
	if (typeof value === 'number' && Number.isNaN(value)) return DEFAULT_READ_TIME;
	return value;
}

export const readTimeField = z.preprocess(
	readTimeInput,
	z
		.number({ error: READ_TIME_RANGE })
		.int('Read time must be a whole number of minutes.')
		.min(MIN_READ_TIME, READ_TIME_RANGE)
		.max(MAX_READ_TIME, READ_TIME_RANGE),
);

export const PUBLISH_AT_INVALID =
	'Publish time must be a date and time with its time zone (ISO 8601), such as 2026-12-01T09:00:00+01:00.';
export const PUBLISH_AT_PAST = 'Publish time must be in the future: to publish now, turn on Published.';

/** When a draft goes public by itself; empty or null: not scheduled. */
export const publishAtField = z.preprocess(
	(value) => (value === '' || value === undefined ? null : value),
	isoInstant(PUBLISH_AT_INVALID, PUBLISH_AT_INVALID).nullable(),
);

export const EXPECTED_UPDATED_AT_INVALID =
	'expectedUpdatedAt must be the updatedAt the item was loaded with (ISO 8601 with its time zone).';

/**
 * The updatedAt the editor's copy was loaded with: a save over a newer one is refused (another
 * editor saved in between). Optional, so callers that do not send it save as before.
 */
export const expectedUpdatedAtField = z.preprocess(
	(value) => (value === '' || value === null ? undefined : value),
	isoInstant(EXPECTED_UPDATED_AT_INVALID, EXPECTED_UPDATED_AT_INVALID).optional(),
);

/**
 * Marks a save the editor did not ask for (the dashboard's autosave of a draft): it is kept in
 * the item's newest revision while that is the same editor's recent autosave, so typing does not
 * push real saves out of the kept revisions.
 */
export const autosaveField = z.boolean({ error: 'autosave must be true or false.' }).optional();

export const isPublishedField = z.preprocess(
	(value) => (value === null ? undefined : value),
	z.boolean({ error: 'The published setting must be true or false.' }).default(false),
);

/**
 * The article form of one kind (news or education: the category lists differ). Unknown keys,
 * such as the authorId the dashboard sends, are dropped: the author is the signed-in editor.
 */
export function articleInputSchema(kind: ArticleKind) {
	const categories = ARTICLE_CATEGORIES[kind] as readonly string[];
	return z.object({
		title: requiredText('Title', MAX_TITLE_LENGTH),
		excerpt: requiredText('Excerpt', MAX_EXCERPT_LENGTH),
		content: markdownBody(requiredText('Content', MAX_CONTENT_LENGTH)),
		category: z
			.string({ error: 'Category is required.' })
			.trim()
			.min(1, 'Category is required.')
			.refine((value) => categories.includes(value), 'Please choose a category from the list.'),
		imageUrl: imageUrlField,
		tags: tagsField,
		readTime: readTimeField,
		isPublished: isPublishedField,
		publishAt: publishAtField,
		slug: slugField(kind),
		...searchAppearanceFields,
		expectedUpdatedAt: expectedUpdatedAtField,
		autosave: autosaveField,
	});
}

export const articleInputSchemas = {
	news: articleInputSchema('news'),
	education: articleInputSchema('education'),
} as const;

export type ArticleInput = z.output<ReturnType<typeof articleInputSchema>>;

export const staticPageInputSchema = z.object({
	title: requiredText('Title', MAX_TITLE_LENGTH),
	content: markdownBody(
		z
			.string({ error: 'Content is required.' })
			.max(MAX_CONTENT_LENGTH, `Content must be at most ${MAX_CONTENT_LENGTH} characters.`),
	),
	...searchAppearanceFields,
	expectedUpdatedAt: expectedUpdatedAtField,
});

export type StaticPageInput = z.output<typeof staticPageInputSchema>;

/** Query values the islands leave blank ('') mean "not given". */
const blankToUndefined = (value: unknown) =>
	typeof value === 'string' && value.trim() === '' ? undefined : value;

const searchField = z
	.string()
	.max(MAX_SEARCH_LENGTH, `Search must be at most ${MAX_SEARCH_LENGTH} characters.`)
	.optional();

const sortOrderField = z.preprocess(
	blankToUndefined,
	z.enum(['asc', 'desc'], { error: "The sort order must be 'asc' or 'desc'." }).default('desc'),
);

const LIMIT_RULE = `The limit must be a whole number from 1 to ${MAX_LIST_LIMIT}.`;
const limitRule = z.coerce
	.number({ error: LIMIT_RULE })
	.int(LIMIT_RULE)
	.min(1, LIMIT_RULE)
	.max(MAX_LIST_LIMIT, LIMIT_RULE);

const limitField = z.preprocess(blankToUndefined, limitRule.default(DEFAULT_LIST_LIMIT));

const offsetField = z.preprocess(
	blankToUndefined,
	z.coerce
		.number({ error: 'The offset must be a whole number of 0 or more.' })
		.int('The offset must be a whole number of 0 or more.')
		.min(0, 'The offset must be a whole number of 0 or more.')
		.max(1_000_000_000, 'offset is too large.')
		.default(0),
);

function sortByField<const T extends readonly [string, ...string[]]>(values: T) {
	const names = values.map((value) => `'${value}'`).join(', ');
	return z.preprocess(
		blankToUndefined,
		z.enum(values, { error: `The sort field must be one of ${names}.` }).optional(),
	);
}

export const ARTICLE_SORT_FIELDS = ['title', 'category'] as const;
export const PODCAST_SORT_FIELDS = ['publishedAt', 'title', 'duration', 'episodeNumber'] as const;

/**
 * GET /api/news and /api/education (and their /all lists). sortBy omitted means by creation
 * date; with sortOrder's default (desc) that is newest first. An unknown category matches no
 * article rather than failing, so an old shared link shows an empty list.
 */
export const articleListQuerySchema = z.object({
	search: searchField,
	category: z.preprocess(
		blankToUndefined,
		z.string().trim().max(100, 'category must be at most 100 characters.').optional(),
	),
	sortBy: sortByField(ARTICLE_SORT_FIELDS),
	sortOrder: sortOrderField,
	limit: limitField,
	offset: offsetField,
});

export type ArticleListQuery = z.output<typeof articleListQuerySchema>;

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/**
 * What the editors' lists (articles, episodes) add to a public list's query: status (drafts or
 * published), and a limit that may be left out for the whole list.
 */
export function editorListFields() {
	return {
		status: z.preprocess(
			blankToUndefined,
			z.enum(ARTICLE_STATUSES, { error: "status must be 'draft' or 'published'." }).optional(),
		),
		limit: z.preprocess(blankToUndefined, limitRule.optional()),
	};
}

/**
 * GET /api/news/all and /api/education/all (editors): the same filters plus status (drafts or
 * published). Without limit the list is every article, so an editor's tool never silently
 * misses the 51st; a limit (1 to 100) asks for one page, and offset skips.
 */
export const editorArticleListQuerySchema = articleListQuerySchema.extend(editorListFields());

export type EditorArticleListQuery = z.output<typeof editorArticleListQuerySchema>;

/** GET /api/podcasts: sortBy omitted means publishedAt; sortOrder defaults to desc. */
export const podcastListQuerySchema = z.object({
	search: searchField,
	sortBy: sortByField(PODCAST_SORT_FIELDS),
	sortOrder: sortOrderField,
	limit: limitField,
	offset: offsetField,
});

export type PodcastListQuery = z.output<typeof podcastListQuerySchema>;
