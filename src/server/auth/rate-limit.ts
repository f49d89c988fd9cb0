/**
 * Fixed-window rate limits. Counters sit behind CounterStore so a shared store (Redis,
 * PostgreSQL) can replace the in-process map when the site runs on several nodes.
 */
export interface CounterStore {
	/** Current count for key inside its window, or 0. */
	count(key: string, now: number): { count: number; resetAt: number };
	increment(key: string, windowMs: number, now: number): void;
	delete(key: string): void;
}

export class MemoryCounterStore implements CounterStore {
	private readonly counters = new Map<string, { count: number; resetAt: number }>();

	count(key: string, now: number) {
		const entry = this.counters.get(key);
		if (!entry || entry.resetAt <= now) return { count: 0, resetAt: now };
		return entry;
	}

	increment(key: string, windowMs: number, now: number): void {
		const entry = this.counters.get(key);
		if (!entry || entry.resetAt <= now) {
			this.sweep(now);
			this.counters.set(key, { count: 1, resetAt: now + windowMs });
		} else {
			entry.count += 1;
		}
	}

	delete(key: string): void {
		this.counters.delete(key);
	}

	/** Drops finished windows so the map cannot grow without bound. */
	private sweep(now: number): void {
		if (this.counters.size < 10_000) return;
		for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
	}
}

export type Clock = () => number;

export class RateLimiter {
	constructor(
		private readonly name: string,
		private readonly limit: number,
		private readonly windowMs: number,
		private readonly store: CounterStore = new MemoryCounterStore(),
		private readonly clock: Clock = Date.now,
	) {}

	/** Seconds until the key may try again, or 0 when it is under its limit. */
	retryAfter(key: string): number {
		const now = this.clock();
		const { count, resetAt } = this.store.count(this.key(key), now);
		return count >= this.limit ? Math.max(1, Math.ceil((resetAt - now) / 1000)) : 0;
	}

	hit(key: string): void {
		this.store.increment(this.key(key), this.windowMs, this.clock());
	}

	reset(key: string): void {
		this.store.delete(this.key(key));
	}

	private key(key: string): string {
		return `${this.name}:${key}`;
	}
}

const MINUTE = 60_000;

/** The time the site's limits read: Date.now, except in tests that move it by hand. */
let limitsNow: Clock = Date.now;
const limitsClock: Clock = () => limitsNow();

/**
 * Replaces the clock of every limit in `limits` (null restores Date.now). For tests only:
 * they show a window ending without waiting for it.
 */
export function setRateLimitClock(clock: Clock | null): void {
	limitsNow = clock ?? Date.now;
}

const limiter = (name: string, limit: number, windowMs: number) =>
	new RateLimiter(name, limit, windowMs, new MemoryCounterStore(), limitsClock);

/** The limits the site applies, one place to read and tune them. */
export const limits = {
	/** Failed sign-ins per account. */
	loginPerAccount: limiter('login-account', 5, 15 * MINUTE),
	/** Failed sign-ins per client address. */
	loginPerClient: limiter('login-client', 30, 15 * MINUTE),
	registerPerClient: limiter('register-client', 20, 60 * MINUTE),
	forgotPerAccount: limiter('forgot-account', 5, 15 * MINUTE),
	forgotPerClient: limiter('forgot-client', 20, 15 * MINUTE),
	/** Platform comments posted per user (each waits for moderation, so this caps the queue). */
	commentsPerUser: limiter('comment-user', 20, 60 * MINUTE),
	/** Ratings posted (or changed) per user. */
	ratingsPerUser: limiter('rating-user', 60, 60 * MINUTE),
};

export function retryMessage(seconds: number, what: string): string {
	const minutes = Math.ceil(seconds / 60);
	const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
	return `Too many ${what}. Please try again in ${wait}.`;
}
