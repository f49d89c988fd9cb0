/**
 * Server-only (imported by the archive routes' frontmatter): the archive page a URL asks for,
 * or undefined for a malformed ?page= or ?q=, an unknown category or a page past the last.
 */
import type { ArticleKind } from '@/lib/column-values';
import { archiveQuerySchema } from '@/lib/validation/discovery';
import { readArchivePage, type ArchivePage } from '@/server/content/archives';

export async function archiveForReader(kind: ArticleKind, url: URL): Promise<ArchivePage | undefined> {
	const query = archiveQuerySchema.safeParse({
		page: url.searchParams.get('page') ?? undefined,
		category: url.searchParams.get('category') ?? undefined,
		q: url.searchParams.get('q') ?? undefined,
	});
	return query.success ? readArchivePage(kind, query.data) : undefined;
}
