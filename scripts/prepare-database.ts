/**
 * Migrates the configured database and seeds demo content when it is empty. Shared by
 * `npm start`, `npm run serve` and `npm run db:migrate`.
 */
import { seedIfEmpty } from '@db/seed/index';
import { config } from '@/server/config';
import { closeDatabase, db } from '@/server/db';

export async function prepareDatabase({ seed }: { seed: boolean }): Promise<void> {
	const database = db(); // opening applies pending migrations
	console.log(`[db] ${config().databasePath} migrated`);
	if (seed) {
		const seeded = await seedIfEmpty(database);
		console.log(seeded ? '[db] demo content seeded' : '[db] database has content; seed skipped');
	}
	closeDatabase();
}
