/**
 * The dialect kit: the builders the shared tables (shared-tables.ts) are written with, so each table is
 * described once and built for either engine, as Payload's drizzle adapters build both dialects'
 * tables from one description. The engines differ only in spellings: SQLite keeps timestamps as
 * integer milliseconds, lists of text as JSON text, booleans as 0/1, ids as autoincrement
 * integers and the average rating as real; PostgreSQL uses timestamptz, jsonb, boolean, identity
 * columns and double precision.
 *
 * The kit is typed with the SQLite builders, so the tables it makes carry exactly the row types
 * the services are written against. The PostgreSQL instance runs pg-core builders behind the same
 * type, and AsPostgres gives its tables pg-core table types with the same columns and data.
 */
import { sql, type BuildColumns, type SQL } from 'drizzle-orm';
import {
	boolean as pgBoolean,
	check as pgCheck,
	doublePrecision,
	index as pgIndex,
	integer as pgInteger,
	jsonb,
	pgTable,
	text as pgText,
	timestamp as pgTimestamp,
	uniqueIndex as pgUniqueIndex,
	type PgColumn,
	type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import {
	check as sqliteCheck,
	index as sqliteIndex,
	integer as sqliteInteger,
	real,
	sqliteTable,
	text as sqliteText,
	uniqueIndex as sqliteUniqueIndex,
	type SQLiteColumn,
	type SQLiteColumnBuilderBase,
	type SQLiteTable,
	type SQLiteTableExtraConfigValue,
	type SQLiteTableWithColumns,
} from 'drizzle-orm/sqlite-core';

// The SQLite spellings: the SQLite kit's builders, and the types every kit's builders return.
const sqliteId = () => sqliteInteger('id').primaryKey({ autoIncrement: true });
const sqliteTextColumn = <
	TName extends string,
	TValue extends string,
	TEnum extends Readonly<[TValue, ...TValue[]]>,
>(
	name: TName,
	config?: { enum: TEnum },
) => sqliteText(name, config);
const sqliteIntegerColumn = <TName extends string>(name: TName) => sqliteInteger(name);
const sqliteBoolean = <TName extends string>(name: TName) => sqliteInteger(name, { mode: 'boolean' });
const sqliteTimestamp = <TName extends string>(name: TName) => sqliteInteger(name, { mode: 'timestamp_ms' });
const sqliteTimestampNow = <TName extends string>(name: TName) =>
	sqliteTimestamp(name)
		.notNull()
		.$defaultFn(() => new Date());
const sqliteTextList = <TName extends string>(name: TName) =>
	sqliteText(name, { mode: 'json' })
		.$type<string[]>()
		.notNull()
		.$defaultFn(() => []);
const sqliteDouble = <TName extends string>(name: TName) => real(name);

export type KitTableConfig<TName extends string, TColumns> = {
	name: TName;
	schema: undefined;
	columns: TColumns;
	dialect: 'sqlite';
};

/** What a shared table is written with; see shared-tables.ts for the tables, README "Adding a table". */
export interface SchemaKit {
	readonly engine: 'sqlite' | 'postgresql';
	/** A table: columns, then its indexes and checks (`(t) => [index(...).on(t.column)]`). */
	table<TName extends string, TColumns extends Record<string, SQLiteColumnBuilderBase>>(
		name: TName,
		columns: TColumns,
		extraConfig?: (self: BuildColumns<TName, TColumns, 'sqlite'>) => SQLiteTableExtraConfigValue[],
	): SQLiteTableWithColumns<KitTableConfig<TName, BuildColumns<TName, TColumns, 'sqlite'>>>;
	/** `id`, an integer primary key the database numbers (autoincrement / identity). */
	id(): ReturnType<typeof sqliteId>;
	/** Text, optionally limited to a list of values (`{ enum: VALUES }`, checked by drizzle). */
	text: typeof sqliteTextColumn;
	integer: typeof sqliteIntegerColumn;
	boolean: typeof sqliteBoolean;
	/** A date: integer milliseconds on SQLite, timestamptz on PostgreSQL. */
	timestamp: typeof sqliteTimestamp;
	/** A date that is not null and defaults to the time of the insert (created_at, updated_at). */
	timestampNow: typeof sqliteTimestampNow;
	/** A database default for a date column: the epoch (a time long past). */
	readonly epoch: SQL;
	/** A list of text, not null, defaulting to []: JSON text on SQLite, jsonb on PostgreSQL. */
	textList: typeof sqliteTextList;
	/** A floating-point number: real on SQLite, double precision on PostgreSQL. */
	double: typeof sqliteDouble;
	index: typeof sqliteIndex;
	uniqueIndex: typeof sqliteUniqueIndex;
	check: typeof sqliteCheck;
}

export const sqliteKit: SchemaKit = {
	engine: 'sqlite',
	table: sqliteTable,
	id: sqliteId,
	text: sqliteTextColumn,
	integer: sqliteIntegerColumn,
	boolean: sqliteBoolean,
	timestamp: sqliteTimestamp,
	timestampNow: sqliteTimestampNow,
	epoch: sql`0`,
	textList: sqliteTextList,
	double: sqliteDouble,
	index: sqliteIndex,
	uniqueIndex: sqliteUniqueIndex,
	check: sqliteCheck,
};

/** PostgreSQL's date column, for the kit and for the tables only PostgreSQL has. */
export const postgresTimestamp = <TName extends string>(name: TName) =>
	pgTimestamp(name, { withTimezone: true, mode: 'date' });
/** PostgreSQL's not-null date defaulting to the time of the insert. */
export const postgresTimestampNow = <TName extends string>(name: TName) =>
	postgresTimestamp(name).notNull().defaultNow();

/**
 * The PostgreSQL builders behind the kit's (SQLite) types. Each builder's modifiers the tables
 * use (notNull, default, references, unique, primaryKey, $type) exist on both engines' builders
 * with the same meaning, so the same description runs through either.
 */
const postgresImplementation = {
	engine: 'postgresql',
	table: pgTable,
	id: () => pgInteger('id').primaryKey().generatedByDefaultAsIdentity(),
	text: (name: string, config?: { enum: Readonly<[string, ...string[]]> }) =>
		pgText(name, config as { enum: [string, ...string[]] } | undefined),
	integer: (name: string) => pgInteger(name),
	boolean: (name: string) => pgBoolean(name),
	timestamp: postgresTimestamp,
	timestampNow: postgresTimestampNow,
	epoch: sql`to_timestamp(0)`,
	textList: (name: string) => jsonb(name).$type<string[]>().notNull().default([]),
	double: (name: string) => doublePrecision(name),
	index: pgIndex,
	uniqueIndex: pgUniqueIndex,
	check: pgCheck,
} satisfies Record<keyof SchemaKit, unknown>;

export const postgresKit = postgresImplementation as unknown as SchemaKit;

/** A pg-core column with the same name, data, nullability and defaults as a kit (SQLite) column. */
type AsPostgresColumn<TColumn> =
	TColumn extends SQLiteColumn<infer TConfig, object, infer TTypeConfig>
		? // biome-ignore lint/complexity/noBannedTypes: `{}` is PgColumn's own default for this parameter; the type must match it
			PgColumn<TConfig, {}, TTypeConfig>
		: never;

/**
 * The types of the PostgreSQL instance of shared tables: each kit table as a pg-core table with
 * the same columns, so pg-core queries (select, insert, joins) take them as they took the tables
 * of the former PostgreSQL schema file. Relations and anything else pass through unchanged.
 */
export type AsPostgres<TSchema> = {
	[Key in keyof TSchema]: TSchema[Key] extends SQLiteTable<infer TConfig>
		? PgTableWithColumns<{
				name: TConfig['name'];
				schema: undefined;
				columns: {
					[Column in keyof TConfig['columns']]: AsPostgresColumn<TConfig['columns'][Column]>;
				};
				dialect: 'pg';
			}>
		: TSchema[Key];
};
