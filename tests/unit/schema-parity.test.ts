/**
 * The two engines' schemas (db/schema.ts for SQLite, db/schema/postgres.ts for PostgreSQL) hold
 * the same tables with the same column names, nullability, defaults-or-not, primary keys and
 * index names: the services are written once against either, so a column added to one file
 * only would break the other engine at run time.
 */
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as sqliteSchema from '@db/schema';
import * as postgresSchema from '@db/schema/postgres';

type Shape = {
	columns: Record<string, { notNull: boolean; primary: boolean; hasDefault: boolean }>;
	indexes: string[];
	foreignKeys: number;
};

function sqliteShapes(): Record<string, Shape> {
	const shapes: Record<string, Shape> = {};
	for (const value of Object.values(sqliteSchema)) {
		if (!(value instanceof SQLiteTable)) continue;
		const table = sqliteTableConfig(value);
		shapes[table.name] = {
			columns: Object.fromEntries(
				table.columns.map((column) => [
					column.name,
					{ notNull: column.notNull, primary: column.primary, hasDefault: column.hasDefault },
				]),
			),
			indexes: table.indexes.map((index) => index.config.name).sort(),
			foreignKeys: table.foreignKeys.length,
		};
	}
	return shapes;
}

function postgresShapes(): Record<string, Shape> {
	const shapes: Record<string, Shape> = {};
	for (const value of Object.values(postgresSchema)) {
		if (!(value instanceof PgTable)) continue;
		const table = pgTableConfig(value);
		shapes[table.name] = {
			columns: Object.fromEntries(
				table.columns.map((column) => [
					column.name,
					{
						notNull: column.notNull,
						primary: column.primary,
						// An identity column is PostgreSQL's spelling of SQLite's autoincrement key.
						hasDefault: column.hasDefault || Boolean(column.generatedIdentity),
					},
				]),
			),
			indexes: table.indexes.map((index) => index.config.name ?? '').sort(),
			foreignKeys: table.foreignKeys.length,
		};
	}
	return shapes;
}

describe('the SQLite and PostgreSQL schemas', () => {
	const sqlite = sqliteShapes();
	const postgres = postgresShapes();

	it('have the same tables', () => {
		expect(Object.keys(sqlite).length).toBeGreaterThan(10);
		// Shared state of several nodes exists on PostgreSQL only (one SQLite process keeps it
		// in memory): the rate-limit counters and each node's generation status.
		const postgresOnly = ['rate_limit_counters', 'site_build_status'];
		expect(Object.keys(postgres).sort()).toEqual([...Object.keys(sqlite), ...postgresOnly].sort());
	});

	it.each(Object.keys(sqliteShapes()))('%s has the same columns, keys and indexes', (name) => {
		expect(postgres[name]).toEqual(sqlite[name]);
	});
});
