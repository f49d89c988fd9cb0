/**
 * A platform's public history: every editor change of a public field, recorded in the
 * transaction of the update, and read back newest first. Who made a change is never stored
 * here; the same save also keeps the editors' revision (recordPlatformSave), which does name
 * its author and is never public.
 */
import { desc, eq } from 'drizzle-orm';
import type { PlatformFields } from '@/lib/validation/platforms';
import { db, platformChanges, platforms, type Reader } from '@/server/db';
import { lockedForUpdate } from '@/server/db/sql';
import { recordRevision, type SaveBy } from '@/server/revisions/store';

/** The fields whose changes are public, in the order a change of several lists them. */
export const TRACKED_FIELDS = [
	'name',
	'description',
	'pricing',
	'features',
	'pros',
	'cons',
	'category',
	'websiteUrl',
	'isRecommended',
	'logo',
] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];

const LIST_FIELDS: ReadonlySet<TrackedField> = new Set(['features', 'pros', 'cons']);

type FieldValue = string | boolean | null | string[];
export type TrackedValues = Record<TrackedField, FieldValue>;

/**
 * One change as the API returns it. For a list (features, pros, cons) `from` holds the items
 * removed and `to` the items added.
 */
export type PlatformChangeJson = { at: Date; field: TrackedField; from: FieldValue; to: FieldValue };

/**
 * The form fields of the platform and its current slug, its row locked until the transaction
 * ends; undefined if gone.
 */
export async function lockFormValues(
	tx: Reader,
	platformId: number,
): Promise<(PlatformFields & { slug: string }) | undefined> {
	const [row] = await lockedForUpdate(
		tx
			.select({
				slug: platforms.slug,
				name: platforms.name,
				description: platforms.description,
				logo: platforms.logo,
				pricing: platforms.pricing,
				features: platforms.features,
				pros: platforms.pros,
				cons: platforms.cons,
				category: platforms.category,
				websiteUrl: platforms.websiteUrl,
				isRecommended: platforms.isRecommended,
				sortOrder: platforms.sortOrder,
				metaTitle: platforms.metaTitle,
				metaDescription: platforms.metaDescription,
			})
			.from(platforms)
			.where(eq(platforms.id, platformId)),
	);
	return row && { ...row, category: row.category as PlatformFields['category'] };
}

/** The changes between two versions; a list whose items only moved has not changed. */
export function fieldChanges(before: TrackedValues, after: TrackedValues): Omit<PlatformChangeJson, 'at'>[] {
	const changes: Omit<PlatformChangeJson, 'at'>[] = [];
	for (const field of TRACKED_FIELDS) {
		const [from, to] = [before[field], after[field]];
		if (LIST_FIELDS.has(field)) {
			const [old, now] = [(from as string[] | null) ?? [], (to as string[] | null) ?? []];
			const removed = old.filter((item) => !now.includes(item));
			const added = now.filter((item) => !old.includes(item));
			if (removed.length > 0 || added.length > 0) changes.push({ field, from: removed, to: added });
		} else if (from !== to) {
			changes.push({ field, from, to });
		}
	}
	return changes;
}

/**
 * Records one save of a platform's form, in its transaction: the editors' revision and, for an
 * update, the public history's changes. The one place both are written, so they never disagree.
 * True when a public field changed (followers hear of it).
 */
export async function recordPlatformSave(
	tx: Reader,
	save: { platformId: number; before?: PlatformFields; after: PlatformFields; by: SaveBy; at: Date },
): Promise<boolean> {
	const { platformId, before, after, by, at } = save;
	const changes = before ? fieldChanges(before, after) : [];
	await recordChanges(tx, platformId, changes, at);
	await recordRevision(tx, {
		type: 'platform',
		itemId: platformId,
		fields: after,
		by,
		before,
		created: before === undefined,
		at,
	});
	return changes.length > 0;
}

/** Stores the changes of one update, all at the same moment. */
async function recordChanges(
	tx: Reader,
	platformId: number,
	changes: Omit<PlatformChangeJson, 'at'>[],
	at: Date,
): Promise<void> {
	if (changes.length === 0) return;
	await tx.insert(platformChanges).values(
		changes.map(({ field, from, to }) => ({
			platformId,
			field,
			fromValue: JSON.stringify(from),
			toValue: JSON.stringify(to),
			at,
		})),
	);
}

/**
 * The platform's changes, newest first (within one update, in the fields' order); none for an
 * unknown platform (callers that answer 404 check it exists: directory.ts imports this module).
 */
export async function platformHistory(platformId: number): Promise<PlatformChangeJson[]> {
	const rows = await db()
		.select({
			at: platformChanges.at,
			field: platformChanges.field,
			from: platformChanges.fromValue,
			to: platformChanges.toValue,
		})
		.from(platformChanges)
		.where(eq(platformChanges.platformId, platformId))
		.orderBy(desc(platformChanges.at), platformChanges.id);
	return rows.map((row) => ({
		at: row.at,
		field: row.field as TrackedField,
		from: JSON.parse(row.from) as FieldValue,
		to: JSON.parse(row.to) as FieldValue,
	}));
}
