/**
 * A fixed-window limit for requests too frequent to touch the shared counter store each time
 * (the page-view beacon): each node counts a key's requests in its own memory first and adds
 * them to the store in batches of `batch`, learning the count every node added so far each
 * time. Once a key's count is within one batch of the limit, every request is added at once,
 * so the store's answer decides it exactly.
 *
 * The slack, documented in the README's decisions: a node admits at most `batch - 1` requests
 * of a key it has not added to the store yet, so across N nodes a key gets at most
 * `limit + N * (batch - 1)` requests in a window; on one node (SQLite, a memory store) the
 * limit holds exactly. Requests counted in memory and not added when a window ends are dropped
 * with it, as are the least recently seen keys past `max` (each at most `batch - 1` requests).
 */
import { LRUCache } from 'lru-cache';
import { metrics } from '@/server/runtime/metrics';
import type { Clock } from './clock';
import { counterKey, type CounterStore } from './counter-store';
import { MAX_MEMORY_COUNTERS } from './counter-store.memory';
import type { StoreSource } from './limiter';

/** A key's window as this node sees it. */
type LocalWindow = {
	/** What the store answered at the last addition (every node's requests added by then). */
	added: number;
	/** Requests this node admitted and has not added to the store yet. */
	pending: number;
	resetAt: number;
};

export class BatchedRateLimiter {
	private readonly windows: LRUCache<string, LocalWindow>;

	constructor(
		private readonly name: string,
		readonly limit: number,
		private readonly windowMs: number,
		/** Requests a node counts in memory before it adds them to the store. */
		readonly batch: number,
		private readonly source: StoreSource,
		private readonly clock: Clock = Date.now,
		max = MAX_MEMORY_COUNTERS,
	) {
		this.windows = new LRUCache({ max });
	}

	private get store(): CounterStore {
		return typeof this.source === 'function' ? this.source() : this.source;
	}

	/**
	 * Counts a request and answers 0, or the seconds to wait when the key's limit is used up
	 * (the refused request does not count). Synchronous while the request only needs counting
	 * in memory; a promise when it goes to the store.
	 */
	take(key: string): number | Promise<number> {
		const now = this.clock();
		let window = this.windows.get(key);
		if (!window || window.resetAt <= now) {
			window = { added: 0, pending: 0, resetAt: now + this.windowMs };
			this.windows.set(key, window);
		}
		if (window.added + window.pending >= this.limit) return this.refuse(window, now);
		window.pending += 1;
		// Far from the limit and the batch not full: memory alone.
		if (window.pending < this.batch && window.added + window.pending <= this.limit - this.batch) return 0;
		return this.add(key, window, now);
	}

	/** Adds what this node counted to the store and learns every node's count. */
	private async add(key: string, window: LocalWindow, now: number): Promise<number> {
		const by = window.pending;
		window.pending = 0;
		const stored = counterKey(this.name, key);
		const { count, resetAt } = await this.store.increment(stored, this.windowMs, now, by);
		window.resetAt = resetAt;
		if (count <= this.limit) {
			window.added = Math.max(window.added, count);
			return 0;
		}
		// This request (the last one added) is over the limit: it does not count.
		await this.store.decrement(stored, now);
		window.added = Math.max(window.added, count - 1);
		return this.refuse(window, now);
	}

	private refuse(window: LocalWindow, now: number): number {
		metrics().rateLimitRefusals.inc({ limit: this.name });
		return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
	}
}
