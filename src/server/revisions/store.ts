/**
 * Revisions: every save of an article, page, platform or episode keeps the fields as saved,
 * written by the service that saves the item, in the same transaction, so a revision is never
 * missing nor kept for a save that rolled back. This module knows no kind of item: the services
 * hand it their fields as plain JSON values.
 */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { RevisionSubject } from '@/lib/column-values';
import { db, firstRow, integrations, revisions, users, type Reader } from '@/server/db';
import { DAY_MS } from '@/lib/durations';

/** The stored fields of one save: plain JSON values (dates as ISO strings). */
export type RevisionFields = Record<string, unknown>;

/**
 * Who saved (null: the site itself, as when a scheduled article goes public), whether the save
 * was a restore (its summary says of which revision), and whether it was the editor's autosave
 * rather than a save they asked for.
 */
export type SaveBy = {
	authorId: number | null;
	/** The integration whose admin key saved (issue 45); authorId is then null. */
	integrationId?: number;
	restoredFrom?: number;
	autosave?: boolean;
};

/** How an autosave's revision begins its summary ("Autosaved: Content changed"). */
export const AUTOSAVED = 'Autosaved: ';

/**
 * How long the same editor's autosaves go on filling one revision. An autosave every few seconds
 * would otherwise keep a revision each, and the newest KEPT_REVISIONS would soon be keystrokes
 * rather than the saves an editor means to come back to.
 */
export const AUTOSAVE_REVISION_MS = 10 * 60 * 1000;

/** How many of an item's revisions are always kept; older ones keep the newest of each day. */
export const KEPT_REVISIONS = 50;

/** One revision in a list, newest first. */
export type RevisionEntry = {
	id: number;
	createdAt: Date;
	author: { username: string } | null;
	/** The integration that saved through the admin API, or null. */
	integration: { name: string } | null;
	summary: string;
};

/** One field that differs from the revision before (the whole value before and after). */
export type FieldDiff = { field: string; label: string; from: unknown; to: unknown };

/** A revision with its fields and what changed since the revision before it of the same item. */
export type RevisionDetail = RevisionEntry & {
	type: RevisionSubject;
	itemId: number;
	fields: RevisionFields;
	previousId: number | null;
	diff: FieldDiff[];
};

const LABELS: Record<string, string> = {
	imageUrl: 'Image',
	readTime: 'Read time',
	isPublished: 'Published',
	publishAt: 'Scheduled time',
	websiteUrl: 'Website',
	isRecommended: 'Recommended',
	sortOrder: 'Sort order',
	audioUrl: 'Audio',
	audioBytes: 'Audio size',
	audioType: 'Audio type',
	episodeNumber: 'Episode number',
	seasonNumber: 'Season number',
};

