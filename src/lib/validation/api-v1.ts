/**
 * The public API's (/api/v1, issue 45) requests: the site's own list queries, paged by `page`
 * rather than `offset`, each also taking the content key as `key`. The OpenAPI document is
 * generated from these same schemas (src/server/integrations/openapi.ts).
 */
import { z } from 'zod';
import { ARTICLE_KINDS } from '@/lib/column-values';
import { articleInputSchemas, articleListQuerySchema, podcastListQuerySchema, requiredText } from './content';
import { platformListQuerySchema, queryField, ratingListQuerySchema, wholeNumber } from './platforms';

export const MAX_INTEGRATION_NAME_LENGTH = 100;

/** POST /api/admin/integrations. */
export const integrationInputSchema = z.object({
	name: requiredText('Name', MAX_INTEGRATION_NAME_LENGTH),
});

/** The most pages a list goes to (each list's own offset bound may stop it sooner). */
export const MAX_PAGE = 100_000;

const keyField = queryField(z.string().max(200, 'The key is not a key of this site.').optional()).meta({
	description: 'The content key, when not sent as `Authorization: Bearer <key>`.',
});

const pageField = queryField(wholeNumber('page', 1, MAX_PAGE).default(1)).meta({
	description: 'The page of `limit` items, from 1.',
});

/** What every list's query takes for `offset`: the page, and the key. */
const pageFields = { page: pageField, key: keyField };

export const v1PlatformListQuerySchema = platformListQuerySchema.omit({ offset: true }).extend(pageFields);
export const v1ReviewListQuerySchema = ratingListQuerySchema.omit({ offset: true }).extend(pageFields);
export const v1EpisodeListQuerySchema = podcastListQuerySchema.omit({ offset: true }).extend(pageFields);

const kindField = z.enum(ARTICLE_KINDS, { error: "The kind must be 'news' or 'education'." });

export const v1ArticleListQuerySchema = articleListQuerySchema.omit({ offset: true }).extend({
	...pageFields,
	kind: queryField(kindField.default('news')).meta({ description: 'news (the default) or education.' }),
});

/** A single item's query: the key, and for an article the kind when the slug is both a news and an education one. */
export const v1KeyQuerySchema = z.object({ key: keyField });
export const v1ArticleQuerySchema = z.object({
	key: keyField,
	kind: queryField(kindField.optional()).meta({ description: 'Looks only among articles of this kind.' }),
});

/** The offset a page starts at. */
export function offsetOfPage({ page, limit }: { page: number; limit: number }): number {
	return (page - 1) * limit;
}

/** POST /api/v1/admin/articles: the dashboard editor's fields, and the article's kind. */
export const v1ArticleCreateSchema = z.discriminatedUnion(
	'kind',
	[
		articleInputSchemas.news.extend({ kind: z.literal('news') }),
		articleInputSchemas.education.extend({ kind: z.literal('education') }),
	],
	{ error: "The kind must be 'news' or 'education'." },
);
