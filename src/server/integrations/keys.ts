/**
 * Integrations (issue 45): a partner's pair of API keys. The content key reads /api/v1, the
 * admin key also writes /api/v1/admin. Keys are random (160 bits, tokens.ts), shown once when
 * made and kept only as SHA-256 hashes. On PostgreSQL (several nodes) every request looks its
 * key up in the database, so a revoke stops both keys at once on every node: there is no
 * per-node copy to outlive it. On SQLite the one node is the only one that revokes, so it keeps
 * the keys it found and drops them all when it revokes one (keptHolders below).
 */
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { byEngine, db, integrations, preparedSelect, textPlaceholder } from '@/server/db';
import { config } from '@/server/runtime/config';
import { generateToken, hashToken } from '@/server/auth/tokens';

/** Which key of an integration a request carried. */
export type KeyKind = 'content' | 'admin';

/** The integration a valid key belongs to. */
export type KeyHolder = { id: number; name: string; kind: KeyKind };

export type IntegrationEntry = { id: number; name: string; createdAt: Date; lastUsedAt: Date | null };

export type CreatedIntegration = { id: number; name: string; contentKey: string; adminKey: string };

/** Keys tell their kind at a glance (and to secret scanners); the random part is what counts. */
const PREFIX: Record<KeyKind, string> = { content: 'rmh_content_', admin: 'rmh_admin_' };

/** How stale lastUsedAt may get: one write a minute per key, not one per request. */
const LAST_USED_PRECISION_MS = 60_000;

export async function createIntegration(name: string): Promise<CreatedIntegration> {
	const contentKey = PREFIX.content + generateToken();
	const adminKey = PREFIX.admin + generateToken();
	const [row] = await db()
		.insert(integrations)
		.values({ name, contentKeyHash: hashToken(contentKey), adminKeyHash: hashToken(adminKey) })
		.returning({ id: integrations.id, name: integrations.name });
	return { id: row!.id, name: row!.name, contentKey, adminKey };
}

/** The integrations in use, newest first, never their keys. */
export function listIntegrations(): Promise<IntegrationEntry[]> {
	return db()
		.select({
			id: integrations.id,
			name: integrations.name,
			createdAt: integrations.createdAt,
			lastUsedAt: integrations.lastUsedAt,
		})
		.from(integrations)
		.where(isNull(integrations.revokedAt))
		.orderBy(desc(integrations.id));
}

/** Revokes both keys; false when no integration in use has the id. */
export async function revokeIntegration(id: number): Promise<boolean> {
	const rows = await db()
		.update(integrations)
		.set({ revokedAt: new Date() })
		.where(and(eq(integrations.id, id), isNull(integrations.revokedAt)))
		.returning({ id: integrations.id });
	// Once committed: a lookup that read the row before is not kept, one kept before is dropped.
	forgetKeptHolders();
	return rows.length > 0;
}

/**
 * The integration in use holding a key's hash, by the key's kind: prepared once per connection,
 * since every Content API request asks it (the host's kept reads too).
 */
const holderByHash = {
	content: preparedSelect('integration_by_content_key', (database) =>
		database
			.select({ id: integrations.id, name: integrations.name, lastUsedAt: integrations.lastUsedAt })
			.from(integrations)
			.where(and(eq(integrations.contentKeyHash, textPlaceholder('hash')), isNull(integrations.revokedAt))),
	),
	admin: preparedSelect('integration_by_admin_key', (database) =>
		database
			.select({ id: integrations.id, name: integrations.name, lastUsedAt: integrations.lastUsedAt })
			.from(integrations)
			.where(and(eq(integrations.adminKeyHash, textPlaceholder('hash')), isNull(integrations.revokedAt))),
	),
};

/**
 * Content keys' hashes, kept per node so that a read does not hash its key again each time (the
 * hash is a pure function of the key; what the key may do is still asked of the database every
 * time). Content keys only: they are no secret (they may travel in URLs, and the host's answer
 * cache holds them already), while an admin key is not kept in memory beyond its request.
 */
