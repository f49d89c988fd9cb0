/** One day in milliseconds, for lifetimes and day buckets counted in days. */
export const DAY_MS = 24 * 60 * 60 * 1000;
