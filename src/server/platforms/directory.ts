/**
 * The platform directory: listing, detail and the editors' create,
 * update and delete. Every platform query lives here; pages, endpoints and the build call it.
 */
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
	db,
	firstRow,
	preparedSelect,
	qualified,
	platformRepresentatives as representatives,
	platforms,
	transaction,
} from '@/server/db';
import { getDomain } from 'tldts';
import { containsText, likePattern, nocase, someItemLike } from '@/server/db/sql';
import { PLATFORM_NOT_FOUND, type PlatformForm, type PlatformListQuery } from '@/lib/validation/platforms';
import { NotFound } from '@/server/errors';
import { shownScore } from '@/lib/review-score';
import {
	forgetSlugs,
	renameSlug,
	savingSlug,
	slugAfterInsert,
	slugForNewItem,
} from '@/server/addresses/slugs';
import { publishChange, type PlatformChangeKind } from '@/server/changes/content-changes';
import { recordPartnerEvent } from '@/server/changes/partner-events';
import { platformPath } from '@/lib/public-paths';
import { deleteRevisions, type SaveBy } from '@/server/revisions/store';
import { lockFormValues, recordPlatformSave } from './history';
import { noteForFollowers } from './digest-window';

/** A platform as the API returns it. */
export type PlatformJson = {
	id: number;
	/** Its address: /platforms/{slug}. */
	slug: string;
	name: string;
	description: string;
	logo: string | null;
	pricing: string;
	features: string[];
	pros: string[];
	cons: string[];
	websiteUrl: string | null;
	category: string;
	isRecommended: boolean;
	sortOrder: number;
	/** Average of the counted ratings, two decimals (pages show one); 0 while there are none. */
	rating: number;
	/** The weighted mean of the counted reviews (/methodology), one decimal; 0 while there are none. */
	score: number;
	reviewCount: number;
	/** The platform has a representative, who answers its reviews. */
	isClaimed: boolean;
	/** The editor's search title and description; null: the page's own apply. */
	metaTitle: string | null;
	metaDescription: string | null;
};

function platformColumns() {
	return {
		id: platforms.id,
		slug: platforms.slug,
		name: platforms.name,
		description: platforms.description,
		logo: platforms.logo,
		pricing: platforms.pricing,
		features: platforms.features,
		pros: platforms.pros,
		cons: platforms.cons,
		websiteUrl: platforms.websiteUrl,
		category: platforms.category,
		isRecommended: platforms.isRecommended,
		sortOrder: platforms.sortOrder,
		rating: platforms.rating,
		score: platforms.score,
		reviewCount: platforms.reviewCount,
		isClaimed:
			sql<boolean>`exists (select 1 from ${representatives} where ${representatives.platformId} = ${qualified(platforms.id)})`.mapWith(
				Boolean,
			),
		metaTitle: platforms.metaTitle,
		metaDescription: platforms.metaDescription,
	};
}

type PlatformRow = {
	[K in keyof ReturnType<typeof platformColumns>]: PlatformJson[K];
};

function toJson(row: PlatformRow): PlatformJson {
	// The stored average already has two decimals; rounding again only hides float noise.
	return {
		...row,
		rating: Math.round(row.rating * 100) / 100,
		score: shownScore(row.score),
	};
}

/**
 * Search matches name, description, category or any single feature, ignoring case. The table
 * holds hundreds of rows at most, so a scan with LIKE is fine; features are matched item by
 * item so the JSON punctuation never matches.
 */
function searchCondition(search: string): SQL {
	return or(
		containsText(platforms.name, search),
		containsText(platforms.description, search),
		containsText(platforms.category, search),
		someItemLike(platforms.features, likePattern(search)),
	)!;
}

/** The listing's order: editors' order by default, else by name or rating (top rated: the score). */
function ordering(query: Pick<PlatformListQuery, 'sortBy' | 'sortOrder'>): SQL[] {
	const byName = nocase(platforms.name);
	const direction = query.sortOrder === 'asc' ? asc : desc;
	switch (query.sortBy) {
		case 'name':
			return [direction(byName), asc(platforms.id)];
		case 'rating':
			return [direction(platforms.score), asc(byName), asc(platforms.id)];
		default:
			return [asc(platforms.sortOrder), asc(byName), asc(platforms.id)];
	}
}

