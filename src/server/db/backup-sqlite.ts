/**
 * SQLite's backup: the online backup API (better-sqlite3's `db.backup`) from a read-only
 * connection of its own, so it neither migrates nor blocks writers (WAL mode lets them go on).
 * All pages are copied in one backup step, which runs inside one read transaction: the copy is
 * one consistent snapshot, and a write arriving meanwhile cannot make the backup restart
 * forever. The copy is switched to rollback-journal mode (one self-contained file, no -wal beside
 * it) and checked with `PRAGMA integrity_check` before it replaces the target.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { BackupError, checkTarget, message, replaceDurably, tempBeside } from './backup';

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

function openSource(source: string): Database.Database {
	if (!existsSync(source)) {
		throw new BackupError(`No database at ${source} (set DATABASE_PATH to the database to back up).`);
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

export async function backupSqlite(source: string, target: string): Promise<string[]> {
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
		return [
			`Backed up ${source}`,
			`       to ${target} (${size} bytes, ${elapsedMs} ms); integrity_check: ok`,
			...counts.map(([table, rows]) => `  ${table.padEnd(18)} ${rows}`),
		];
	} finally {
		sqlite.close();
		for (const leftover of [temp, `${temp}-journal`, `${temp}-wal`, `${temp}-shm`]) {
			rmSync(leftover, { force: true });
		}
	}
}
