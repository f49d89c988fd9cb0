/**
 * The Content API's reads, kept per node for API_CACHE_TTL_MS as the host keeps the site's own
 * public answers (src/server/host/api-cache.ts). The host cannot keep a /api/v1 answer: each
 * request must pass its key's check and spend its budget first (api-v1.ts). So the read behind
 * the check is kept here instead, by route and validated query (the key left out), and a
 * partner's read costs the check, not the directory's query.
 *
 * Dropped as the host's answers are: on any announced change (other nodes' arrive through the
 * content relay as this node's own), and a read made while a change was announced is not kept.
 * Changes this process hears nothing of are bounded by the age limit.
 */
import { LRUCache } from 'lru-cache';
import { staleApiAnswers } from '@/server/changes/served-copies';
import { config } from '@/server/runtime/config';

type Kept = { value: unknown };

let kept: LRUCache<string, Kept> | undefined;
/** Bumped on every announced change: a read made across a bump is not kept. */
let changes = 0;

function memo(): LRUCache<string, Kept> | undefined {
	const ttl = config().apiCacheTtlMs;
	if (ttl <= 0) return undefined;
	if (!kept) {
		kept = new LRUCache<string, Kept>({ max: 2_000, ttl });
		staleApiAnswers.subscribe(() => {
			changes += 1;
			kept?.clear();
		});
	}
	return kept;
}

/** `read()`'s answer for this route and query, from this node's memory while it is fresh. */
export async function keptRead<T>(route: string, query: unknown, read: () => Promise<T>): Promise<T> {
	const store = memo();
	if (!store) return read();
	const key = `${route} ${JSON.stringify(query)}`;
	const found = store.get(key);
	if (found) return found.value as T;
	const startedAt = changes;
	const value = await read();
	if (changes === startedAt) store.set(key, { value });
	return value;
}
