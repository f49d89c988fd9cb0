/**
 * Counters in this process's memory: the store of one node (SQLite), and of unit tests.
 *
 * Bounded whatever clients send: at most `max` counters, the least recently used going first
 * when a new one needs room (every step is O(1), never a walk of the store), and finished
 * windows swept on a timer that keeps no process alive. Filling the store to push out a
 * guesser's counters takes tens of thousands of keys inside a window, which the per-client
 * limits make many addresses' work; the one walk left, deletePrefix, is an account owner's
 * action (a password reset), not a stranger's.
 */
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock';
import type { Counter, CounterStore } from './counter-store';

/** Counters kept at most: far above what one node's real visitors use inside a day. */
export const MAX_MEMORY_COUNTERS = 50_000;
/** How often finished windows are dropped. */
const SWEEP_EVERY_MS = 60_000;

export class MemoryCounterStore implements CounterStore {
	private readonly counters: LRUCache<string, Counter>;
	private readonly clock: Clock;

	constructor({ max = MAX_MEMORY_COUNTERS, clock = Date.now }: { max?: number; clock?: Clock } = {}) {
		this.counters = new LRUCache({ max });
		this.clock = clock;
		setInterval(() => this.sweep(this.clock()), SWEEP_EVERY_MS).unref();
	}

	async count(key: string, now: number) {
		const entry = this.counters.get(key);
		if (!entry || entry.resetAt <= now) return { count: 0, resetAt: now };
		return { ...entry };
	}

	async increment(key: string, windowMs: number, now: number, by = 1) {
		const entry = this.counters.get(key);
		if (!entry || entry.resetAt <= now) {
			const fresh = { count: by, resetAt: now + windowMs };
			this.counters.set(key, fresh);
			return { ...fresh };
		}
		entry.count += by;
		return { ...entry };
	}

	async decrement(key: string, now: number) {
		const entry = this.counters.get(key);
		if (!entry || entry.resetAt <= now || entry.count <= 0) return;
		entry.count -= 1;
		// Nothing counted is nothing kept: an attempt given back leaves no entry behind.
		if (entry.count === 0) this.counters.delete(key);
	}

	async delete(key: string) {
		this.counters.delete(key);
	}

	async deletePrefix(prefix: string) {
		for (const key of [...this.counters.keys()]) if (key.startsWith(prefix)) this.counters.delete(key);
	}

	/** How many counters are kept (tests, the bench). */
	get size(): number {
		return this.counters.size;
	}

	async deleteFinishedWindows(now: number): Promise<void> {
		this.sweep(now);
	}

	/** Drops finished windows (the timer calls it; tests call it with a fake clock). */
	sweep(now: number): void {
		const finished: string[] = [];
		for (const [key, entry] of this.counters.entries()) if (entry.resetAt <= now) finished.push(key);
		for (const key of finished) this.counters.delete(key);
	}
}