function listingCondition(query: Pick<PlatformListQuery, 'search' | 'category'>): SQL | undefined {
	const conditions: SQL[] = [];
	if (query.search) conditions.push(searchCondition(query.search));
	if (query.category) conditions.push(eq(platforms.category, query.category));
	return and(...conditions);
}

export async function listPlatforms(query: PlatformListQuery): Promise<PlatformJson[]> {
	const rows = await db()
		.select(platformColumns())
		.from(platforms)
		.where(listingCondition(query))
		.orderBy(...ordering(query))
		.limit(query.limit)
		.offset(query.offset);
	return rows.map(toJson);
}

/** A page of the listing with how many platforms match in all (the dashboard's "of N"). */
export async function listPlatformsWithTotal(
	query: PlatformListQuery,
): Promise<{ platforms: PlatformJson[]; total: number }> {
	const [page, [counted]] = await Promise.all([
		listPlatforms(query),
		db()
			.select({ total: sql<number>`count(*)`.mapWith(Number) })
			.from(platforms)
			.where(listingCondition(query)),
	]);
	return { platforms: page, total: counted?.total ?? 0 };
}

/** Every platform in the editors' order, for /compare (its drop-down offers them all). */
export async function listAllPlatforms(): Promise<PlatformJson[]> {
	const rows = await db()
		.select(platformColumns())
		.from(platforms)
		.orderBy(...ordering({ sortOrder: 'asc' }));
	return rows.map(toJson);
}

/** Every platform id, for generating the detail pages. */
export async function listPlatformIds(): Promise<number[]> {
	const rows = await db().select({ id: platforms.id }).from(platforms);
	return rows.map((row) => row.id);
}

/** Every platform's id and slug (the site generator, the sitemap). */
export function listPlatformAddresses(): Promise<{ id: number; slug: string }[]> {
	return db().select({ id: platforms.id, slug: platforms.slug }).from(platforms);
}

/** The platform, or undefined (pages render their own not-found screen). */
export async function findPlatform(id: number): Promise<PlatformJson | undefined> {
	const row = await firstRow(db().select(platformColumns()).from(platforms).where(eq(platforms.id, id)));
	return row && toJson(row);
}

export async function getPlatform(id: number): Promise<PlatformJson> {
	const platform = await findPlatform(id);
	if (!platform) throw new NotFound(PLATFORM_NOT_FOUND);
	return platform;
}

/** Whether a platform exists: asked before most of its community's reads and writes. */
const platformById = preparedSelect('platform_exists', (database) =>
	database
		.select({ id: platforms.id })
		.from(platforms)
		.where(eq(platforms.id, sql.placeholder('id'))),
);

/** Throws the 404 of a missing platform; for the ratings and comments services. */
export async function assertPlatformExists(id: number): Promise<void> {
	const [row] = await platformById({ id });
	if (!row) throw new NotFound(PLATFORM_NOT_FOUND);
}

/**
 * The registrable domain (tldts, public suffix list) of a platform's website, kept on its row as
 * website_domain: https://www.acme-retail.com is acme-retail.com. Null without one.
 */
export function websiteDomainOf(websiteUrl: string | null | undefined): string | null {
	return (websiteUrl && getDomain(websiteUrl)?.toLowerCase()) || null;
}

/** The website domain kept on the platform's row (null: none, or the platform is gone). */
export async function storedWebsiteDomain(id: number): Promise<string | null> {
	const row = await firstRow(
		db().select({ domain: platforms.websiteDomain }).from(platforms).where(eq(platforms.id, id)),
	);
	return row?.domain ?? null;
}

/**
 * The platforms whose website has no domain kept yet (rows saved before website_domain was), with
 * the domain each should have: filled by a housekeeping chore (community/reviews.ts), which
 * recounts them. Those whose website has no registrable domain stay null and are listed again.
 */
export async function platformsMissingWebsiteDomain(): Promise<{ id: number; domain: string }[]> {
	const rows = await db()
		.select({ id: platforms.id, websiteUrl: platforms.websiteUrl })
		.from(platforms)
		.where(and(sql`${platforms.websiteUrl} is not null`, sql`${platforms.websiteDomain} is null`));
	return rows.flatMap(({ id, websiteUrl }) => {
		const domain = websiteDomainOf(websiteUrl);
		return domain ? [{ id, domain }] : [];
	});
}

