/**
 * Where rate-limit counters live: the port every limit counts through. Each engine has its
 * adapter (site-counters.ts chooses): this process's memory with the embedded SQLite database
 * (one node), a table every node shares on PostgreSQL.
 */
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
