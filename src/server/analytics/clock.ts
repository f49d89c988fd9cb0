/** The time analytics reads: the day a page view counts on, and which salt hashes it. */
export type AnalyticsClock = () => number;

let analyticsNow: AnalyticsClock = Date.now;

/** Date.now, except in tests that move it by hand (setAnalyticsClock). */
export const analyticsClock: AnalyticsClock = () => analyticsNow();

/** Replaces the clock (null restores Date.now). For tests only: they show the salt rotating. */
export function setAnalyticsClock(clock: AnalyticsClock | null): void {
	analyticsNow = clock ?? Date.now;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, `YYYY-MM-DD`: the unit analytics counts visitors in. */
export function dayOf(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

/** The day `days` before the day of `ms`. */
export function daysBefore(ms: number, days: number): string {
	return dayOf(ms - days * DAY_MS);
}
