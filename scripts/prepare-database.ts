/**
 * Migrates the configured database and seeds demo content when it is empty. Shared by
 * `npm start`, `npm run serve` and `npm run db:migrate`.
 */
import { seedIfEmpty } from '@db/seed/index';
import { hashPassword } from '@/server/auth/password';
import { config, databaseName } from '@/server/config';
import { closeDatabase, db, postgresDatabase, type AppDatabase } from '@/server/db';
import { migratePostgres } from '@/server/db/postgres';

/** `report` gets each line (the server logs them as JSON; `db:migrate` prints them). */
export async function prepareDatabase({
	seed,
	report = (line) => console.log(`[db] ${line}`),
}: {
	seed: boolean;
	report?: (line: string) => void;
}): Promise<void> {
	const settings = config();
	const postgres = postgresDatabase();
	let seeded: boolean | undefined;
	if (postgres) {
		// Under the migration lock: of several nodes starting together, one migrates and seeds.
		await migratePostgres(postgres, {
			seedIfEmpty: seed
				? async (locked) => (seeded = await seedIfEmpty(locked as unknown as AppDatabase, hashPassword))
				: undefined,
		});
		report(`${databaseName(settings)} migrated`);
	} else {
		const database = db(); // opening applies pending migrations
		report(`${databaseName(settings)} migrated`);
		if (seed) seeded = await seedIfEmpty(database, hashPassword);
	}
	if (seed)
		report(seeded ? 'demo content seeded' : 'database has content; seed skipped');
	await closeDatabase();
}
