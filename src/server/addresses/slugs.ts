/**
 * Slugs: each item's table holds its current slug (its pages and links use it); item_slugs
 * holds the earlier ones, whose addresses move to the current one in one hop. A slug once used
 * stays with its item, so an old link never lands on another item; the item may take it back.
 * An item's earlier slugs go when it goes (forgetSlugs, in the delete's transaction).
 */
import { and, eq, type SQL } from 'drizzle-orm';
import {
	articles,
	canMatchStoredText,
	db,
	firstRow,
	isUniqueViolation,
	itemSlugs,
	newsletterIssues,
	platforms,
	podcastEpisodes,
	type Reader,
} from '@/server/db';
import { Conflict, InvalidInput } from '@/server/errors';
import type { SlugKind } from '@/lib/column-values';
import { fallbackSlug, SLUG_MAX_LENGTH, slugFromTitle, slugProblem } from '@/lib/slugs';

export const SLUG_TAKEN = 'That address (slug) is already used by another item; choose another.';

/**
 * Runs a save that writes a slug. Two saves taking the same free slug at once both pass
 * assertSlugFree; the unique index refuses the later one, which gets the same 409 (a slug is
 * the only unique key of the tables that hold one, and of item_slugs).
 */
export async function savingSlug<T>(save: () => Promise<T>): Promise<T> {
	try {
		return await save();
	} catch (error) {
		if (isUniqueViolation(error)) throw new Conflict(SLUG_TAKEN, 'slug');
		throw error;
	}
}

/** The item whose current slug this is, by kind (news and education share one table). */
function currentHolder(kind: SlugKind, slug: string, reader: Reader): Promise<{ id: number } | undefined> {
	const byKind = (table: typeof platforms | typeof podcastEpisodes | typeof newsletterIssues) =>
		firstRow(reader.select({ id: table.id }).from(table).where(eq(table.slug, slug)));
	switch (kind) {
		case 'platform':
			return byKind(platforms);
		case 'episode':
			return byKind(podcastEpisodes);
		case 'newsletter-issue':
			return byKind(newsletterIssues);
		case 'news':
		case 'education':
			return firstRow(
				reader
					.select({ id: articles.id })
					.from(articles)
					.where(and(eq(articles.kind, kind), eq(articles.slug, slug))),
			);
	}
}

function earlierHolder(kind: SlugKind, slug: string, reader: Reader): Promise<{ id: number } | undefined> {
	return firstRow(
		reader
			.select({ id: itemSlugs.itemId })
			.from(itemSlugs)
			.where(and(eq(itemSlugs.kind, kind), eq(itemSlugs.slug, slug))),
	);
}

export type SlugMatch = { id: number /** false: an earlier slug, to move from. */; current: boolean };

/** The item a slug of a kind names, by its current slug or an earlier one; undefined: none. */
export async function findBySlug(
	kind: SlugKind,
	slug: string,
	reader: Reader = db(),
): Promise<SlugMatch | undefined> {
	if (!canMatchStoredText(slug) || slug.length > SLUG_MAX_LENGTH) return undefined;
	const current = await currentHolder(kind, slug, reader);
	if (current) return { id: current.id, current: true };
	const earlier = await earlierHolder(kind, slug, reader);
	return earlier && { id: earlier.id, current: false };
}

/**
 * Refuses a slug an item may not take: InvalidInput (400) for a malformed or reserved one,
 * Conflict (409) for one another item of the kind holds or has held. `itemId` is undefined
 * for an item not yet saved.
 */
export async function assertSlugFree(
	tx: Reader,
	kind: SlugKind,
	slug: string,
	itemId?: number,
): Promise<void> {
	const problem = slugProblem(slug, kind);
	if (problem) throw new InvalidInput(problem, 'slug');
	const holder = await findBySlug(kind, slug, tx);
	if (holder && holder.id !== itemId) throw new Conflict(SLUG_TAKEN, 'slug');
}

/**
 * Moves an item from one slug to another inside its save's transaction, before the caller
 * writes `to` into the item's row: checks `to`, keeps `from` as an earlier slug, and drops `to`
 * from the earlier ones when the item takes it back.
 */