/** Keeps a platform's website domain (the housekeeping fill); its caller recounts the platform. */
export async function keepWebsiteDomain(id: number, domain: string): Promise<void> {
	await db().update(platforms).set({ websiteDomain: domain }).where(eq(platforms.id, id));
}

export async function createPlatform(input: PlatformForm, by: SaveBy): Promise<PlatformJson> {
	const { slug: given, ...fields } = input;
	const id = await savingSlug(() =>
		transaction(async (tx) => {
			const at = new Date();
			const slug = await slugForNewItem(tx, 'platform', fields.name, given);
			const [created] = await tx
				.insert(platforms)
				.values({
					...fields,
					websiteDomain: websiteDomainOf(fields.websiteUrl),
					slug,
				})
				.returning({ id: platforms.id });
			await slugAfterInsert(tx, 'platform', created!.id, slug);
			await recordPlatformSave(tx, {
				platformId: created!.id,
				after: fields,
				by,
				at,
			});
			return created!.id;
		}),
	);
	platformChanged({ id, kind: 'created' });
	return getPlatform(id);
}

/**
 * Replaces every form field; rating and reviewCount are the ratings' business, not the form's.
 * The save goes to the platform's history and revisions in the same transaction, so neither
 * misses an edit nor shows one that was rolled back. A restore is such a save. The slug changes
 * only when given (revisions do not keep it: a restore never moves the address).
 */
export async function updatePlatform(id: number, input: PlatformForm, by: SaveBy): Promise<PlatformJson> {
	const { slug: given, ...fields } = input;
	const updated = await savingSlug(() =>
		transaction(async (tx) => {
			const locked = await lockFormValues(tx, id);
			if (!locked) return false;
			const { slug: current, ...before } = locked;
			const slug = given ?? current;
			await renameSlug(tx, 'platform', id, current, slug);
			const at = new Date();
			await tx
				.update(platforms)
				.set({
					...fields,
					websiteDomain: websiteDomainOf(fields.websiteUrl),
					slug,
					updatedAt: at,
				})
				.where(eq(platforms.id, id));
			const changedPublicFields = await recordPlatformSave(tx, {
				platformId: id,
				before,
				after: fields,
				by,
				at,
			});
			if (changedPublicFields) await noteForFollowers(tx, id, at);
			await recordPartnerEvent(
				tx,
				{ type: 'platform.updated', data: { id, slug, name: fields.name, path: platformPath(slug) } },
				at,
			);
			return true;
		}),
	);
	if (!updated) throw new NotFound(PLATFORM_NOT_FOUND);
	platformChanged({ id, kind: 'updated' });
	return getPlatform(id);
}

/**
 * Deletes the platform; the foreign keys (ON DELETE CASCADE, foreign_keys=ON in db/sqlite-engine.ts) remove
 * its ratings, its comments and, through the comments, their votes. Its revisions go too.
 */
export async function deletePlatform(id: number): Promise<void> {
	const deleted = await transaction(async (tx) => {
		const [row] = await tx.delete(platforms).where(eq(platforms.id, id)).returning({ slug: platforms.slug });
		if (row) {
			await deleteRevisions(tx, 'platform', id);
			await forgetSlugs(tx, 'platform', id);
		}
		return row;
	});
	if (!deleted) throw new NotFound(PLATFORM_NOT_FOUND);
	platformChanged({ id, kind: 'deleted', slug: deleted.slug });
}

/** `slug`: on a delete, the address the platform had (its page's file goes). */
export type PlatformChange = {
	id: number;
	kind: PlatformChangeKind;
	slug?: string;
};

/**
 * Announces a committed platform change on the content bus: to this node's listeners at once,
 * and to the other nodes through the bus's relay. A failing listener is logged and never fails
 * the request that made the change.
 */
export function platformChanged({ id, kind, slug }: PlatformChange): void {
	publishChange({ kind: 'platform', id, platformChange: kind, slug });
}

/** Every platform's current slug by id, for the addresses of comparison and alternatives pages. */
export async function listPlatformSlugs(): Promise<Map<number, string>> {
	const rows = await db().select({ id: platforms.id, slug: platforms.slug }).from(platforms);
	return new Map(rows.map((row) => [row.id, row.slug]));
}
