/**
 * Counters in this process's memory: the store of one node (SQLite), and of unit tests.
 */
import type { Counter, CounterStore } from './counter-store';

export class MemoryCounterStore implements CounterStore {
	private readonly counters = new Map<string, Counter>();

	async count(key: string, now: number) {
		const entry = this.counters.get(key);
		if (!entry || entry.resetAt <= now) return { count: 0, resetAt: now };
		return { ...entry };
	}

	async increment(key: string, windowMs: number, now: number) {
		const entry = this.counters.get(key);
		if (!entry || entry.resetAt <= now) {
			this.sweep(now);
			const fresh = { count: 1, resetAt: now + windowMs };
			this.counters.set(key, fresh);
			return { ...fresh };
		}
		entry.count += 1;
		return { ...entry };
	}

	async decrement(key: string, now: number) {
		const entry = this.counters.get(key);
		if (entry && entry.resetAt > now && entry.count > 0) entry.count -= 1;
	}

	async delete(key: string) {
		this.counters.delete(key);
	}

	async deletePrefix(prefix: string) {
		for (const key of this.counters.keys()) if (key.startsWith(prefix)) this.counters.delete(key);
	}

	/** Drops finished windows so the map cannot grow without bound. */
	private sweep(now: number): void {
		if (this.counters.size < 10_000) return;
		for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
	}
}
