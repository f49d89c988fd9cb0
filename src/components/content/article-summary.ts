/**
 * What a card needs of an article. Pages build it from the service's Article (Dates) and islands
 * get it from the API (ISO strings), so dates may be either; the markdown body is left out so
 * it never travels into card HTML or island props.
 */
import type { ArticleRow } from '@db/schema';

export type ArticleSummary = Pick<
	ArticleRow,
	'id' | 'slug' | 'title' | 'excerpt' | 'category' | 'imageUrl' | 'tags' | 'readTime'
> & { createdAt: string | Date };

/** Picks the card fields (drops content, author and the rest). */
export function toArticleSummary(article: ArticleSummary): ArticleSummary {
	const { id, slug, title, excerpt, category, imageUrl, tags, readTime, createdAt } = article;
	return { id, slug, title, excerpt, category, imageUrl, tags, readTime, createdAt };
}

/**
 * Read time defaults to 5 minutes. The same value as DEFAULT_READ_TIME in
 * lib/validation/content.ts, repeated because importing that module would bring zod into islands.
 */
const DEFAULT_READ_MINUTES = 5;

/** '5 min read'. */
export function readTimeLabel(minutes: number | null | undefined): string {
	return `${minutes && minutes > 0 ? minutes : DEFAULT_READ_MINUTES} min read`;
}
