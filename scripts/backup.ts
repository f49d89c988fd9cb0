/**
 * `npm run db:backup -- FILE`: an online backup of the configured database (DATABASE_PATH) that
 * is safe to take while the server keeps writing.
 *
 * It uses SQLite's online backup API (better-sqlite3's `db.backup`) from a read-only connection
 * of its own, so it neither migrates nor blocks writers (WAL mode lets them go on). All pages
 * are copied in one backup step, which runs inside one read transaction: the copy is one
 * consistent snapshot, and a write arriving meanwhile cannot make the backup restart forever.
 *
 * The copy goes to a temporary file beside FILE, is switched to rollback-journal mode (so the
 * backup is one self-contained file, no -wal beside it) and checked with
 * `PRAGMA integrity_check`; only a copy that passes is renamed over FILE, so a failed run never
 * replaces an earlier good backup. Restore: see "Backup and restore" in the README.
 *
 * On PostgreSQL (DATABASE_URL set) it runs `pg_dump --format=custom`, itself one consistent
 * snapshot taken without blocking writers, into a temporary file beside FILE, checks that
 * `pg_restore --list` can read the whole archive, and only then renames it over FILE.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { config, databaseName } from '@/server/config';

const USAGE =
	'Usage: npm run db:backup -- <backup-file>   (the source is DATABASE_URL if set, else DATABASE_PATH)';

/** Tables whose row counts the summary prints, when the database has them. */
const COUNTED_TABLES = [
	'users',
	'sessions',
	'platforms',
	'platform_ratings',
	'platform_comments',
	'comment_votes',
	'articles',
	'podcast_episodes',
	'static_pages',
];

/** Copy every remaining page in the next step (sqlite3_backup_step's page count is an int). */
const ALL_PAGES = 0x7fffffff;

class BackupError extends Error {}

function targetPath(args: string[]): string {
	const positional = args.filter((arg) => arg !== '--');
	if (positional.includes('--help') || positional.includes('-h')) {
		console.log(USAGE);
		process.exit(0);
	}
	if (positional.length !== 1 || !positional[0]) throw new BackupError(USAGE);
	return resolve(positional[0]);
}

function checkTarget(target: string, source: string): void {
	if ([source, `${source}-wal`, `${source}-shm`].includes(target)) {
		throw new BackupError(`Refusing to write the backup over the live database (${target}).`);
	}
	const folder = dirname(target);
	if (!existsSync(folder) || !statSync(folder).isDirectory()) {
		throw new BackupError(`Cannot write ${target}: the folder ${folder} does not exist.`);
	}
	if (existsSync(target) && statSync(target).isDirectory()) {
		throw new BackupError(`Cannot write ${target}: it is a directory.`);
	}
}

function openSource(source: string): Database.Database {
	if (!existsSync(source)) {
		throw new BackupError(
			`No database at ${source} (set DATABASE_PATH to the database to back up).`,
		);
	}
	try {
		const sqlite = new Database(source, { readonly: true, fileMustExist: true });
		sqlite.pragma('busy_timeout = 5000');
		// Reading the schema proves it is a SQLite database before any file is written.
		sqlite.prepare('SELECT count(*) FROM sqlite_master').get();
		return sqlite;
	} catch (error) {
		throw new BackupError(`Cannot read the database ${source}: ${message(error)}`);
	}
}

function rowCounts(sqlite: Database.Database): Array<[string, number]> {
	const present = new Set(
		sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[],
	);
	return COUNTED_TABLES.filter((table) => present.has(table)).map((table) => [
		table,
		sqlite.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number,
	]);
}

/** Makes the copy a single file and checks it; returns its row counts. */
function verifyCopy(file: string): Array<[string, number]> {
	const copy = new Database(file, { fileMustExist: true });
	try {
		copy.pragma('journal_mode = DELETE');
		const problems = copy.pragma('integrity_check', { simple: false }) as Array<{
			integrity_check: string;
		}>;
		const result = problems.map((row) => row.integrity_check);
		if (result.length !== 1 || result[0] !== 'ok') {
			throw new BackupError(`The copy failed PRAGMA integrity_check:\n  ${result.join('\n  ')}`);
		}
		return rowCounts(copy);
	} finally {
		copy.close();
	}
}

/** A temporary file in the target's folder, so the final rename stays on one file system. */
function tempBeside(target: string): string {
	return join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
}

/** Puts a checked copy in place of the target, and makes the rename itself reach the disk. */
function replaceDurably(copy: string, target: string): void {
	renameSync(copy, target);
	syncFolder(dirname(target));
}

/** Makes the rename itself durable (the new directory entry reaches the disk). */
function syncFolder(folder: string): void {
	const fd = openSync(folder, 'r');
	try {
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
}

function message(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** Runs a PostgreSQL client tool; its own message on failure (a missing tool says how to get it). */
function runClientTool(tool: string, args: string[]): string {
	const result = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
		throw new BackupError(
			`${tool} is missing: install PostgreSQL's client tools (apt-get install -y postgresql-client), as new as the server.`,
		);
	}
	if (result.status !== 0) {
		throw new BackupError(
			`${tool} failed: ${(result.stderr || result.error?.message || '').trim()}`,
		);
	}
	return result.stdout;
}

function backupPostgres(url: string, target: string): void {
	const temp = tempBeside(target);
	const startedAt = performance.now();
	try {
		// The URL travels as an argument to the child only, never into the log.
		runClientTool('pg_dump', ['--format=custom', '--no-owner', '--file', temp, '--dbname', url]);
		const contents = runClientTool('pg_restore', ['--list', temp]);
		const tables = contents.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
		replaceDurably(temp, target);
		const elapsedMs = Math.round(performance.now() - startedAt);
		console.log(`Backed up ${databaseName(config())}`);
		console.log(
			`       to ${target} (${statSync(target).size} bytes, ${elapsedMs} ms); pg_restore --list: ${tables} tables`,
		);
	} finally {
		rmSync(temp, { force: true });
	}
}

async function main(): Promise<void> {
	const { databaseUrl, databasePath: source } = config();
	const target = targetPath(process.argv.slice(2));
	if (databaseUrl) {
		checkTarget(target, '');
		backupPostgres(databaseUrl, target);
		return;
	}
	checkTarget(target, source);
	const sqlite = openSource(source);
	const temp = tempBeside(target);
	const startedAt = performance.now();
	try {
		try {
			await sqlite.backup(temp, { progress: () => ALL_PAGES });
		} catch (error) {
			throw new BackupError(`Cannot write the backup to ${temp}: ${message(error)}`);
		}
		const counts = verifyCopy(temp);
		replaceDurably(temp, target);
		const elapsedMs = Math.round(performance.now() - startedAt);
		const size = statSync(target).size;
		console.log(`Backed up ${source}`);
		console.log(`       to ${target} (${size} bytes, ${elapsedMs} ms); integrity_check: ok`);
		for (const [table, rows] of counts) console.log(`  ${table.padEnd(18)} ${rows}`);
	} finally {
		sqlite.close();
		for (const leftover of [temp, `${temp}-journal`, `${temp}-wal`, `${temp}-shm`]) {
			rmSync(leftover, { force: true });
		}
	}
}

main().catch((error: unknown) => {
	console.error(`Backup failed: ${message(error)}`);
	process.exitCode = 1;
});
