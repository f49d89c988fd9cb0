/**
 * The few SQL spellings that differ between the engines, for queries otherwise written once:
 * each answers the running engine's spelling (the engines define them, sqlite-engine.ts and
 * postgres-engine.ts). An adapter that holds one engine's handle uses that engine's dialect.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { engine } from './engine';

/** SQLite's `collate nocase`: only ASCII letters fold, and text compares by code point. */
export function nocase(column: SQLWrapper): SQL {
	return engine().nocase(column);
}

/** `column LIKE pattern` ignoring case, `\` escaping the wildcards (see likePattern). */
export function likeIgnoringCase(column: SQLWrapper, pattern: string): SQL {
	return engine().likeIgnoringCase(column, pattern);
}

/**
 * The LIKE pattern of "contains `text`": its `%`, `_` and `\` escaped with `\` (the ESCAPE
 * character likeIgnoringCase names), so a search for '50%' or 'a_b' means those characters.
 */
export function likePattern(text: string): string {
	return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** True when the column contains `text`, ignoring case; the one way searches match a substring. */
export function containsText(column: SQLWrapper, text: string): SQL {
	return likeIgnoringCase(column, likePattern(text));
}

/** True when one item of a JSON array of strings matches the pattern (item by item). */
export function someItemLike(column: SQLWrapper, pattern: string): SQL {
	return engine().someItemLike(column, pattern);
}

/**
 * The items of a JSON array given as one text value, as a table of one column `value`: many
 * rows written by one short statement (`insert … select value ->> 0, … from ${jsonArrayItems(…)}`)
 * with one parameter, where drizzle's multi-row insert builds SQL with a placeholder per value.
 */
export function jsonArrayItems(json: string): SQL {
	return engine().jsonArrayItems(json);
}

/**
 * The same SELECT, locking its rows until the transaction ends (`FOR UPDATE`) on PostgreSQL,
 * where writers run side by side; SQLite's write transaction already holds the whole database.
 */
export function lockedForUpdate<Query extends PromiseLike<unknown>>(query: Query): Query {
	return engine().lockedForUpdate(query);
}

/**
 * The same SELECT as a queue's claim (`FOR UPDATE SKIP LOCKED` on PostgreSQL): several nodes
 * claim side by side and never the same row.
 */
export function claimingSkipLocked<Query>(query: Query): Query {
	return engine().claimingSkipLocked(query);
}

/** A point in time as the running engine's timestamp columns hold it, for hand-written SQL. */
export function timestamp(at: Date): SQL {
	return engine().timestamp(at);
}

/** The month of a timestamp column as 'YYYY-MM' text, in UTC (for grouping by month). */
export function month(column: SQLWrapper): SQL<string> {
	return engine().month(column);
}

/** 0.5^((at - column) / halfLifeDays): how much a timestamp's weight has halved by `at`. */
export function halfLifeDecay(column: SQLWrapper, at: Date, halfLifeDays: number): SQL<number> {
	return engine().halfLifeDecay(column, at, halfLifeDays);
}

/**
 * A whole number from an aggregate (sum, count) on both engines: PostgreSQL answers bigint and
 * numeric, which its driver gives as text; cast to integer it gives a number.
 */
export function asInteger(aggregate: SQL): SQL<number> {
	return sql<number>`cast(${aggregate} as integer)`;
}
