/**
 * The migration that recounts every platform's stored rating when banned authors' and
 * representatives' own reviews stop counting, on both engines: a platform rated before it
 * comes out with the numbers the ratings service would now keep.
 */
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import * as sqliteSchema from '@db/schema';
import { averageRating } from '@/lib/ratings';
import { emptyPostgresDatabase, type TestPostgres } from '../support/postgres-databases';
import { upgradeMigrations } from '../support/migrations';

let postgres: TestPostgres | undefined;

afterAll(async () => {
	await postgres?.close();
});

/** A copy of a migrations folder whose journal stops before the recount. */
const foldersAroundRecount = upgradeMigrations('_recount_platform_ratings');

/**
 * Platform 1 rated 5 (an ordinary reader), 1 (a banned reader) and 2 (its representative),
 * stored as if all three counted; platform 2 rated only by the banned reader. `t`, `f` and
 * `now` are the engine's spellings of true, false and a timestamp.
 */
function history(t: string, f: string, now: string): SQL[] {
	return [
		sql.raw(`insert into users (id, username, email, password_hash, is_banned, created_at) values
			(1, 'reader', 'r@example.com', 'x', ${f}, ${now}),
			(2, 'banned', 'b@example.com', 'x', ${t}, ${now}),
			(3, 'rep', 'p@example.com', 'x', ${f}, ${now})`),
		sql.raw(`insert into platforms (id, name, description, pricing, category, rating, review_count, features, pros, cons, created_at, updated_at) values
			(1, 'One', 'd', 'CPM', 'DSP', 2.7, 3, '[]', '[]', '[]', ${now}, ${now}),
			(2, 'Two', 'd', 'CPM', 'DSP', 1, 1, '[]', '[]', '[]', ${now}, ${now})`),
		sql.raw(`insert into platform_representatives (user_id, platform_id, created_at) values
			(3, 1, ${now})`),
		sql.raw(`insert into platform_ratings (platform_id, user_id, rating, created_at, updated_at) values
			(1, 1, 5, ${now}, ${now}),
			(1, 2, 1, ${now}, ${now}),
			(1, 3, 2, ${now}, ${now}),
			(2, 2, 1, ${now}, ${now})`),
	];
}

const expected = [
	{ id: 1, rating: averageRating(5, 1), reviewCount: 1 },
	{ id: 2, rating: 0, reviewCount: 0 },
];

describe('stored platform numbers when the recount migration runs', () => {
	it('SQLite: banned authors and representatives leave the stored numbers', () => {
		const { before, all } = foldersAroundRecount(resolve('db/migrations'));
		const db = drizzle(new Database(':memory:'), { schema: sqliteSchema });
		migrateSqlite(db, { migrationsFolder: before });
		for (const statement of history('1', '0', '0')) db.run(statement);
		migrateSqlite(db, { migrationsFolder: all });
		const rows = db.all<{ id: number; rating: number; reviewCount: number }>(
			sql`select id, rating, review_count as "reviewCount" from platforms order by id`,
		);
		expect(rows).toEqual(expected);
	});

	it('PostgreSQL: banned authors and representatives leave the stored numbers', async () => {
		const { before, all } = foldersAroundRecount(resolve('db/migrations-postgres'));
		postgres = await emptyPostgresDatabase();
		const { db } = postgres;
		await migratePostgres(db, { migrationsFolder: before });
		for (const statement of history('true', 'false', 'now()')) await db.execute(statement);
		await migratePostgres(db, { migrationsFolder: all });
		const { rows } = await db.execute<{ id: number; rating: number; reviewCount: number }>(
			sql`select id, rating, review_count as "reviewCount" from platforms order by id`,
		);
		expect(rows).toEqual(expected);
	});
});
