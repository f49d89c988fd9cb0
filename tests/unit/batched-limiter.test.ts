/**
 * The page-view beacon's and the API keys' limit (src/server/auth/rate-limit/batched-limiter.ts):
 * counted in each node's memory first, added to the shared store in batches. On one node the
 * limit holds exactly, and so does the budget it tells (the RateLimit headers); across nodes
 * within the documented slack; the store is touched once per batch.
 */
import { describe, expect, it } from 'vitest';
import { BatchedRateLimiter } from '@/server/auth/rate-limit/batched-limiter';
import { MemoryCounterStore } from '@/server/auth/rate-limit/counter-store.memory';
import type { Budget } from '@/server/auth/rate-limit/limiter';

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

	it('tells an API key its budget exactly on one node: N admitted, each with what is left, then 429', async () => {
		let now = T0;
		let limit = 35;
		const { store, additions } = countingStore(() => now);
		// The limit is read when needed (a setting), as limits.apiKey reads API_KEY_RATE_LIMIT.
		const limiter = new BatchedRateLimiter(
			'api-key',
			() => limit,
			MINUTE,
			10,
			store,
			() => now,
		);
		const budgets: Budget[] = [];
		for (let i = 0; i < 40; i += 1) budgets.push(await limiter.spend('7:content'));
		expect(budgets.slice(0, 35).map((budget) => budget.remaining)).toEqual(
			Array.from({ length: 35 }, (_, i) => 34 - i),
		);
		for (const budget of budgets.slice(0, 35)) {
			expect(budget).toMatchObject({ limit: 35, windowSeconds: 60, resetSeconds: 60, retryAfter: 0 });
		}
		for (const budget of budgets.slice(35)) {
			expect(budget).toMatchObject({ limit: 35, remaining: 0, retryAfter: 60, resetSeconds: 60 });
		}
		expect((await store.count('api-key:7:content', now)).count).toBe(35);
		// Two batches of ten, the six that come within a batch of the limit, then each of the
		// last nine on its own; the refused five touch nothing.
		expect(additions()).toBe(2 + 1 + 9);
		// Another key has its whole budget; the first waits for its window to start afresh.
		expect(limiter.spend('8:content')).toMatchObject({ remaining: 34, retryAfter: 0 });
		now += 45_000;
		expect(await limiter.spend('7:content')).toMatchObject({
			remaining: 0,
			retryAfter: 15,
			resetSeconds: 15,
		});
		now += 15_000;
		limit = 50;
		expect(await limiter.spend('7:content')).toMatchObject({ limit: 50, remaining: 49, retryAfter: 0 });
	});

	it('answers a spend from memory, without a promise, while the batch is not full', async () => {
		const now = T0;
		const { store, additions } = countingStore(() => now);
		const limiter = new BatchedRateLimiter('api-key', 600, MINUTE, 10, store, () => now);
		for (let i = 1; i <= 9; i += 1) {
			expect(limiter.spend('1:content')).toEqual({
				limit: 600,
				windowSeconds: 60,
				remaining: 600 - i,
				resetSeconds: 60,
				retryAfter: 0,
			});
		}
		expect(additions()).toBe(0);
		// The tenth adds the batch and learns every node's count.
		const tenth = limiter.spend('1:content');
		expect(tenth).toBeInstanceOf(Promise);
		expect(await tenth).toMatchObject({ remaining: 590 });
		expect(additions()).toBe(1);
	});

	it('tells each node what the store answered at its last addition, within the slack', async () => {
		const now = T0;
		const { store } = countingStore(() => now);
		const [a, b] = [1, 2].map(() => new BatchedRateLimiter('api-key', 100, MINUTE, 10, store, () => now));
		for (let i = 0; i < 10; i += 1) await a!.spend('1:content');
		for (let i = 0; i < 9; i += 1) await b!.spend('1:content');
		// Node b's nine are not in the store yet: node a tells one more than is left, at most 9 more.
		expect((await a!.spend('1:content')).remaining).toBe(100 - 11);
		// b's tenth adds its batch and learns a's.
		expect((await b!.spend('1:content')).remaining).toBe(100 - 21 + 1);
	});
});
