/**
 * Server-only (imported by the article routes' frontmatter): the published article a route
 * parameter names, or undefined for a malformed id, a missing article or a draft. Drafts are
 * never rendered here: these pages are generated for anonymous visitors.
 */
import type { ArticleKind } from '../../lib/validation/content';
import { getArticle, type Article } from '../../server/content/articles';

export function publishedArticle(kind: ArticleKind, rawId: string | undefined): Article | undefined {
	if (!rawId || !/^\d{1,12}$/.test(rawId)) return undefined;
	const id = Number(rawId);
	if (!Number.isSafeInteger(id) || id < 1) return undefined;
	return getArticle(kind, id, { includeDrafts: false });
}