/** "pricing" -> "Pricing", "imageUrl" -> "Image": the word an editor sees in the form. */
export function fieldLabel(field: string): string {
	const words = LABELS[field] ?? field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
	return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The fields whose values differ, in the order of the newer revision's fields. */
export function revisionDiff(before: RevisionFields | undefined, after: RevisionFields): FieldDiff[] {
	const fields = [...new Set([...Object.keys(after), ...Object.keys(before ?? {})])];
	return fields
		.filter((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after[field] ?? null))
		.map((field) => ({
			field,
			label: fieldLabel(field),
			from: before?.[field] ?? null,
			to: after[field] ?? null,
		}));
}

/**
 * A short sentence of what a save did: "Created", "Published", "Title, Content changed",
 * "Restored revision 12". A publish switch is named as such, with the other fields after it.
 */
export function revisionSummary(
	before: RevisionFields | undefined,
	after: RevisionFields,
	{ created = false, restoredFrom }: { created?: boolean; restoredFrom?: number } = {},
): string {
	if (restoredFrom !== undefined) return `Restored revision ${restoredFrom}`;
	if (created) return after.isPublished === true ? 'Created and published' : 'Created';
	if (!before) return 'Saved';
	const diff = revisionDiff(before, after);
	const published = diff.find((change) => change.field === 'isPublished');
	const others = diff.filter((change) => change.field !== 'isPublished').map((change) => change.label);
	const parts: string[] = [];
	if (published) parts.push(published.to === true ? 'Published' : 'Unpublished');
	if (others.length > 0) parts.push(`${others.join(', ')} changed`);
	return parts.length > 0 ? parts.join('; ') : 'Saved without changes';
}

/** Plain JSON values: dates become ISO strings, as they come back when read. */
function plain(fields: object): RevisionFields {
	return JSON.parse(JSON.stringify(fields)) as RevisionFields;
}

/** The item's newest revision before `beforeId` (or of all), with its fields read. */
async function newestRevision(tx: Reader, type: RevisionSubject, itemId: number, beforeId?: number) {
	const row = await firstRow(
		tx
			.select({
				id: revisions.id,
				authorId: revisions.authorId,
				summary: revisions.summary,
				createdAt: revisions.createdAt,
				fields: revisions.fields,
			})
			.from(revisions)
			.where(
				and(
					eq(revisions.itemType, type),
					eq(revisions.itemId, itemId),
					beforeId === undefined ? undefined : lt(revisions.id, beforeId),
				),
			)
			.orderBy(desc(revisions.id))
			.limit(1),
	);
	return row && { ...row, fields: JSON.parse(row.fields) as RevisionFields };
}

/**
 * An autosave goes into the newest revision when that is the same editor's autosave of the last
 * AUTOSAVE_REVISION_MS: its fields and time become this save's, its summary says what changed
 * since the revision before it. True when it did; otherwise the caller keeps a new revision.
 */
async function joinedAutosave(
	tx: Reader,
	save: SaveRecord,
	newest: Awaited<ReturnType<typeof newestRevision>>,
	fields: RevisionFields,
	at: Date,
): Promise<boolean> {
	if (!save.by.autosave || !newest || newest.authorId !== save.by.authorId) return false;
	if (!newest.summary.startsWith(AUTOSAVED)) return false;
	if (at.getTime() - newest.createdAt.getTime() > AUTOSAVE_REVISION_MS) return false;
	const before = await newestRevision(tx, save.type, save.itemId, newest.id);
	await tx
		.update(revisions)
		.set({
			fields: JSON.stringify(fields),
			summary: AUTOSAVED + revisionSummary(before?.fields, fields),
			createdAt: at,
		})
		.where(eq(revisions.id, newest.id));
	return true;
}

export type SaveRecord = {
	type: RevisionSubject;
	itemId: number;
	/** The fields as this save stored them. */
	fields: object;
	by: SaveBy;
	/** The item was made by this save. */
	created?: boolean;
	/**
	 * The fields as they were before this save, for an item saved before revisions were kept:
	 * they become its first revision, so even that version can be restored.
	 */
	before?: object;
	/** Who wrote that earlier version, for items that keep their author (articles, episodes). */
	beforeAuthorId?: number | null;
	/** Says what the save was when the fields alone cannot tell (a scheduled publication). */
	summary?: string;
	at?: Date;
};

/** Keeps one save as a revision, inside the saving transaction, then prunes the item's old ones. */
export async function recordRevision(tx: Reader, save: SaveRecord): Promise<void> {
	const { type, itemId, by } = save;
	const fields = plain(save.fields);
	const newest = save.created ? undefined : await newestRevision(tx, type, itemId);
	let previous = newest?.fields;
	const at = save.at ?? new Date();
	if (await joinedAutosave(tx, save, newest, fields, at)) return;
	if (!previous && !save.created && save.before) {
		previous = plain(save.before);
		await tx.insert(revisions).values({
			itemType: type,
			itemId,
			authorId: save.beforeAuthorId ?? null,
			fields: JSON.stringify(previous),
			summary: 'Version before revisions were kept',
			createdAt: at,
		});
	}
	const summary =
		save.summary ??
		revisionSummary(previous, fields, { created: save.created, restoredFrom: by.restoredFrom });
	await tx.insert(revisions).values({
		itemType: type,
		itemId,
		authorId: by.authorId,
		integrationId: by.integrationId ?? null,
		fields: JSON.stringify(fields),
		summary: by.autosave && !save.created ? AUTOSAVED + summary : summary,
		createdAt: at,
	});
	await pruneRevisions(tx, type, itemId);
}

/**
 * Keeps the item's newest KEPT_REVISIONS revisions and, older than those, the newest of each
 * UTC day; deletes the rest. Run after each save, so an item never holds many more.
 */
export async function pruneRevisions(tx: Reader, type: RevisionSubject, itemId: number): Promise<void> {
	const rows = await tx
		.select({ id: revisions.id, createdAt: revisions.createdAt })
		.from(revisions)
		.where(and(eq(revisions.itemType, type), eq(revisions.itemId, itemId)))
		.orderBy(desc(revisions.id));
	if (rows.length <= KEPT_REVISIONS) return;
	const days = new Set<number>();
	const doomed: number[] = [];
	rows.forEach(({ id, createdAt }, index) => {
		const day = Math.floor(createdAt.getTime() / DAY_MS);
		if (index >= KEPT_REVISIONS && days.has(day)) doomed.push(id);
		days.add(day);
	});
	// Bounded batches: SQLite and PostgreSQL both cap the parameters of one statement.
	for (let start = 0; start < doomed.length; start += 500) {
		await tx.delete(revisions).where(inArray(revisions.id, doomed.slice(start, start + 500)));
	}
}

/** Forgets a deleted item's revisions. */
export async function deleteRevisions(tx: Reader, type: RevisionSubject, itemId: number): Promise<void> {
	await tx.delete(revisions).where(and(eq(revisions.itemType, type), eq(revisions.itemId, itemId)));
}

function entryColumns() {
	return {
		id: revisions.id,
		createdAt: revisions.createdAt,
		authorUsername: users.username,
		integrationName: integrations.name,
		summary: revisions.summary,
	};
}

function toEntry<Row extends { authorUsername: string | null; integrationName: string | null }>({
	authorUsername,
	integrationName,
	...row
}: Row) {
	return {
		...row,
		author: authorUsername === null ? null : { username: authorUsername },
		integration: integrationName === null ? null : { name: integrationName },
	};
}

/** The item's revisions, newest first. */
export async function listRevisions(type: RevisionSubject, itemId: number): Promise<RevisionEntry[]> {
	const rows = await db()
		.select(entryColumns())
		.from(revisions)
		.leftJoin(users, eq(revisions.authorId, users.id))
		.leftJoin(integrations, eq(revisions.integrationId, integrations.id))
		.where(and(eq(revisions.itemType, type), eq(revisions.itemId, itemId)))
		.orderBy(desc(revisions.id));
	return rows.map(toEntry);
}

/** One revision with its fields and its diff from the one before; undefined when unknown. */
export async function getRevision(id: number): Promise<RevisionDetail | undefined> {
	const row = await firstRow(
		db()
			.select({
				...entryColumns(),
				type: revisions.itemType,
				itemId: revisions.itemId,
				fields: revisions.fields,
			})
			.from(revisions)
			.leftJoin(users, eq(revisions.authorId, users.id))
			.leftJoin(integrations, eq(revisions.integrationId, integrations.id))
			.where(eq(revisions.id, id)),
	);
	if (!row) return undefined;
	const previous = await firstRow(
		db()
			.select({ id: revisions.id, fields: revisions.fields })
			.from(revisions)
			.where(and(eq(revisions.itemType, row.type), eq(revisions.itemId, row.itemId), lt(revisions.id, id)))
			.orderBy(desc(revisions.id))
			.limit(1),
	);
	const { fields, ...entry } = row;
	const saved = JSON.parse(fields) as RevisionFields;
	const before = previous && (JSON.parse(previous.fields) as RevisionFields);
	return {
		...toEntry(entry),
		fields: saved,
		previousId: previous?.id ?? null,
		diff: revisionDiff(before, saved),
	};
}
