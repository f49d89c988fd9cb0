/**
 * Readable addresses in tests: an item's public path from its API answer (the slug), a page
 * read without following its redirect, and a slug renamed straight in the database as
 * renameSlug (src/server/addresses/slugs.ts) does it, for tests that run before the editors'
 * forms take a slug.
 */
import { and, eq } from 'drizzle-orm';
import type { SlugKind } from '@/lib/column-values';
import type { AppDatabase } from '@/server/db';
import type { Tables } from './server';

/** A page's status and Location, its redirect not followed. */
export async function unfollowed(url: string): Promise<{ status: number; location: string | null }> {
	const answer = await fetch(url, { redirect: 'manual' });
	await answer.arrayBuffer();
	return { status: answer.status, location: answer.headers.get('location') };
}

/**
 * Moves an item from its slug to `to`: the old slug kept as an earlier one (dropped from them
 * when the item takes it back), then the row's slug written. The caller announces the change
 * (an editor's save of the item) so the pages follow.
 */
export async function renameInDatabase(
	db: AppDatabase,
	tables: Tables,
	kind: SlugKind,
	itemId: number,
	from: string,
	to: string,
): Promise<void> {
	const { itemSlugs } = tables;
	await db
		.delete(itemSlugs)
		.where(and(eq(itemSlugs.kind, kind), eq(itemSlugs.slug, to), eq(itemSlugs.itemId, itemId)));
	await db.insert(itemSlugs).values({ kind, slug: from, itemId });
	const table =
		kind === 'platform'
			? tables.platforms
			: kind === 'episode'
				? tables.podcastEpisodes
				: kind === 'newsletter-issue'
					? tables.newsletterIssues
					: tables.articles;
	await db.update(table).set({ slug: to }).where(eq(table.id, itemId));
}
