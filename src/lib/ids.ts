/**
 * The one rule for record ids, wherever a request carries one (a path segment, a query string,
 * a JSON body). Zod-free, so islands can use it too.
 */

/**
 * The largest id: ids are PostgreSQL `integer` columns (and the same numbers on SQLite). A
 * larger number names no row, and bound as a parameter it makes PostgreSQL fail the query.
 */
export const MAX_ID = 2_147_483_647;

/** True for a whole number from 1 to MAX_ID. */
export function isId(value: unknown): value is number {
	return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ID;
}

/** True for an id as paths and query strings write it: digits only, of a number isId accepts. */
export function isIdSegment(value: string | undefined): value is string {
	return value !== undefined && /^\d{1,10}$/.test(value) && isId(Number(value));
}
