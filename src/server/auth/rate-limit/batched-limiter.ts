/**
 * A fixed-window limit for requests too frequent to touch the shared counter store each time
 * (the page-view beacon, the API keys' reads): each node counts a key's requests in its own
 * memory first and adds them to the store in batches of `batch`, learning the count every node
 * added so far each time. Once a key's count is within one batch of the limit, every request is
 * added at once, so the store's answer decides it exactly.
 *
 * The slack, documented in the README's decisions: a node admits at most `batch - 1` requests
 * of a key it has not added to the store yet, so across N nodes a key gets at most
 * `limit + N * (batch - 1)` requests in a window; on one node (SQLite, a memory store) the
 * limit holds exactly. What spend() tells of the budget left is this node's view: exact on one
 * node, across N nodes at most the other nodes' unadded requests (and whatever they added since
 * this node last added) too high. Requests counted in memory and not added when a window ends
 * are dropped with it, as are the least recently seen keys past `max` (each at most
 * `batch - 1` requests).
 */
import { LRUCache } from 'lru-cache';
import { metrics } from '@/server/runtime/metrics';
import type { Clock } from './clock';
import { counterKey, type CounterStore } from './counter-store';
import { MAX_MEMORY_COUNTERS } from './counter-store.memory';
import type { Budget, StoreSource } from './limiter';

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
		/** A number, or how to read it once needed (a setting known only after start). */
		private readonly limitSource: number | (() => number),
		private readonly windowMs: number,
		/** Requests a node counts in memory before it adds them to the store. */
		readonly batch: number,
		private readonly source: StoreSource,
		private readonly clock: Clock = Date.now,
		max = MAX_MEMORY_COUNTERS,
	) {
		this.windows = new LRUCache({ max });
	}

	get limit(): number {
		return typeof this.limitSource === 'function' ? this.limitSource() : this.limitSource;
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
		const budget = this.spend(key);
		return budget instanceof Promise ? budget.then(retryAfterOf) : budget.retryAfter;
	}

	/**
	 * take(), answering also what a client is told of its budget (the IETF RateLimit headers,
	 * as RateLimiter.spend() does): the limit, what is left of it as this node sees it, and the
	 * seconds until the window starts afresh.
	 */
	spend(key: string): Budget | Promise<Budget> {
		const now = this.clock();
		const limit = this.limit;
		let window = this.windows.get(key);
		if (!window || window.resetAt <= now) {
			window = { added: 0, pending: 0, resetAt: now + this.windowMs };
			this.windows.set(key, window);
		}
		if (window.added + window.pending >= limit) return this.refuse(window, now, limit);
		window.pending += 1;
		// Far from the limit and the batch not full: memory alone.
		if (window.pending < this.batch && window.added + window.pending <= limit - this.batch) {
			return this.budget(limit, limit - window.added - window.pending, window, now, 0);
		}
		return this.add(key, window, now, limit);
	}

	/** Adds what this node counted to the store and learns every node's count. */
	private async add(key: string, window: LocalWindow, now: number, limit: number): Promise<Budget> {
		const by = window.pending;
		window.pending = 0;
		const stored = counterKey(this.name, key);
		const { count, resetAt } = await this.store.increment(stored, this.windowMs, now, by);
		window.resetAt = resetAt;
		if (count <= limit) {
			window.added = Math.max(window.added, count);
			return this.budget(limit, limit - count, window, now, 0);
		}
		// This request (the last one added) is over the limit: it does not count.
		await this.store.decrement(stored, now);
		window.added = Math.max(window.added, count - 1);
		return this.refuse(window, now, limit);
	}

	private refuse(window: LocalWindow, now: number, limit: number): Budget {
		metrics().rateLimitRefusals.inc({ limit: this.name });
		return this.budget(limit, 0, window, now, resetSecondsOf(window, now));
	}

	private budget(
		limit: number,
		remaining: number,
		window: LocalWindow,
		now: number,
		retryAfter: number,
	): Budget {
		return {
			limit,
			windowSeconds: this.windowMs / 1000,
			remaining: Math.max(0, remaining),
			resetSeconds: resetSecondsOf(window, now),
			retryAfter,
		};
	}
}

const retryAfterOf = (budget: Budget) => budget.retryAfter;

/** Seconds until the window starts afresh, at least one. */
const resetSecondsOf = (window: LocalWindow, now: number) =>
	Math.max(1, Math.ceil((window.resetAt - now) / 1000));