const contentKeyHashes = new LRUCache<string, string>({ max: 1_000 });
/** Longer than any key made here (the prefix and 32 characters): such a key is not kept. */
const MAX_KEPT_KEY_LENGTH = 64;

function hashOf(key: string, kind: KeyKind): string {
	if (kind === 'admin' || key.length > MAX_KEPT_KEY_LENGTH) return hashToken(key);
	let hash = contentKeyHashes.get(key);
	if (hash === undefined) {
		hash = hashToken(key);
		contentKeyHashes.set(key, hash);
	}
	return hash;
}

/**
 * The integration holding this key, or undefined for an unknown or revoked one: synchronous when
 * the node kept the key (SQLite) and its use was noted this minute, so a kept read is answered
 * in the same turn it arrived.
 */
export function integrationOfKey(key: string): KeyHolder | undefined | Promise<KeyHolder | undefined> {
	const kind: KeyKind | undefined = key.startsWith(PREFIX.admin)
		? 'admin'
		: key.startsWith(PREFIX.content)
			? 'content'
			: undefined;
	if (!kind) return undefined;
	const hash = hashOf(key, kind);
	const row = keptHolders()?.get(hash);
	if (!row) return lookUp(hash, kind);
	return recentlyUsed(row) ? holderOf(row, kind) : noted(row, kind);
}

async function lookUp(hash: string, kind: KeyKind): Promise<KeyHolder | undefined> {
	const before = revocations;
	const [row] = await holderByHash[kind]({ hash });
	if (!row) return undefined;
	// A revoke while the row was read may have made it stale.
	const kept = keptHolders();
	if (kept && before === revocations) kept.set(hash, row);
	return recentlyUsed(row) ? holderOf(row, kind) : noted(row, kind);
}

const recentlyUsed = (row: HolderRow) =>
	row.lastUsedAt !== null && Date.now() - row.lastUsedAt.getTime() < LAST_USED_PRECISION_MS;

const holderOf = (row: HolderRow, kind: KeyKind): KeyHolder => ({ id: row.id, name: row.name, kind });

async function noted(row: HolderRow, kind: KeyKind): Promise<KeyHolder> {
	const now = new Date();
	await noteUse(row.id, now);
	// Noted (by this node or a racing one): a kept row need not note it again this minute.
	row.lastUsedAt = now;
	return holderOf(row, kind);
}

type HolderRow = { id: number; name: string; lastUsedAt: Date | null };

/**
 * The integrations in use found by their keys' hashes, kept by the node on SQLite: one node on
 * its file, and the only one that revokes (revokeIntegration drops them all), so a revoke holds
 * at once as the database lookup would, while a read costs no SQL (a statement on the file costs
 * its locks, about as much as the whole rest of a kept read). Kept at most API_CACHE_TTL_MS, the
 * bound of the node's other copies for changes made outside it (a restore), and not at all when
 * that is 0. Never on PostgreSQL: several nodes revoke there, and each looks every key up.
 */
const keptHolders = byEngine<LRUCache<string, HolderRow> | undefined>({
	sqlite: () => {
		const ttl = config().apiCacheTtlMs;
		return ttl > 0 ? new LRUCache<string, HolderRow>({ max: 1_000, ttl }) : undefined;
	},
	postgres: () => undefined,
});
/** Bumped on every revoke: a row read across one is not kept. */
let revocations = 0;

function forgetKeptHolders(): void {
	revocations += 1;
	keptHolders()?.clear();
}

/** Moves lastUsedAt on; the condition keeps nodes that race from writing it twice. */
async function noteUse(id: number, now: Date): Promise<void> {
	const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
	await db()
		.update(integrations)
		.set({ lastUsedAt: now })
		.where(
			and(
				eq(integrations.id, id),
				or(isNull(integrations.lastUsedAt), lt(integrations.lastUsedAt, staleBefore)),
			),
		);
}
