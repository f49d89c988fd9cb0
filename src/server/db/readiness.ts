/**
 * Readiness of this node's database, for `GET /readyz`: the database answers, and it has every
 * migration this version ships. A load balancer sends traffic only to ready nodes, so a node
 * whose database is away, or whose schema is older than its code (another node is still
 * migrating), is left out until it is not.
 *
 * One check per engine, the same shape; the running engine's is `engine().readiness()`.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from './migrations';
import { postgresReady, type PostgresDatabase } from './postgres-connection';
import type { Readiness, ReadinessCheck } from './types';

export type { Readiness, ReadinessCheck };

const NOT_MIGRATED: Readiness = {
	ready: false,
	message: 'The database does not have the migrations of this version yet.',
};

/** The creation time (drizzle's folderMillis) of the newest migration in a folder. */
function newestMigration(folder: string): number {
	return readMigrationFiles({ migrationsFolder: folder }).at(-1)?.folderMillis ?? 0;
}

/**
 * SQLite: opens the file read-only for each check, so the check never creates, migrates or
 * locks it, and sees the file a restore may have put in place since the last check.
 */
export function sqliteReadiness(path: string, folder = migrationsFolder()): ReadinessCheck {
	let newest: number | undefined;
	return async () => {
		// Read once, on the first probe: a missing folder then fails the probe, not the start.
		newest ??= newestMigration(folder);
		if (!existsSync(path)) return { ready: false, message: 'The database file does not exist.' };
		let sqlite: Database.Database | undefined;
		try {
			sqlite = new Database(path, { readonly: true, fileMustExist: true });
			const row = sqlite.prepare('select max(created_at) as applied from __drizzle_migrations').get() as
				| { applied: number | null }
				| undefined;
			return Number(row?.applied ?? 0) >= newest ? { ready: true } : NOT_MIGRATED;
		} catch (error) {
			// No migrations table means nothing was ever applied; anything else is an unreadable file.
			if (error instanceof Error && /no such table/.test(error.message)) return NOT_MIGRATED;
			return { ready: false, message: 'The database cannot be read.' };
		} finally {
			sqlite?.close();
		}
	};
}

/**
 * PostgreSQL: postgresReady() (reachable and migrated), told apart for the message by a plain
 * round trip.
 */
export function postgresReadiness(database: PostgresDatabase): ReadinessCheck {
	return async () => {
		if (await postgresReady(database)) return { ready: true };
		try {
			await database.$client.query('select 1');
		} catch {
			return { ready: false, message: 'The database does not answer.' };
		}
		return NOT_MIGRATED;
	};
}
