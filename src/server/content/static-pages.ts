/**
 * Static pages (about-us, contact, privacy-policy, terms-of-service): read by anyone, edited by
 * editors. Pages are created by the seed, never through the API, so an unknown slug is a 404.
 */
import { asc, eq } from 'drizzle-orm';
import type { StaticPageInput } from '@/lib/validation/content';
import { canMatchStoredText, db, firstRow, staticPages, transaction, users } from '@/server/db';
import { lockedForUpdate } from '@/server/db/sql';
import { publishChange } from '@/server/changes/content-changes';
import { recordRevision, type SaveBy } from '@/server/revisions/store';
import { editConflict, savedSince } from './publication';

/** A page as the API returns it. */
export type StaticPage = {
	id: number;
	slug: string;
	title: string;
	content: string;
	/** The editor's search title and description; null: the page's own apply. */
	metaTitle: string | null;
	metaDescription: string | null;
	updatedAt: Date;
	lastModifiedByUser: { username: string } | null;
};

function selectPages() {
	return db()
		.select({
			id: staticPages.id,
			slug: staticPages.slug,
			title: staticPages.title,
			content: staticPages.content,
			metaTitle: staticPages.metaTitle,
			metaDescription: staticPages.metaDescription,
			updatedAt: staticPages.updatedAt,
			lastModifiedByUsername: users.username,
		})
		.from(staticPages)
		.leftJoin(users, eq(staticPages.lastModifiedBy, users.id));
}

type PageRow = Awaited<ReturnType<typeof selectPages>>[number];

function toPage({ lastModifiedByUsername, ...row }: PageRow): StaticPage {
	return {
		...row,
		lastModifiedByUser: lastModifiedByUsername === null ? null : { username: lastModifiedByUsername },
	};
}

export async function listStaticPages(): Promise<StaticPage[]> {
	const rows = await selectPages().orderBy(asc(staticPages.id));
	return rows.map(toPage);
}

export async function getStaticPage(slug: string): Promise<StaticPage | undefined> {
	if (!canMatchStoredText(slug)) return undefined;
	const row = await firstRow(selectPages().where(eq(staticPages.slug, slug)));
	return row && toPage(row);
}

/** A page by its id (preview links name pages by id, as they name every item). */
export async function getStaticPageById(id: number): Promise<StaticPage | undefined> {
	const row = await firstRow(selectPages().where(eq(staticPages.id, id)));
	return row && toPage(row);
}

/**
 * Saves an editor's change and who made it, kept as a revision (a restore included). Undefined
 * when no page has the slug. With expectedUpdatedAt, a save over another editor's later one is
 * refused (the row is locked while compared).
 */
export async function updateStaticPage(
	slug: string,
	input: StaticPageInput,
	by: SaveBy,
): Promise<StaticPage | undefined> {
	if (!canMatchStoredText(slug)) return undefined;
	const fields = {
		title: input.title,
		content: input.content,
		metaTitle: input.metaTitle,
		metaDescription: input.metaDescription,
	};
	const updated = await transaction(async (tx) => {
		const before = await firstRow(
			lockedForUpdate(
				tx
					.select({
						id: staticPages.id,
						title: staticPages.title,
						content: staticPages.content,
						metaTitle: staticPages.metaTitle,
						metaDescription: staticPages.metaDescription,
						updatedAt: staticPages.updatedAt,
					})
					.from(staticPages)
					.where(eq(staticPages.slug, slug)),
			),
		);
		if (!before) return false;
		if (savedSince(before.updatedAt, input.expectedUpdatedAt)) throw editConflict('page', before.updatedAt);
		const at = new Date();
		await tx
			.update(staticPages)
			.set({ ...fields, lastModifiedBy: by.authorId, updatedAt: at })
			.where(eq(staticPages.id, before.id));
		await recordRevision(tx, {
			type: 'page',
			itemId: before.id,
			fields,
			by,
			before: {
				title: before.title,
				content: before.content,
				metaTitle: before.metaTitle,
				metaDescription: before.metaDescription,
			},
			at,
		});
		return true;
	});
	if (!updated) return undefined;
	publishChange({ kind: 'page', slug });
	return getStaticPage(slug);
}
