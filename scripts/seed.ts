/**
 * `npm run db:seed`: fills the configured database (DATABASE_PATH or DATABASE_URL) with demo
 * content, but only when nobody has used it yet, so running it against a live site is harmless.
 */
import { config, databaseName } from '@/server/runtime/config';
import { closeDatabase, db } from '@/server/db';
import { DEMO_ACCOUNTS, contentCounts, seedIfEmpty } from './seed/index';
import { hashPassword } from '@/server/auth/password';

async function main(): Promise<void> {
	const database = db();
	const startedAt = performance.now();
	const seeded = await seedIfEmpty(database, hashPassword);
	const elapsedMs = Math.round(performance.now() - startedAt);
	const target = databaseName(config());
	if (!seeded) {
		console.log(`${target} already has content; nothing seeded.`);
		return;
	}
	const counts = await contentCounts(database);
	console.log(`Seeded ${target} in ${elapsedMs} ms:`);
	for (const [table, rows] of Object.entries(counts)) console.log(`  ${table.padEnd(10)} ${rows}`);
	console.log('Demo sign-ins:');
	for (const account of Object.values(DEMO_ACCOUNTS)) {
		console.log(`  ${account.role.padEnd(6)} ${account.email} / ${account.password}`);
	}
}

main()
	.catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exitCode = 1;
	})
	.finally(closeDatabase);
