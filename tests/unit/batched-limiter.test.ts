/**
 * The page-view beacon's limit (src/server/auth/rate-limit/batched-limiter.ts): counted in each
 * node's memory first, added to the shared store in batches. On one node the limit holds
 * exactly; across nodes within the documented slack; the store is touched once per batch.
 */
import { describe, expect, it } from 'vitest';
import { BatchedRateLimiter } from '@/server/auth/rate-limit/batched-limiter';
import { MemoryCounterStore } from '@/server/auth/rate-limit/counter-store.memory';

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;

/** A memory store that counts how often it is asked to add. */
function countingStore(clock: () => number) {
	const store = new MemoryCounterStore({ clock });
	let additions = 0;
	const increment = store.increment.bind(store);
	store.increment = (...args) => {
		additions += 1;
		return increment(...args);
	};
	return { store, additions: () => additions };
}

async function takeMany(limiter: BatchedRateLimiter, key: string, times: number): Promise<number[]> {
	const waits: number[] = [];
	for (let i = 0; i < times; i += 1) waits.push(await limiter.take(key));
	return waits;
}

describe('BatchedRateLimiter', () => {
	it('admits exactly the limit on one node and refuses the rest with the seconds left', async () => {
		let now = T0;
		const { store } = countingStore(() => now);
		const limiter = new BatchedRateLimiter('beacon', 120, MINUTE, 10, store, () => now);
		const waits = await takeMany(limiter, 'reader', 130);
		expect(waits.filter((wait) => wait === 0)).toHaveLength(120);
		expect(waits.slice(120)).toEqual(Array(10).fill(60));
		expect((await store.count('beacon:reader', now)).count).toBe(120);
		now += 30_000;
		expect(await limiter.take('reader')).toBe(30);
		// A new window admits again; another client was never held back.
		now += 30_000;
		expect(await limiter.take('reader')).toBe(0);
		expect(await limiter.take('another')).toBe(0);
	});

	it('adds to the store once per batch while far from the limit, and each request near it', async () => {
		const now = T0;
		const { store, additions } = countingStore(() => now);
		const limiter = new BatchedRateLimiter('beacon', 120, MINUTE, 10, store, () => now);
		// Answered from memory, without a promise.
		expect(limiter.take('reader')).toBe(0);
		await takeMany(limiter, 'reader', 99);
		expect(additions()).toBe(10);
		await takeMany(limiter, 'reader', 20);
		// 101 to 110 in one batch, then each of the last 10 on its own.
		expect(additions()).toBe(21);
	});

	it('holds the limit across nodes within each node’s unadded batch', async () => {
		const now = T0;
		const { store } = countingStore(() => now);
		const nodes = [1, 2, 3].map(() => new BatchedRateLimiter('beacon', 120, MINUTE, 10, store, () => now));
		let admitted = 0;
		for (let i = 0; i < 600; i += 1) if ((await nodes[i % 3]!.take('reader')) === 0) admitted += 1;
		expect(admitted).toBeGreaterThanOrEqual(120);
		expect(admitted).toBeLessThanOrEqual(120 + 3 * 9);
		// Every node refuses once the shared count is spent.
		for (const node of nodes) expect(await node.take('reader')).toBeGreaterThan(0);
	});
});
