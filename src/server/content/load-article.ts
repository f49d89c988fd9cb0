/**
 * Server-only (imported by the article routes' frontmatter): the article an address names (its
 * slug, an earlier slug or its numeric id), or a 301 to its current address, or nothing for an
 * unknown one or a draft asked for by anyone but an editor. The generator renders these pages
 * without a session, so a generated page is never a draft; an editor's request for a draft
 * finds no file and renders here, privately.
 */
import type { ArticleKind } from '@/lib/column-values';
import { articlePath } from '@/lib/public-paths';
import { canViewDrafts } from '@/server/auth/permissions';
import { itemAtAddress } from '@/server/addresses/pages';
import { getArticle, type Article } from '@/server/content/articles';

export function articleForReader(
	kind: ArticleKind,
	segment: string | undefined,
	user: App.Locals['user'],
	url: URL,
): Promise<{ item?: Article; moved?: Response }> {
	return itemAtAddress(
		kind,
		segment,
		(id) => getArticle(kind, id, { includeDrafts: canViewDrafts(user) }),
		(slug) => articlePath(kind, slug),
		url,
	);
}
