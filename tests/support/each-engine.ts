/**
 * Unit files that run the services in their own process on each engine in turn: SQLite in a
 * temporary folder, then a fresh PostgreSQL database of the run's cluster. The folder and the
 * databases go when the file ends.
 */
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { chooseEngine, closeDatabase } from '@/server/db';
import { postgresTestDatabase, type TestPostgres } from './postgres-databases';
import { tempDirPerFile } from './temp-dirs';

export const ENGINES = ['sqlite', 'postgres'] as const;
export type EngineName = (typeof ENGINES)[number];

/**
 * Call at a file's top level; `choose(name)` (in each engine's beforeAll) closes the database in
 * use and opens the engine named, on a database of its own.
 */
export function engineSwitch(prefix: string): { choose: (name: EngineName) => Promise<void> } {
	const dir = tempDirPerFile(prefix);
	const postgresDatabases: TestPostgres[] = [];
	afterAll(async () => {
		await closeDatabase();
		await Promise.all(postgresDatabases.map((database) => database.close()));
	});
	return {
		async choose(name) {
			await closeDatabase();
			if (name === 'sqlite') {
				chooseEngine({ databasePath: join(dir, 'app.db') });
				return;
			}
			const database = await postgresTestDatabase();
			postgresDatabases.push(database);
			chooseEngine({ databaseUrl: database.url, databasePath: join(dir, 'unused.db') });
		},
	};
}
