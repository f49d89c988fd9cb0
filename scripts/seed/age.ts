/**
 * Ages of seeded rows, relative to the moment the seed runs, so a fresh database always shows
 * "minutes ago", "hours ago" and "days ago" however long after the code was written it is seeded.
 */
import type { Age } from './types';

const MINUTE_MS = 60_000;

export const minutes = (n: number): Age => n * MINUTE_MS;
export const hours = (n: number): Age => n * 60 * MINUTE_MS;
export const days = (n: number): Age => n * 24 * 60 * MINUTE_MS;

/** The date `age` before `now`. */
export function before(now: number, age: Age): Date {
	return new Date(now - age);
}
