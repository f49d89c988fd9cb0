/**
 * What the Content and Admin APIs (/api/v1) answer, from the services the site's own pages and
 * endpoints use: no query of their own. Lists are pages of `limit` with the total.
 */
import type { ArticleKind } from '@/lib/column-values';
import type { ArticleInput } from '@/lib/validation/content';
import { MAX_REVIEW_OFFSET, PLATFORM_NOT_FOUND } from '@/lib/validation/platforms';
import { articlePath } from '@/lib/public-paths';
import type { z } from 'zod';
import {
	offsetOfPage,
	type v1ArticleListQuerySchema,
	type v1EpisodeListQuerySchema,
	type v1PlatformListQuerySchema,
	type v1ReviewListQuerySchema,
} from '@/lib/validation/api-v1';
import { idAtAddress } from '@/server/addresses/pages';
import { ARTICLE_NOT_FOUND } from '@/server/content/article-routes';
import { ratingBreakdown, listReviews } from '@/server/community/reviews';
import {
	articleKindOf,
	createArticle,
	deleteArticle,
	getArticle,
	listAll,
	updateArticle,
	type Article,
} from '@/server/content/articles';
import { listAllEpisodes } from '@/server/content/podcasts';
import { InvalidInput, NotFound } from '@/server/errors';
import { getPlatform, listPlatformsWithTotal } from '@/server/platforms/directory';
import { config } from '@/server/runtime/config';
import type { KeyHolder } from './keys';
import { keptRead } from './read-memo';

export const KIND_CANNOT_CHANGE = "An article's kind cannot change: create a new article of the other kind.";

/** One page of a list: its items, how many match in all, and where the page is. */
export type Page<Item> = { data: Item[]; total: number; page: number; limit: number };

type Query<S extends z.ZodType> = z.output<S>;

export function platformsPage({ page, key: _key, ...query }: Query<typeof v1PlatformListQuerySchema>) {
	return keptRead('platforms', { page, ...query }, async () => {
		const offset = offsetOfPage({ page, limit: query.limit });
		const { platforms, total } = await listPlatformsWithTotal({ ...query, offset });
		return { data: platforms, total, page, limit: query.limit };
	});
}

async function platformIdAt(slug: string | undefined): Promise<number> {
	const id = await idAtAddress('platform', slug);
	if (id === undefined) throw new NotFound(PLATFORM_NOT_FOUND);
	return id;
}

/** A platform with the figures its page shows: the rating, the stars' spread, the sub-ratings. */
export function platformAt(slug: string | undefined) {
	return keptRead('platform', slug, async () => {
		const platform = await getPlatform(await platformIdAt(slug));
		return { ...platform, ...(await ratingBreakdown(platform.id)) };
	});
}

export async function reviewsPage(
	slug: string | undefined,
	{ page, key: _key, ...query }: Query<typeof v1ReviewListQuerySchema>,
) {
	const offset = offsetOfPage({ page, limit: query.limit });
	if (offset > MAX_REVIEW_OFFSET) {
		throw new InvalidInput(
			`A review list goes ${MAX_REVIEW_OFFSET} reviews deep: ask for an earlier page.`,
			'page',
		);
	}
	return keptRead('reviews', { slug, page, ...query }, async () => {
		const { reviews, total } = await listReviews(await platformIdAt(slug), { ...query, offset });
		return { data: reviews, total, page, limit: query.limit };
	});
}

export async function articlesPage({
	page,
	key: _key,
	kind,
	...query
}: Query<typeof v1ArticleListQuerySchema>): Promise<Page<Article>> {
	return keptRead('articles', { page, kind, ...query }, async () => {
		const offset = offsetOfPage({ page, limit: query.limit });
		const { articles, total } = await listAll(kind, { ...query, status: 'published', offset });
		return { data: articles, total, page, limit: query.limit };
	});
}

/** A published article by its slug (current or earlier), of the kind given or of either. */
export function articleAt(slug: string | undefined, kind: ArticleKind | undefined): Promise<Article> {
	return keptRead('article', { slug, kind }, async () => {
		for (const each of kind ? [kind] : (['news', 'education'] as const)) {
			const id = await idAtAddress(each, slug);
			const article = id === undefined ? undefined : await getArticle(each, id, { includeDrafts: false });
			if (article) return article;
		}
		throw new NotFound(ARTICLE_NOT_FOUND);
	});
}

export function episodesPage({ page, key: _key, ...query }: Query<typeof v1EpisodeListQuerySchema>) {
	return keptRead('episodes', { page, ...query }, async () => {
		const offset = offsetOfPage({ page, limit: query.limit });
		const { episodes, total } = await listAllEpisodes({ ...query, status: 'published', offset });
		return { data: episodes, total, page, limit: query.limit };
	});
}

/** Where an article the admin API saved lives. */
function savedArticle(kind: ArticleKind, { id, slug }: Pick<Article, 'id' | 'slug'>) {
	return { id, slug, url: new URL(articlePath(kind, slug), config().siteUrl).href };
}

/** Saves made with an admin key are the integration's: its revisions name it. */
const savedBy = (holder: KeyHolder) => ({ authorId: null, integrationId: holder.id });

export async function createArticleAs(holder: KeyHolder, kind: ArticleKind, input: ArticleInput) {
	return savedArticle(kind, await createArticle(kind, input, savedBy(holder)));
}

/** The kind of the article with this id; NotFound when none. */
export async function kindOfArticle(id: number): Promise<ArticleKind> {
	const kind = await articleKindOf(id);
	if (!kind) throw new NotFound(ARTICLE_NOT_FOUND);
	return kind;
}

export async function updateArticleAs(holder: KeyHolder, kind: ArticleKind, id: number, input: ArticleInput) {
	const article = await updateArticle(kind, id, input, savedBy(holder));
	if (!article) throw new NotFound(ARTICLE_NOT_FOUND);
	return savedArticle(kind, article);
}

export async function deleteArticleAt(id: number): Promise<void> {
	if (!(await deleteArticle(await kindOfArticle(id), id))) throw new NotFound(ARTICLE_NOT_FOUND);
}
