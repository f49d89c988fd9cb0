/**
 * The two engines' instances of the shared tables (db/schema/shared-tables.ts, built by the dialect kit
 * for SQLite and PostgreSQL) are the same tables: names, columns (kind of data, nullability,
 * defaults, keys, uniqueness), foreign keys with their actions, indexes with their columns or
 * expressions and uniqueness, and checks with their conditions. The services are written once
 * against either, so a kit builder that spelled something differently on one engine would break
 * that engine at run time; and every shared table must be exported by both schema modules, or
 * drizzle-kit and drizzle would not see it.
 */
import { readFileSync } from 'node:fs';
import { is, SQL, Table } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgDialect, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import {
	getTableConfig as sqliteTableConfig,
	SQLiteSyncDialect,
	SQLiteTable,
	type SQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as sqliteSchema from '@db/schema';
import { sqliteKit } from '@db/schema/kit';
import * as postgresSchema from '@db/schema/postgres';
import { defineTables } from '@db/schema/shared-tables';
import * as boundTables from '@/server/db/tables';
import { tableLists } from '../../scripts/db-tables';

/** Tables only PostgreSQL has: state several nodes share, which one SQLite process keeps in memory. */
const POSTGRES_ONLY = ['rate_limit_counters', 'site_build_status', 'media_blobs', 'media_chunks'];

type Column = SQLiteColumn | PgColumn;

type Shape = {
	columns: Record<
		string,
		{
			dataType: string;
			enumValues: string[] | undefined;
			notNull: boolean;
			primary: boolean;
			hasDefault: boolean;
			unique: string | undefined;
		}
	>;
	primaryKeys: string[][];
	foreignKeys: {
		name: string;
		columns: string[];
		foreignTable: string;
		foreignColumns: string[];
		onDelete: string;
		onUpdate: string;
	}[];
	indexes: { name: string; unique: boolean; on: string[]; where: string | undefined }[];
	checks: { name: string; condition: string }[];
};

type Config = ReturnType<typeof sqliteTableConfig> | ReturnType<typeof pgTableConfig>;

/**
 * A table's shape with nothing engine-specific in it. `render` writes a condition or an index
 * expression as SQL; both dialects quote names alike, so the same description reads the same.
 */
function shapeOf(config: Config, render: (sql: SQL) => string): Shape {
	const columnName = (column: Column | SQL) => (is(column, SQL) ? render(column) : column.name);
	return {
		columns: Object.fromEntries(
			(config.columns as Column[]).map((column) => [
				column.name,
				{
					dataType: column.dataType,
					enumValues: column.enumValues,
					notNull: column.notNull,
					primary: column.primary,
					// An identity column is PostgreSQL's spelling of SQLite's autoincrement key.
					hasDefault: column.hasDefault || Boolean(column.generatedIdentity),
					unique: column.isUnique ? column.uniqueName : undefined,
				},
			]),
		),
		primaryKeys: config.primaryKeys.map((key) => (key.columns as Column[]).map((c) => c.name)),
		foreignKeys: config.foreignKeys
			.map((foreignKey) => {
				const reference = foreignKey.reference();
				return {
					name: foreignKey.getName(),
					columns: (reference.columns as Column[]).map((column) => column.name),
					foreignTable: is(reference.foreignTable, SQLiteTable)
						? sqliteTableConfig(reference.foreignTable).name
						: pgTableConfig(reference.foreignTable as PgTable).name,
					foreignColumns: (reference.foreignColumns as Column[]).map((column) => column.name),
					// Unsaid is 'no action' on both engines (pg-core writes it down, sqlite-core not).
					onDelete: foreignKey.onDelete ?? 'no action',
					onUpdate: foreignKey.onUpdate ?? 'no action',
				};
			})
			.sort((a, b) => a.name.localeCompare(b.name)),
		indexes: config.indexes
			.map((index) => ({
				name: index.config.name ?? '',
				unique: index.config.unique,
				on: (index.config.columns as (Column | SQL)[]).map(columnName),
				where: index.config.where ? render(index.config.where) : undefined,
			}))
			.sort((a, b) => a.name.localeCompare(b.name)),
		checks: config.checks
			.map((check) => ({ name: check.name, condition: render(check.value) }))
			.sort((a, b) => a.name.localeCompare(b.name)),
	};
}

/** SQL with its parameters written in, so a value in a condition counts too. */
function renderWith(dialect: SQLiteSyncDialect | PgDialect) {
	return (sql: SQL) => {
		const query = dialect.sqlToQuery(sql);
		return `${query.sql} [${query.params.map((param) => JSON.stringify(param)).join(', ')}]`;
	};
}

function sqliteShapes(): Record<string, Shape> {
	const render = renderWith(new SQLiteSyncDialect());
	const shapes: Record<string, Shape> = {};
	for (const value of Object.values(sqliteSchema)) {
		if (!is(value, SQLiteTable)) continue;
		const config = sqliteTableConfig(value);
		shapes[config.name] = shapeOf(config, render);
	}
	return shapes;
}

function postgresShapes(): Record<string, Shape> {
	const render = renderWith(new PgDialect());
	const shapes: Record<string, Shape> = {};
	for (const value of Object.values(postgresSchema)) {
		if (!is(value, PgTable)) continue;
		const config = pgTableConfig(value);
		shapes[config.name] = shapeOf(config, render);
	}
	return shapes;
}

const sqlite = sqliteShapes();
const postgres = postgresShapes();

describe('the SQLite and PostgreSQL schemas', () => {
	it('export every shared table and relation, each engine under the same names', () => {
		const shared = Object.keys(defineTables(sqliteKit)).sort();
		expect(shared.length).toBeGreaterThan(20);
		const exported = (schema: Record<string, unknown>) => shared.filter((name) => schema[name] !== undefined);
		expect(exported(sqliteSchema)).toEqual(shared);
		expect(exported(postgresSchema)).toEqual(shared);
	});

	it('name every shared table in the lists `npm run db:tables` writes, as it writes them', () => {
		for (const [path, text] of Object.entries(tableLists()))
			expect(readFileSync(path, 'utf8'), path).toBe(text);
	});

	it('are bound by name, every shared table, for the services (src/server/db/tables.ts)', () => {
		const shared = Object.entries(defineTables(sqliteKit))
			.filter(([, value]) => is(value, Table))
			.map(([name]) => name)
			.sort();
		const bound = Object.entries(boundTables)
			.filter(([, value]) => is(value, Table))
			.map(([name]) => name)
			.sort();
		expect(bound).toEqual(shared);
		// Binding an engine's schema rebinds every one of them.
		const postgresTables = postgresSchema as unknown as boundTables.Schema;
		boundTables.bindTables(postgresTables);
		try {
			const rebound = new Map(Object.entries(boundTables));
			const wanted = new Map(Object.entries(postgresTables));
			for (const name of shared) expect(rebound.get(name), name).toBe(wanted.get(name));
		} finally {
			boundTables.bindTables(sqliteSchema);
		}
	});

	it('have the same tables, apart from those only PostgreSQL has', () => {
		expect(Object.keys(sqlite).length).toBeGreaterThan(10);
		expect(Object.keys(postgres).sort()).toEqual([...Object.keys(sqlite), ...POSTGRES_ONLY].sort());
	});

	it.each(Object.keys(sqlite))('%s has the same columns, keys, foreign keys, indexes and checks', (name) => {
		expect(postgres[name]).toEqual(sqlite[name]);
	});

	it('see the parts of a table the comparison relies on', () => {
		// Guards the comparison itself: a shape that lost its foreign keys, index expressions or
		// checks would compare equal on both engines and prove nothing.
		expect(sqlite.users.indexes).toContainEqual({
			name: 'users_username_unique',
			unique: true,
			on: ['lower("users"."username") []'],
			where: undefined,
		});
		expect(sqlite.articles.checks).toEqual([
			{ name: 'articles_read_time_range', condition: '"articles"."read_time" between 1 and 60 []' },
		]);
		expect(sqlite.comment_votes.foreignKeys).toContainEqual(
			expect.objectContaining({
				columns: ['comment_id'],
				foreignTable: 'platform_comments',
				foreignColumns: ['id'],
				onDelete: 'cascade',
			}),
		);
		expect(sqlite.static_pages.columns.slug.unique).toBe('static_pages_slug_unique');
	});
});
