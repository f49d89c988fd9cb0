/**
 * Fixed-window rate limits. Counters sit behind CounterStore: in this process's memory with the
 * embedded SQLite database (one node), in a table every node shares on PostgreSQL.
 */
import { metrics } from '@/server/metrics';
import { postgresDatabase } from '@/server/db';
import { PostgresCounterStore } from '@/server/db/rate-limit-postgres';

export type Counter = { count: number; resetAt: number };

export interface CounterStore {
	/** Current count for key inside its window, or 0. */
	count(key: string, now: number): Promise<Counter>;
	/**
	 * Adds one and answers the new count in the same step, so attempts that arrive together
	 * each see their own number (a database store does this in one UPDATE ... RETURNING).
	 */
	increment(key: string, windowMs: number, now: number): Promise<Counter>;
	/** Takes one back (an attempt that turned out not to count); never below zero. */
	decrement(key: string, now: number): Promise<void>;
	delete(key: string): Promise<void>;
	/** Removes every key that starts with `prefix` (all the counters of one account). */
	deletePrefix(prefix: string): Promise<void>;
}

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

export type Clock = () => number;

/** A store, or how to find it once it is first needed (the engine is known only after start). */
type StoreSource = CounterStore | (() => CounterStore);

export class RateLimiter {
	constructor(
		private readonly name: string,
		private readonly limit: number,
		private readonly windowMs: number,
		private readonly source: StoreSource = new MemoryCounterStore(),
		private readonly clock: Clock = Date.now,
	) {}

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
		const now = this.clock();
		const { count, resetAt } = await this.store.increment(this.key(key), this.windowMs, now);
		if (count <= this.limit) return 0;
		metrics().rateLimitRefusals.inc({ limit: this.name });
		await this.store.decrement(this.key(key), now);
		return Math.max(1, Math.ceil((resetAt - now) / 1000));
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
		return `${this.name}:${key}`;
	}
}

/**
 * Remembers keys for a while, in the same kind of store as the counters: here, which clients
 * have signed in to which account.
 */
export class Recollection {
	constructor(
		private readonly name: string,
		private readonly lifetimeMs: number,
		private readonly source: StoreSource = new MemoryCounterStore(),
		private readonly clock: Clock = Date.now,
	) {}

	private get store(): CounterStore {
		return typeof this.source === 'function' ? this.source() : this.source;
	}

	async remember(key: string): Promise<void> {
		// A fresh entry, so the lifetime runs from the latest time it was seen.
		await this.store.delete(this.key(key));
		await this.store.increment(this.key(key), this.lifetimeMs, this.clock());
	}

	async has(key: string): Promise<boolean> {
		return (await this.store.count(this.key(key), this.clock())).count > 0;
	}

	private key(key: string): string {
		return `${this.name}:${key}`;
	}
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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

/**
 * The store every limit of the site counts in, chosen on first use: the shared table on
 * PostgreSQL (several nodes count together), else this process's memory.
 */
let siteStore: CounterStore | undefined;
function siteCounterStore(): CounterStore {
	if (!siteStore) {
		const postgres = postgresDatabase();
		siteStore = postgres ? new PostgresCounterStore(postgres) : new MemoryCounterStore();
	}
	return siteStore;
}

const limiter = (name: string, limit: number, windowMs: number) =>
	new RateLimiter(name, limit, windowMs, siteCounterStore, limitsClock);

/** The limits the site applies, one place to read and tune them. */
export const limits = {
	/**
	 * Failed password checks (sign-in and the profile's current-password checks) per account
	 * and client: the hard stop. Keyed `${email} ${client}` (no email holds a space).
	 */
	passwordPerAccountClient: limiter('password-account-client', 5, 15 * MINUTE),
	/**
	 * Failed password checks per account from clients that have not signed in to it: the slower
	 * back-off against guessing spread over many addresses. It never locks the owner out at an
	 * address they signed in from; elsewhere a reset (which clears it) lets them in.
	 */
	passwordPerAccount: limiter('password-account', 10, HOUR),
	/** The same, over a day: a sustained spread attack waits longer and longer. */
	passwordPerAccountDaily: limiter('password-account-day', 30, 24 * HOUR),
	/** Failed sign-ins per client address. */
	loginPerClient: limiter('login-client', 30, 15 * MINUTE),
	registerPerClient: limiter('register-client', 20, 60 * MINUTE),
	forgotPerAccount: limiter('forgot-account', 5, 15 * MINUTE),
	forgotPerClient: limiter('forgot-client', 20, 15 * MINUTE),
	/** Verification mails (resends, email change links) per account. */
	verificationMailsPerAccount: limiter('verification-mail-account', 5, HOUR),
	/** Newsletter sign-ups by email (each mails a confirmation link) per address and per client. */
	newsletterSubscribePerAddress: limiter('newsletter-subscribe-address', 3, HOUR),
	newsletterSubscribePerClient: limiter('newsletter-subscribe-client', 20, HOUR),
	/** Platform comments posted per user (each waits for moderation, so this caps the queue). */
	commentsPerUser: limiter('comment-user', 20, 60 * MINUTE),
	/** Ratings posted (or changed) per user. */
	ratingsPerUser: limiter('rating-user', 60, 60 * MINUTE),
};

/** Clients that signed in to an account in the last 30 days, keyed `${email} ${client}`. */
export const knownSignInClients = new Recollection(
	'signed-in-client',
	30 * 24 * HOUR,
	siteCounterStore,
	limitsClock,
);

export function retryMessage(seconds: number, what: string): string {
	const minutes = Math.ceil(seconds / 60);
	const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
	return `Too many ${what}. Please try again in ${wait}.`;
}
