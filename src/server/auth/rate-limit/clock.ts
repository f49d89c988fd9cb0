/** The time every limit of the site reads. */
export type Clock = () => number;

/** Date.now, except in tests that move it by hand. */
let limitsNow: Clock = Date.now;
export const limitsClock: Clock = () => limitsNow();

/**
 * Replaces the clock of every limit of the site (null restores Date.now). For tests only: they
 * show a window ending without waiting for it.
 */
export function setRateLimitClock(clock: Clock | null): void {
	limitsNow = clock ?? Date.now;
}
