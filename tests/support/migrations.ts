/**
 * Upgrade tests of SQLite migrations: a database made by the migrations before a given one,
 * written to the old way, then opened with every migration as a started server would.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openDatabase, type AppDatabase } from '@/server/db';
import { tempDirPerFile } from './temp-dirs';

type JournalEntry = { idx: number; tag: string };

/**
 * A copy, in `dir`, of the migrations folder `source` whose journal stops before the migration
 * whose tag ends with `tagSuffix`; `all` is the folder itself. For upgrade tests on either engine.
 */
export function migrationsAround(
	source: string,
	tagSuffix: string,
	dir: string,
): { before: string; all: string } {
	const before = join(dir, 'migrations-before');
	cpSync(source, before, { recursive: true });
	const journalPath = join(before, 'meta/_journal.json');
	const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: JournalEntry[] };
	const upgrade = journal.entries.find((entry) => entry.tag.endsWith(tagSuffix));
	if (!upgrade) throw new Error(`no migration ends with ${tagSuffix}`);
	journal.entries = journal.entries.filter((entry) => entry.idx < upgrade.idx);
	writeFileSync(journalPath, JSON.stringify(journal));
	return { before, all: source };
}

/**
 * For an upgrade test file (call at its top level): `around(source)` answers migrationsAround for
 * the migration whose tag ends with `tagSuffix`, its shortened copy in a folder of the file's own,
 * removed after the file.
 */
export function upgradeMigrations(tagSuffix: string): (source: string) => { before: string; all: string } {
	const dir = tempDirPerFile('migrations-');
	return (source) => {
		// One folder per migrations folder: the SQLite and the PostgreSQL copies side by side.
		const copy = join(dir, basename(source));
		mkdirSync(copy, { recursive: true });
		return migrationsAround(source, tagSuffix, copy);
	};
}

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
	const { before: migrations } = migrationsAround('db/migrations', tagSuffix, dir);
	const old = openDatabase(path, migrations);
	try {
		arrange(old);
	} finally {
		old.$client.close();
	}
	return openDatabase(path);
}

type OldArticle = {
	kind?: 'news' | 'education';
	title: string;
	excerpt?: string;
	content?: string;
	category?: string;
	isPublished?: boolean;
	createdAt?: Date;
};

/**
 * Writes an article into a database migrated only part of the way, naming only the columns of
 * the first migration's table: the current schema names columns later migrations add, which the
 * older table lacks. Dates as SQLite's kit stores them (milliseconds), tags as JSON text.
 */
export function insertOldArticle(old: AppDatabase, article: OldArticle): { id: number } {
	const created = (article.createdAt ?? new Date()).getTime();
	const { lastInsertRowid } = old.$client
		.prepare(
			`insert into articles (kind, title, excerpt, content, category, tags, is_published, created_at, updated_at)
			 values (?, ?, ?, ?, ?, '[]', ?, ?, ?)`,
		)
		.run(
			article.kind ?? 'news',
			article.title,
			article.excerpt ?? 'An excerpt.',
			article.content ?? 'Body.',
			article.category ?? 'Trends',
			article.isPublished === false ? 0 : 1,
			created,
			created,
		);
	return { id: Number(lastInsertRowid) };
}
