/**
 * Server-only (imported by the article routes' frontmatter): the article a route parameter
 * names, or undefined for a malformed id, a missing article, or a draft asked for by anyone
 * but an editor. The generator renders these pages without a session, so a generated page is
 * never a draft; an editor's request for a draft finds no file and renders here, privately.
 */
import type { ArticleKind } from '@/lib/column-values';
import { canViewDrafts } from '@/server/auth/permissions';
import { getArticle, type Article } from '@/server/content/articles';
import { isIdSegment } from '@/lib/ids';

/** A route's id parameter as a number, or undefined when it is not a plain positive integer. */
export function parsedIdParam(rawId: string | undefined): number | undefined {
	return isIdSegment(rawId) ? Number(rawId) : undefined;
}

export async function articleForReader(
	kind: ArticleKind,
	rawId: string | undefined,
	user: App.Locals['user'],
): Promise<Article | undefined> {
	const id = parsedIdParam(rawId);
	if (id === undefined) return undefined;
	return getArticle(kind, id, { includeDrafts: canViewDrafts(user) });
}
