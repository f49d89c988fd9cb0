/**
 * The news/education form on the browser side: title, excerpt, content and category
 * required (category from the kind's list), read time 1 to 60 with 5 when not a number. The
 * messages are the server's (src/lib/validation/content.ts), which checks the same again.
 * Tags go as typed ("a, b"): the server's normalizeTags trims and drops empty items.
 */
import type { ArticleKind } from '@/lib/column-values';
import type { AdminArticle } from './api-types';

/** 'News' / 'Education', for titles and toasts ('News article created'). */
export const KIND_LABELS: Record<ArticleKind, string> = { news: 'News', education: 'Education' };

const DEFAULT_READ_TIME = 5;
const READ_TIME_RANGE = 'Read time must be between 1 and 60 minutes.';

export type ArticleFormValues = {
	title: string;
	excerpt: string;
	content: string;
	category: string;
	readTime: string;
	imageUrl: string;
	tags: string;
	isPublished: boolean;
	/** A draft's publication time, as a datetime-local input holds it (the editor's own zone); '' for none. */
	publishAt: string;
	/** Blank: a new article's is made from its title, a saved one keeps its own. */
	slug: string;
	metaTitle: string;
	metaDescription: string;
};

export type ArticleFormErrors = Partial<Record<keyof ArticleFormValues, string>>;

export const EMPTY_ARTICLE_FORM: ArticleFormValues = {
	title: '',
	excerpt: '',
	content: '',
	category: '',
	readTime: String(DEFAULT_READ_TIME),
	imageUrl: '',
	tags: '',
	isPublished: false,
	publishAt: '',
	slug: '',
	metaTitle: '',
	metaDescription: '',
};

/** An instant as a datetime-local input shows it, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
	if (!iso) return '';
	const date = new Date(iso);
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A form's publication time as sent: the local time the editor typed, with its zone (as UTC);
 * the server checks it is to come. Published now or left empty: none.
 */
export function publishAtPayload(values: { isPublished: boolean; publishAt: string }): string | null {
	return !values.isPublished && values.publishAt ? new Date(values.publishAt).toISOString() : null;
}

export function articleToForm(article: AdminArticle): ArticleFormValues {
	return {
		title: article.title,
		excerpt: article.excerpt,
		content: article.content,
		category: article.category,
		readTime: String(article.readTime),
		imageUrl: article.imageUrl ?? '',
		tags: article.tags.join(', '),
		isPublished: article.isPublished,
		publishAt: toLocalInput(article.publishAt),
		slug: article.slug,
		metaTitle: article.metaTitle ?? '',
		metaDescription: article.metaDescription ?? '',
	};
}

/** Not a number (blank, 'abc') means 5; a number must be a whole 1..60. */
export function parseReadTime(text: string): number | null {
	const trimmed = text.trim();
	const value = trimmed === '' ? Number.NaN : Number(trimmed);
	if (Number.isNaN(value)) return DEFAULT_READ_TIME;
	return Number.isInteger(value) && value >= 1 && value <= 60 ? value : null;
}

export function validateArticleForm(
	values: ArticleFormValues,
	categories: readonly string[],
): ArticleFormErrors {
	const errors: ArticleFormErrors = {};
	if (!values.title.trim()) errors.title = 'Title is required.';
	if (!values.excerpt.trim()) errors.excerpt = 'Excerpt is required.';
	if (!values.content.trim()) errors.content = 'Content is required.';
	if (!values.category) errors.category = 'Category is required.';
	else if (!categories.includes(values.category)) errors.category = 'Please choose a category from the list.';
	if (parseReadTime(values.readTime) === null) errors.readTime = READ_TIME_RANGE;
	return errors;
}

/** The body of POST /api/{kind} and PUT /api/{kind}/{id} (the server ignores authorId). */
export function articlePayload(values: ArticleFormValues, authorId: number) {
	return {
		title: values.title.trim(),
		excerpt: values.excerpt.trim(),
		content: values.content,
		category: values.category,
		imageUrl: values.imageUrl.trim(),
		tags: values.tags,
		readTime: parseReadTime(values.readTime) ?? DEFAULT_READ_TIME,
		isPublished: values.isPublished,
		publishAt: publishAtPayload(values),
		slug: values.slug,
		metaTitle: values.metaTitle,
		metaDescription: values.metaDescription,
		authorId,
	};
}
