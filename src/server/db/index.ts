/**
 * The one database of this process, as services use it. The engine (engine.ts) is chosen once
 * from the configuration: a SQLite file, or with DATABASE_URL a PostgreSQL pool. Services are
 * written once against the SQLite handle's types and import the running engine's tables from
 * here (tables.ts: live bindings, bound when the engine is chosen).
 *
 * This folder is infrastructure only: it imports no subject of src/server. Subjects whose
 * storage differs per engine keep both adapters beside their port and choose with byEngine().
 */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { engine } from './engine';
import type { AppDatabase } from './types';

export * from './tables';
export type { AppDatabase, AppTransaction, DatabaseSettings, Reader, Seeder } from './types';
export { byEngine, chooseEngine, closeDatabase, engine } from './engine';
export { openDatabase } from './sqlite-engine';
export { migrationsFolder } from './migrations';
export { afterCommit, rawRows, runStatement, schemaOf, transaction } from './transaction';
export { integerPlaceholder, preparedSelect, textPlaceholder } from './prepared';

/** The connection of the running engine, opened on first use. */
export function db(): AppDatabase {
	return engine().database();
}

/**
 * A column named with its table ("platforms"."id"), for a correlated subquery: drizzle names a
 * column bare when the outer select reads one table, and a bare name inside the subquery means
 * the subquery's own column of that name.
 */
export function qualified(column: Column): SQL {
	return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** The first row a query answers, or undefined: the engine-neutral `.get()`. */
export async function firstRow<Row>(query: PromiseLike<Row[]>): Promise<Row | undefined> {
	const rows = await query;
	return rows[0];
}

/**
 * False for a text that no stored key can equal: PostgreSQL's text type cannot hold NUL
 * (U+0000), and a query that binds one fails outright. Lookups by a visitor's text (an address,
 * a slug) answer "none" for it without asking, which is what SQLite answers, as no stored key
 * holds a NUL either.
 */
export function canMatchStoredText(text: string): boolean {
	return !text.includes('\u0000');
}

/** True when a statement broke a unique constraint (each engine knows its codes). */
export function isUniqueViolation(error: unknown): boolean {
	return engine().isUniqueViolation(error);
}
