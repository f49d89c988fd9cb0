/**
 * The migration that brings address verification, on both engines: accounts that existed
 * before it come out verified (a live site keeps sending its newsletter to them). New accounts
 * are unverified because createAccount says so (tests/api/email-verification.test.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import * as sqliteSchema from '@db/schema';
import { schema as postgresSchema } from '@/server/db/postgres-connection';
import { emptyPostgresDatabase, type TestPostgres } from '../support/postgres-databases';

const folders: string[] = [];
let postgres: TestPostgres | undefined;

afterAll(async () => {
	for (const folder of folders) rmSync(folder, { recursive: true, force: true });
	await postgres?.close();
});

/**
 * A copy of a migrations folder whose journal stops before the first migration that adds
 * users.email_verified: the database as it was before verification existed.
 */
function foldersAroundVerification(source: string): { before: string; all: string } {
	const before = mkdtempSync(join(tmpdir(), 'migrations-before-'));
	folders.push(before);
	cpSync(source, before, { recursive: true });
	const journalPath = join(before, 'meta', '_journal.json');
	const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
		entries: Array<{ tag: string }>;
	};
	const first = journal.entries.findIndex((entry) =>
		readFileSync(join(source, `${entry.tag}.sql`), 'utf8').includes('email_verified'),
	);
	expect(first).toBeGreaterThan(0);
	journal.entries = journal.entries.slice(0, first);
	writeFileSync(journalPath, JSON.stringify(journal));
	return { before, all: source };
}

describe('existing accounts when the verification migration runs', () => {
	it('SQLite: accounts older than the migration come out verified', () => {
		const { before, all } = foldersAroundVerification(resolve('db/migrations'));
		const db = drizzle(new Database(':memory:'), { schema: sqliteSchema });
		migrateSqlite(db, { migrationsFolder: before });
		db.run(
			sql`insert into users (username, email, password_hash, is_newsletter_subscribed, created_at)
				values ('old_reader', 'old@example.com', 'x', 1, 0)`,
		);
		migrateSqlite(db, { migrationsFolder: all });
		const { users } = sqliteSchema;
		const old = db.select().from(users).where(eq(users.username, 'old_reader')).get();
		expect(old).toMatchObject({ emailVerified: true, isNewsletterSubscribed: true });
	});

	it('PostgreSQL: accounts older than the migration come out verified', async () => {
		const { before, all } = foldersAroundVerification(resolve('db/migrations-postgres'));
		postgres = await emptyPostgresDatabase();
		const { db } = postgres;
		await migratePostgres(db, { migrationsFolder: before });
		await db.execute(
			sql`insert into users (username, email, password_hash, is_newsletter_subscribed)
				values ('old_reader', 'old@example.com', 'x', true)`,
		);
		await migratePostgres(db, { migrationsFolder: all });
		const { users } = postgresSchema;
		const [old] = await db.select().from(users).where(eq(users.username, 'old_reader'));
		expect(old).toMatchObject({ emailVerified: true, isNewsletterSubscribed: true });
	});
});
