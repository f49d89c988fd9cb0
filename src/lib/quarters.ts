/**
 * Calendar quarters as the category leaders name them: 'YYYY-Qn', in UTC (Q1 is January to
 * March). Shared by the leaders' service, their API's query and the pages.
 */

/** 'YYYY-Qn' with a four-digit year and a quarter of 1 to 4. */
export const QUARTER_PATTERN = /^\d{4}-Q[1-4]$/;

/** The quarter `date` falls in (UTC). */
export function quarterOf(date: Date): string {
	return `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
}
