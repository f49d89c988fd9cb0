/**
 * Upgrade tests of SQLite migrations: a database made by the migrations before a given one,
 * written to the old way, then opened with every migration as a started server would.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type AppDatabase } from '@/server/db';

type JournalEntry = { idx: number; tag: string };

/**
 * Opens (creating) the SQLite file at `path` migrated up to, not including, the migration whose
 * tag ends with `tagSuffix`, runs `arrange` on it, closes it, and answers it opened again with
 * every migration applied. `dir` receives the shortened copy of the migrations.
 */
export function upgradedDatabase(
	dir: string,
	path: string,
	tagSuffix: string,
	arrange: (old: AppDatabase) => void,
): AppDatabase {
	const migrations = join(dir, 'migrations-before');
	cpSync('db/migrations', migrations, { recursive: true });
	const journalPath = join(migrations, 'meta/_journal.json');
	const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: JournalEntry[] };
	const upgrade = journal.entries.find((entry) => entry.tag.endsWith(tagSuffix));
	if (!upgrade) throw new Error(`no migration ends with ${tagSuffix}`);
	journal.entries = journal.entries.filter((entry) => entry.idx < upgrade.idx);
	writeFileSync(journalPath, JSON.stringify(journal));
	const old = openDatabase(path, migrations);
	try {
		arrange(old);
	} finally {
		old.$client.close();
	}
	return openDatabase(path);
}
