/**
 * The migration that fills every platform's kept breakdown (counted reviews per star and the
 * sub-score averages) once, on both engines: a platform rated before the breakdown was kept
 * comes out with the figures the ratings service keeps now, banned authors' and its
 * representative's reviews left out.
 */
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import * as sqliteSchema from '@db/schema';
import { emptyPostgresDatabase, type TestPostgres } from '../support/postgres-databases';
import { upgradeMigrations } from '../support/migrations';

let postgres: TestPostgres | undefined;

afterAll(async () => {
	await postgres?.close();
});

const foldersAroundBackfill = upgradeMigrations('_backfill_rating_breakdown');

/**
 * Platform 1 rated 5 and 4 by readers (sub-scores 5 and 4, and 2 and none), 1 by a banned
 * reader and 2 by its representative; platform 2 not rated.
 */
function history(t: string, f: string, now: string): SQL[] {
	return [
		sql.raw(`insert into users (id, username, email, password_hash, is_banned, created_at) values
			(1, 'reader', 'r@example.com', 'x', ${f}, ${now}),
			(2, 'other', 'o@example.com', 'x', ${f}, ${now}),
			(3, 'banned', 'b@example.com', 'x', ${t}, ${now}),
			(4, 'rep', 'p@example.com', 'x', ${f}, ${now})`),
		sql.raw(`insert into platforms (id, name, description, pricing, category, features, pros, cons, created_at, updated_at) values
			(1, 'One', 'd', 'CPM', 'DSP', '[]', '[]', '[]', ${now}, ${now}),
			(2, 'Two', 'd', 'CPM', 'DSP', '[]', '[]', '[]', ${now}, ${now})`),
		sql.raw(`insert into platform_representatives (user_id, platform_id, created_at) values (4, 1, ${now})`),
		sql.raw(`insert into platform_ratings (platform_id, user_id, rating, ease_of_use, support, created_at, updated_at) values
			(1, 1, 5, 5, 2, ${now}, ${now}),
			(1, 2, 4, 4, null, ${now}, ${now}),
			(1, 3, 1, 1, 1, ${now}, ${now}),
			(1, 4, 2, 1, 1, ${now}, ${now})`),
	];
}

const figures = sql`select id, stars_1 as "s1", stars_2 as "s2", stars_3 as "s3", stars_4 as "s4", stars_5 as "s5",
	ease_of_use_average as "easeOfUse", support_average as "support", measurement_average as "measurement"
	from platforms order by id`;

const expected = [
	{ id: 1, s1: 0, s2: 0, s3: 0, s4: 1, s5: 1, easeOfUse: 4.5, support: 2, measurement: null },
	{ id: 2, s1: 0, s2: 0, s3: 0, s4: 0, s5: 0, easeOfUse: null, support: null, measurement: null },
];

describe('the kept rating breakdown when the backfill migration runs', () => {
	it('SQLite: counted reviews per star and sub-score averages', () => {
		const { before, all } = foldersAroundBackfill(resolve('db/migrations'));
		const db = drizzle(new Database(':memory:'), { schema: sqliteSchema });
		migrateSqlite(db, { migrationsFolder: before });
		for (const statement of history('1', '0', '0')) db.run(statement);
		migrateSqlite(db, { migrationsFolder: all });
		expect(db.all(figures)).toEqual(expected);
	});

	it('PostgreSQL: counted reviews per star and sub-score averages', async () => {
		const { before, all } = foldersAroundBackfill(resolve('db/migrations-postgres'));
		postgres = await emptyPostgresDatabase();
		const { db } = postgres;
		await migratePostgres(db, { migrationsFolder: before });
		for (const statement of history('true', 'false', 'now()')) await db.execute(statement);
		await migratePostgres(db, { migrationsFolder: all });
		const { rows } = await db.execute(figures);
		expect(rows).toEqual(expected);
	});
});
