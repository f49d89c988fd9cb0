/**
 * The platform directory: listing, detail and the editors' create,
 * update and delete. Every platform query lives here; pages, endpoints and the build call it.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { db, schema } from './db';
import {
	PLATFORM_NOT_FOUND,
	type PlatformForm,
	type PlatformListQuery,
} from '@/lib/validation/platforms';
import { NotFound } from '@/server/errors';

const { platforms } = schema;

/** A platform as the API returns it. */
export type PlatformJson = {
	id: number;
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
	/** Average of the ratings, one decimal; 0 while there are none. */
	rating: number;
	reviewCount: number;
};

const platformColumns = {
	id: platforms.id,
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
	reviewCount: platforms.reviewCount,
};

type PlatformRow = { [K in keyof typeof platformColumns]: PlatformJson[K] };

function toJson(row: PlatformRow): PlatformJson {
	// The stored average already has one decimal; rounding again only hides float noise.
	return { ...row, rating: Math.round(row.rating * 10) / 10 };
}

/** Escapes LIKE wildcards so a search for '50%' or 'a_b' means those characters. */
export function likePattern(text: string): string {
	return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Search matches name, description, category or any single feature. The table holds hundreds
 * of rows at most, so a scan with LIKE (case-insensitive for ASCII) is fine; features are
 * matched item by item through json_each so the JSON punctuation never matches.
 */
function searchCondition(search: string): SQL {
	const pattern = likePattern(search);
	return sql`(${platforms.name} like ${pattern} escape '\\'
		or ${platforms.description} like ${pattern} escape '\\'
		or ${platforms.category} like ${pattern} escape '\\'
		or exists (select 1 from json_each(${platforms.features}) where json_each.value like ${pattern} escape '\\'))`;
}

/** The listing's order: editors' order by default, else by name or rating. */
function ordering(query: Pick<PlatformListQuery, 'sortBy' | 'sortOrder'>): SQL[] {
	const byName = sql`${platforms.name} collate nocase`;
	const direction = query.sortOrder === 'asc' ? asc : desc;
	switch (query.sortBy) {
		case 'name':
			return [direction(byName), asc(platforms.id)];
		case 'rating':
			return [direction(platforms.rating), asc(byName), asc(platforms.id)];
		default:
			return [asc(platforms.sortOrder), asc(byName), asc(platforms.id)];
	}
}

export function listPlatforms(query: PlatformListQuery): PlatformJson[] {
	const conditions: SQL[] = [];
	if (query.search) conditions.push(searchCondition(query.search));
	if (query.category) conditions.push(eq(platforms.category, query.category));
	return db()
		.select(platformColumns)
		.from(platforms)
		.where(and(...conditions))
		.orderBy(...ordering(query))
		.limit(query.limit)
		.offset(query.offset)
		.all()
		.map(toJson);
}

/** Every platform in the editors' order, for /compare (its drop-down offers them all). */
export function listAllPlatforms(): PlatformJson[] {
	return db()
		.select(platformColumns)
		.from(platforms)
		.orderBy(...ordering({ sortOrder: 'asc' }))
		.all()
		.map(toJson);
}

/** Every platform id, for generating the detail pages. */
export function listPlatformIds(): number[] {
	return db()
		.select({ id: platforms.id })
		.from(platforms)
		.all()
		.map((row) => row.id);
}

/** The platform, or undefined (pages render their own not-found screen). */
export function findPlatform(id: number): PlatformJson | undefined {
	const row = db().select(platformColumns).from(platforms).where(eq(platforms.id, id)).get();
	return row && toJson(row);
}

export function getPlatform(id: number): PlatformJson {
	const platform = findPlatform(id);
	if (!platform) throw new NotFound(PLATFORM_NOT_FOUND);
	return platform;
}

/** Throws the 404 of a missing platform; for the ratings and comments services. */
export function assertPlatformExists(id: number): void {
	const row = db().select({ id: platforms.id }).from(platforms).where(eq(platforms.id, id)).get();
	if (!row) throw new NotFound(PLATFORM_NOT_FOUND);
}

export function createPlatform(input: PlatformForm): PlatformJson {
	const row = db().insert(platforms).values(input).returning(platformColumns).get();
	platformChanged({ id: row.id, kind: 'created' });
	return toJson(row);
}

/** Replaces every form field; rating and reviewCount are the ratings' business, not the form's. */
export function updatePlatform(id: number, input: PlatformForm): PlatformJson {
	const row = db()
		.update(platforms)
		.set({ ...input, updatedAt: new Date() })
		.where(eq(platforms.id, id))
		.returning(platformColumns)
		.get();
	if (!row) throw new NotFound(PLATFORM_NOT_FOUND);
	platformChanged({ id, kind: 'updated' });
	return toJson(row);
}

/**
 * Deletes the platform; the foreign keys (ON DELETE CASCADE, foreign_keys=ON in db.ts) remove
 * its ratings, its comments and, through the comments, their votes.
 */
export function deletePlatform(id: number): void {
	const row = db()
		.delete(platforms)
		.where(eq(platforms.id, id))
		.returning({ id: platforms.id })
		.get();
	if (!row) throw new NotFound(PLATFORM_NOT_FOUND);
	platformChanged({ id, kind: 'deleted' });
}

/**
 * 'created', 'updated' and 'deleted' come from the editors; 'rated' means the rating and
 * reviewCount changed (a listener rebuilding static pages may want to debounce those);
 * 'commented' means the platform's approved comments changed (moderation); 'voted' means a
 * comment's public vote counts changed.
 */
export type PlatformChange = {
	id: number;
	kind: 'created' | 'updated' | 'deleted' | 'rated' | 'commented' | 'voted';
};
type PlatformListener = (change: PlatformChange) => void;

const listeners = new Set<PlatformListener>();

/**
 * Subscribes to platform changes (the site build regenerates pages from it). Returns the
 * unsubscribe function.
 */
export function onPlatformChange(listener: PlatformListener): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

/**
 * Tells the listeners, after the change is committed. A failing listener is logged and never
 * fails the request that made the change.
 */
export function platformChanged(change: PlatformChange): void {
	for (const listener of listeners) {
		try {
			listener(change);
		} catch (error) {
			console.error('[platforms] change listener failed', error);
		}
	}
}