export async function renameSlug(
	tx: Reader,
	kind: SlugKind,
	itemId: number,
	from: string,
	to: string,
): Promise<void> {
	if (from === to) return;
	await assertSlugFree(tx, kind, to, itemId);
	await tx
		.delete(itemSlugs)
		.where(and(eq(itemSlugs.kind, kind), eq(itemSlugs.slug, to), eq(itemSlugs.itemId, itemId)));
	if (!(await earlierHolder(kind, from, tx))) await tx.insert(itemSlugs).values({ kind, slug: from, itemId });
}

/**
 * The slug a new item gets: the editor's own (checked), else its title's, with "-2", "-3" ...
 * added when another item holds or has held that. A title that gives none gets a stand-in
 * that slugAfterInsert replaces with "{kind}-{id}".
 */
export async function slugForNewItem(
	tx: Reader,
	kind: SlugKind,
	title: string,
	given?: string,
): Promise<string> {
	if (given !== undefined) {
		await assertSlugFree(tx, kind, given);
		return given;
	}
	const base = slugFromTitle(title, kind);
	if (!base) return `${UNNAMED_PREFIX}${crypto.randomUUID()}`;
	for (let n = 1; ; n += 1) {
		const suffix = n === 1 ? '' : `-${n}`;
		const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
		if (!(await findBySlug(kind, candidate, tx))) return candidate;
	}
}

// Not a valid slug, so no editor's slug can look like the stand-in.
const UNNAMED_PREFIX = '~unnamed-';

/**
 * After inserting an item with slugForNewItem's slug: the slug to keep, naming an item whose
 * title gave none "{kind}-{id}" (written here, so the caller only returns the row it gets).
 */
export async function slugAfterInsert(
	tx: Reader,
	kind: SlugKind,
	itemId: number,
	slug: string,
): Promise<string> {
	if (!slug.startsWith(UNNAMED_PREFIX)) return slug;
	const named = fallbackSlug(kind, itemId);
	const byId = (
		table: typeof platforms | typeof podcastEpisodes | typeof newsletterIssues | typeof articles,
	): SQL => eq(table.id, itemId);
	switch (kind) {
		case 'platform':
			await tx.update(platforms).set({ slug: named }).where(byId(platforms));
			break;
		case 'episode':
			await tx.update(podcastEpisodes).set({ slug: named }).where(byId(podcastEpisodes));
			break;
		case 'newsletter-issue':
			await tx.update(newsletterIssues).set({ slug: named }).where(byId(newsletterIssues));
			break;
		case 'news':
		case 'education':
			await tx.update(articles).set({ slug: named }).where(byId(articles));
			break;
	}
	return named;
}

/** Removes an item's earlier slugs, in its delete's transaction, so its old addresses answer 404. */
export async function forgetSlugs(tx: Reader, kind: SlugKind, itemId: number): Promise<void> {
	await tx.delete(itemSlugs).where(and(eq(itemSlugs.kind, kind), eq(itemSlugs.itemId, itemId)));
}

/**
 * Every slug an item answers at: its current one (if it still exists) and its earlier ones, so
 * a change regenerates its page and removes the files of the addresses it moved from.
 */
export async function slugsOfItem(kind: SlugKind, itemId: number, reader: Reader = db()): Promise<string[]> {
	const byId = (
		table: typeof platforms | typeof podcastEpisodes | typeof newsletterIssues | typeof articles,
	) => firstRow(reader.select({ slug: table.slug }).from(table).where(eq(table.id, itemId)));
	const current =
		kind === 'platform'
			? await byId(platforms)
			: kind === 'episode'
				? await byId(podcastEpisodes)
				: kind === 'newsletter-issue'
					? await byId(newsletterIssues)
					: await firstRow(
							reader
								.select({ slug: articles.slug })
								.from(articles)
								.where(and(eq(articles.id, itemId), eq(articles.kind, kind))),
						);
	const earlier = await reader
		.select({ slug: itemSlugs.slug })
		.from(itemSlugs)
		.where(and(eq(itemSlugs.kind, kind), eq(itemSlugs.itemId, itemId)));
	return [...(current ? [current.slug] : []), ...earlier.map((row) => row.slug)];
}
