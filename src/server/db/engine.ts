/**
 * The one place that knows which engine runs. An Engine holds everything that differs between
 * SQLite and PostgreSQL: the connection, transactions, the few SQL spellings that differ,
 * hand-written statements, unique-violation codes, migrating (and seeding under the engine's
 * rules), readiness and backup. The engine is chosen once, from DATABASE_URL, on first use; the
 * rest of the house asks the engine, never which engine it is. Subjects whose storage differs
 * per engine give both adapters to byEngine() and get the running engine's.
 */
import { config, environmentNamesPostgres } from '@/server/runtime/config';
import type { PostgresDatabase } from './postgres-connection';
import { postgresDialect, postgresEngine } from './postgres-engine';
import { sqliteDialect, sqliteEngine } from './sqlite-engine';
import { bindTables } from './tables';
import type { DatabaseSettings, Engine } from './types';

let current: Engine | undefined;

/**
 * The tables of the engine the environment names, which engine() will choose: bound until an
 * engine is chosen, so the tables are the right engine's from the first import on.
 */
function environmentTables() {
	return environmentNamesPostgres() ? postgresDialect.tables : sqliteDialect.tables;
}

bindTables(environmentTables());

/** The running engine, chosen on first use from the configuration. */
export function engine(): Engine {
	return current ?? chooseEngine(config());
}

/**
 * Chooses the engine for `settings` and binds its tables. The server and scripts never call it
 * (engine() chooses from the configuration); a test that runs the services on each engine in
 * turn closes one (closeDatabase) and chooses the next.
 */
export function chooseEngine(settings: DatabaseSettings): Engine {
	if (current) throw new Error('A database is already open: close it before choosing another.');
	current = settings.databaseUrl ? postgresEngine(settings.databaseUrl) : sqliteEngine(settings.databasePath);
	bindTables(current.tables);
	generation += 1;
	return current;
}

/** Closes the running engine's connection; the next use chooses again. */
export async function closeDatabase(): Promise<void> {
	const closing = current;
	current = undefined;
	bindTables(environmentTables());
	await closing?.close();
}

/** Counts engine choices, so byEngine() answers anew after a test switched engines. */
let generation = 0;

/**
 * The adapter of the running engine, made once per engine by the matching factory: the one call
 * through which a subject whose storage differs per engine gets its storage. The PostgreSQL
 * factory gets the pool (opened then); the SQLite one opens nothing (its adapter may use db()).
 */
export function byEngine<T>(adapters: { sqlite: () => T; postgres: (pool: PostgresDatabase) => T }): () => T {
	let made: { generation: number; adapter: T } | undefined;
	return () => {
		const running = engine();
		if (made?.generation !== generation) {
			made = {
				generation,
				adapter: running.name === 'postgres' ? adapters.postgres(running.postgres()!) : adapters.sqlite(),
			};
		}
		return made.adapter;
	};
}
