/**
 * A SELECT built and prepared once per connection, then run with new values: drizzle otherwise
 * builds the SQL and asks the driver to prepare it again on every call, which on a hot lookup
 * (the session, on every signed-in request) costs more than the lookup itself. Values change
 * through `sql.placeholder(name)`, or in a join textPlaceholder and integerPlaceholder below, so
 * the statement stays compiled. On PostgreSQL the name makes it a named statement, prepared
 * once per pooled connection.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from './types';
import { engine } from './engine';

/**
 * A text placeholder the query planner cannot look into. SQLite (built with STAT4, as
 * better-sqlite3 is) plans a join with a bare `?` by its bound value, so binding any value, even
 * the same one again, expires the prepared statement and the next run compiles it again: the
 * session lookup was compiled on every signed-in request. Behind a cast the plan (the same
 * index) is made once; PostgreSQL reads the same cast as the parameter's type.
 */
export function textPlaceholder(name: string): SQL {
	return sql`cast(${sql.placeholder(name)} as text)`;
}

/** An integer placeholder the query planner cannot look into (see textPlaceholder). */
export function integerPlaceholder(name: string): SQL {
	return sql`cast(${sql.placeholder(name)} as integer)`;
}

type Preparable<Row> = { prepare(): { execute(values: Record<string, unknown>): Row[] | Promise<Row[]> } };

export function preparedSelect<Row>(
	name: string,
	build: (database: AppDatabase) => Preparable<Row>,
): (values: Record<string, unknown>) => Promise<Row[]> {
	// Per connection: a test or a script may switch engines, and a statement belongs to one.
	const prepared = new WeakMap<AppDatabase, ReturnType<Preparable<Row>['prepare']>>();
	return async (values) => {
		const database = engine().database();
		let statement = prepared.get(database);
		if (!statement) {
			// SQLite's prepare takes no name (its type says so); PostgreSQL's needs one.
			statement = (build(database).prepare as (name: string) => ReturnType<Preparable<Row>['prepare']>)(name);
			prepared.set(database, statement);
		}
		return statement.execute(values);
	};
}
