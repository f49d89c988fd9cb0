/** A fixed-window rate limit over a counter store. */
import { metrics } from '@/server/runtime/metrics';
import type { Clock } from './clock';
import { counterKey, type CounterStore } from './counter-store';
import { MemoryCounterStore } from './counter-store.memory';

/** A store, or how to find it once it is first needed (the engine is known only after start). */
export type StoreSource = CounterStore | (() => CounterStore);

/** A key's budget after one spend: retryAfter is 0 when the attempt was allowed. */
export type Budget = {
	limit: number;
	windowSeconds: number;
	remaining: number;
	resetSeconds: number;
	retryAfter: number;
};

export class RateLimiter {
	constructor(
		private readonly name: string,
		/** A number, or how to read it once needed (a setting known only after start). */
		private readonly limitSource: number | (() => number),
		private readonly windowMs: number,
		private readonly source: StoreSource = new MemoryCounterStore(),
		private readonly clock: Clock = Date.now,
	) {}

	private get limit(): number {
		return typeof this.limitSource === 'function' ? this.limitSource() : this.limitSource;
	}

	private get store(): CounterStore {
		return typeof this.source === 'function' ? this.source() : this.source;
	}

	/** Seconds until the key may try again, or 0 when it is under its limit. */
	async retryAfter(key: string): Promise<number> {
		const now = this.clock();
		const { count, resetAt } = await this.store.count(this.key(key), now);
		return count >= this.limit ? Math.max(1, Math.ceil((resetAt - now) / 1000)) : 0;
	}

	async hit(key: string): Promise<void> {
		await this.store.increment(this.key(key), this.windowMs, this.clock());
	}

	/**
	 * Counts an attempt before it is made and answers 0, or answers the seconds to wait when
	 * the limit is used up (then the refused attempt does not count). Counting first is what
	 * holds the limit when many attempts arrive at once.
	 */
	async take(key: string): Promise<number> {
		return (await this.spend(key)).retryAfter;
	}

	/**
	 * take(), answering also what a client is told of its budget (the IETF RateLimit headers):
	 * the limit, what is left of it, and the seconds until the window starts afresh.
	 */
	async spend(key: string): Promise<Budget> {
		const now = this.clock();
		const { count, resetAt } = await this.store.increment(this.key(key), this.windowMs, now);
		const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
		const budget = { limit: this.limit, windowSeconds: this.windowMs / 1000, resetSeconds };
		if (count <= this.limit) return { ...budget, remaining: this.limit - count, retryAfter: 0 };
		metrics().rateLimitRefusals.inc({ limit: this.name });
		await this.store.decrement(this.key(key), now);
		return { ...budget, remaining: 0, retryAfter: resetSeconds };
	}

	/** Gives back an attempt counted by take() (it succeeded, or was refused elsewhere). */
	async giveBack(key: string): Promise<void> {
		await this.store.decrement(this.key(key), this.clock());
	}

	async reset(key: string): Promise<void> {
		await this.store.delete(this.key(key));
	}

	/** Resets every key that starts with `prefix`. */
	async resetPrefix(prefix: string): Promise<void> {
		await this.store.deletePrefix(this.key(prefix));
	}

	private key(key: string): string {
		return counterKey(this.name, key);
	}
}
