/**
 * Integrations (issue 45): a partner's pair of API keys. The content key reads /api/v1, the
 * admin key also writes /api/v1/admin. Keys are random (160 bits, tokens.ts), shown once when
 * made and kept only as SHA-256 hashes. Every request looks its key up in the database, so a
 * revoke stops both keys at once on every node: there is no per-node copy to outlive it.
 */
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { db, integrations, preparedSelect, textPlaceholder } from '@/server/db';
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

/** The integration holding this key, or undefined for an unknown or revoked one. */
export async function integrationOfKey(key: string): Promise<KeyHolder | undefined> {
	const kind: KeyKind | undefined = key.startsWith(PREFIX.admin)
		? 'admin'
		: key.startsWith(PREFIX.content)
			? 'content'
			: undefined;
	if (!kind) return undefined;
	const [row] = await holderByHash[kind]({ hash: hashToken(key) });
	if (!row) return undefined;
	const now = new Date();
	if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
		await noteUse(row.id, now);
	}
	return { id: row.id, name: row.name, kind };
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
