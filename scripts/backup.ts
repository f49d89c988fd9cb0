/**
 * `npm run db:backup -- FILE`: an online backup of the configured database (DATABASE_URL if
 * set, else DATABASE_PATH) that is safe to take while the server keeps writing. The engine
 * takes it (src/server/db/backup-sqlite.ts, backup-postgres.ts): one consistent snapshot,
 * written beside FILE, checked, and only then renamed over FILE, so a failed run never replaces
 * an earlier good backup. On SQLite the media library's files are copied beside it
 * (`FILE.media/`). Restore: see "Backup and restore" in the README.
 */
import { resolve } from 'node:path';
import { engine } from '@/server/db';
import { BackupError, message } from '@/server/db/backup';
import { backupMediaFiles } from '@/server/media/backup';

const USAGE =
	'Usage: npm run db:backup -- <backup-file>   (the source is DATABASE_URL if set, else DATABASE_PATH)';

function targetPath(args: string[]): string {
	const positional = args.filter((arg) => arg !== '--');
	if (positional.includes('--help') || positional.includes('-h')) {
		console.log(USAGE);
		process.exit(0);
	}
	if (positional.length !== 1 || !positional[0]) throw new BackupError(USAGE);
	return resolve(positional[0]);
}

async function main(): Promise<void> {
	const target = targetPath(process.argv.slice(2));
	// Backing up never opens the app's connection: each engine reads through its own.
	for (const line of await engine().backup(target)) console.log(line);
	// After the database: every file a backed-up row names was written before its row.
	for (const line of backupMediaFiles(target)) console.log(line);
}

main().catch((error: unknown) => {
	console.error(`Backup failed: ${message(error)}`);
	process.exitCode = 1;
});
