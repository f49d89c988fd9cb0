/**
 * Where rate-limit counters live: the port every limit counts through. Each engine has its
 * adapter (site-counters.ts chooses): this process's memory with the embedded SQLite database
 * (one node), a table every node shares on PostgreSQL.
 */
import { createHash } from 'node:crypto';

export type Counter = { count: number; resetAt: number };

/**
 * The longest key kept as written. Every key the site builds fits (a limit's name, an address
 * of at most 254 characters, a client's IP), so prefixes (an account's counters) still match;
 * a longer one can only come from a malformed header and is kept as its hash, so no client
 * decides how much memory or index space a counter takes.
 */
export const MAX_COUNTER_KEY_LENGTH = 512;

/** The key a limit `name` keeps for `key` in the store. */
export function counterKey(name: string, key: string): string {
	const whole = `${name}:${key}`;
	if (whole.length <= MAX_COUNTER_KEY_LENGTH) return whole;
	return `${name}#${createHash('sha256').update(key).digest('base64url')}`;
}

export interface CounterStore {
	/** Current count for key inside its window, or 0. */
	count(key: string, now: number): Promise<Counter>;
	/**
	 * Adds one (or `by`: attempts a node counted in its memory first, batched-limiter.ts) and
	 * answers the new count in the same step, so attempts that arrive together each see their
	 * own number (a database store does this in one UPDATE ... RETURNING).
	 */
	increment(key: string, windowMs: number, now: number, by?: number): Promise<Counter>;
	/**
	 * Takes one back (an attempt that turned out not to count); never below zero. A counter
	 * back at zero is removed, so attempts that did not count leave nothing behind.
	 */
	decrement(key: string, now: number): Promise<void>;
	delete(key: string): Promise<void>;
	/** Removes every key that starts with `prefix` (all the counters of one account). */
	deletePrefix(prefix: string): Promise<void>;
	/** Removes the counters whose window ended by `now` (housekeeping). */
	deleteFinishedWindows(now: number): Promise<void>;
}
