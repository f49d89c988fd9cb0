/**
 * The few SQL spellings that differ between the engines, for queries otherwise written once.
 * The engine is the process's (db()), so each helper answers the spelling of the running one.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { db, isPostgres } from '@/server/db';

const onPostgres = () => isPostgres(db());

/**
 * SQLite's `collate nocase`: only ASCII letters fold, and text compares by code point. On
 * PostgreSQL, lower case under the C collation does exactly that, whatever the locale.
 */
export function nocase(column: SQLWrapper): SQL {
	return onPostgres()
		? sql`lower(${column} collate "C") collate "C"`
		: sql`${column} collate nocase`;
}

/**
 * `column LIKE pattern` ignoring case, `\` escaping the wildcards (see likePattern). SQLite's
 * LIKE already ignores ASCII case; PostgreSQL's needs ILIKE.
 */
export function likeIgnoringCase(column: SQLWrapper, pattern: string): SQL {
	return onPostgres()
		? sql`${column} ilike ${pattern} escape '\\'`
		: sql`${column} like ${pattern} escape '\\'`;
}

/**
 * True when one item of a JSON array of strings matches the pattern (item by item, so the
 * JSON punctuation never matches): json_each on SQLite, jsonb_array_elements_text on PostgreSQL.
 */
export function someItemLike(column: SQLWrapper, pattern: string): SQL {
	return onPostgres()
		? sql`exists (select 1 from jsonb_array_elements_text(${column}) as item(value) where ${likeIgnoringCase(sql`item.value`, pattern)})`
		: sql`exists (select 1 from json_each(${column}) where ${likeIgnoringCase(sql`json_each.value`, pattern)})`;
}

/**
 * The same SELECT, locking its rows until the transaction ends (`FOR UPDATE`) on PostgreSQL,
 * where writers run side by side. SQLite needs no row lock: a write transaction (BEGIN
 * IMMEDIATE) already holds the whole database.
 */
export function lockedForUpdate<Query extends PromiseLike<unknown>>(query: Query): Query {
	const lockable = query as unknown as { for?: (strength: 'update') => Query };
	return onPostgres() && lockable.for ? lockable.for('update') : query;
}

/**
 * The same SELECT as a queue's claim: on PostgreSQL its rows are locked and rows another
 * transaction holds are skipped (`FOR UPDATE SKIP LOCKED`), so several nodes claim side by side
 * and never the same row. On SQLite the claim's write transaction already excludes the others.
 */
export function claimingSkipLocked<Query>(query: Query): Query {
	const lockable = query as unknown as {
		for?: (strength: 'update', config: { skipLocked: true }) => Query;
	};
	return onPostgres() && lockable.for ? lockable.for('update', { skipLocked: true }) : query;
}
