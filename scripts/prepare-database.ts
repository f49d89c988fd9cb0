/**
 * Migrates the configured database and seeds demo content when it is empty. Shared by
 * `npm start`, `npm run serve` and `npm run db:migrate`.
 */
import { seedIfEmpty } from './seed/index';
import { hashPassword } from '@/server/auth/password';
import { config, databaseName } from '@/server/runtime/config';
import { closeDatabase, engine } from '@/server/db';

/** `report` gets each line (the server logs them as JSON; `db:migrate` prints them). */
export async function prepareDatabase({
	seed,
	report = (line) => console.log(`[db] ${line}`),
}: {
	seed: boolean;
	report?: (line: string) => void;
}): Promise<void> {
	// On PostgreSQL under the migration lock: of several nodes starting together, one migrates
	// and seeds.
	const { seeded } = await engine().prepare(
		seed ? (database) => seedIfEmpty(database, hashPassword) : undefined,
	);
	report(`${databaseName(config())} migrated`);
	if (seed) report(seeded ? 'demo content seeded' : 'database has content; seed skipped');
	await closeDatabase();
}
