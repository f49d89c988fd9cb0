/**
 * The migration that gives review mentions a retired generation, on both engines: a mention
 * holds every generation from its own until one retires it, so the generations older than the
 * platform's pointer that a recompute had not yet deleted go with it; the current generation and
 * one half written beyond it stay (a reader of the current one sees neither extra).
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

const foldersAroundRetired = upgradeMigrations('_review_themes_retired');

/**
 * Platform 1 points to generation 2, with a generation 1 left behind and a generation 3 half
 * written; platform 2 points to generation 1. `now` is the engine's spelling of a timestamp.
 */
function history(now: string): SQL[] {
	return [
		sql.raw(`insert into users (id, username, email, password_hash, created_at) values
			(1, 'a', 'a@example.com', 'x', ${now}), (2, 'b', 'b@example.com', 'x', ${now})`),
		sql.raw(`insert into platforms (id, name, slug, description, pricing, category, features, pros, cons, themes_generation, created_at, updated_at) values
			(1, 'One', 'one', 'd', 'CPM', 'DSP', '[]', '[]', '[]', 2, ${now}, ${now}),
			(2, 'Two', 'two', 'd', 'CPM', 'DSP', '[]', '[]', '[]', 1, ${now}, ${now})`),
		sql.raw(`insert into platform_ratings (id, platform_id, user_id, rating, created_at, updated_at) values
			(1, 1, 1, 5, ${now}, ${now}), (2, 1, 2, 4, ${now}, ${now}), (3, 2, 1, 4, ${now}, ${now})`),
		sql.raw(`insert into review_themes (rating_id, platform_id, side, theme, generation) values
			(1, 1, 'likes', 'dashboard', 1), (2, 1, 'likes', 'dashboard', 1),
			(1, 1, 'likes', 'dashboard', 2), (2, 1, 'likes', 'dashboard', 2),
			(1, 1, 'likes', 'dashboard', 3),
			(3, 2, 'likes', 'support', 1)`),
	];
}

const kept = [
	{ rating: 1, platform: 1, generation: 2, retired: null },
	{ rating: 1, platform: 1, generation: 3, retired: null },
	{ rating: 2, platform: 1, generation: 2, retired: null },
	{ rating: 3, platform: 2, generation: 1, retired: null },
];

const mentions = sql`select rating_id as rating, platform_id as platform, generation,
	retired_generation as retired from review_themes order by rating_id, generation`;

describe('review mentions when the retired-generation migration runs', () => {
	it('SQLite: the generations older than the pointer go, the others stay current', () => {
		const { before, all } = foldersAroundRetired(resolve('db/migrations'));
		const db = drizzle(new Database(':memory:'), { schema: sqliteSchema });
		migrateSqlite(db, { migrationsFolder: before });
		for (const statement of history('0')) db.run(statement);
		migrateSqlite(db, { migrationsFolder: all });
		expect(db.all(mentions)).toEqual(kept);
	});

	it('PostgreSQL: the generations older than the pointer go, the others stay current', async () => {
		const { before, all } = foldersAroundRetired(resolve('db/migrations-postgres'));
		postgres = await emptyPostgresDatabase();
		const { db } = postgres;
		await migratePostgres(db, { migrationsFolder: before });
		for (const statement of history('now()')) await db.execute(statement);
		await migratePostgres(db, { migrationsFolder: all });
		expect((await db.execute(mentions)).rows).toEqual(kept);
	});
});
