/**
 * The migration that fills each review's kept helpful and unhelpful counts once from its vote
 * rows, on both engines: a review voted on before the counts were kept comes out with the
 * counts the vote service keeps now, and a review without votes keeps zeros.
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

const foldersAroundBackfill = upgradeMigrations('_backfill_review_vote_counts');

/** Review 1 found helpful by two readers and unhelpful by one; review 2 has no votes. */
function history(now: string): SQL[] {
	return [
		sql.raw(`insert into users (id, username, email, password_hash, created_at) values
			(1, 'author', 'a@example.com', 'x', ${now}),
			(2, 'second', 's@example.com', 'x', ${now}),
			(3, 'reader', 'r@example.com', 'x', ${now}),
			(4, 'other', 'o@example.com', 'x', ${now}),
			(5, 'critic', 'c@example.com', 'x', ${now})`),
		sql.raw(`insert into platforms (id, name, description, pricing, category, features, pros, cons, created_at, updated_at) values
			(1, 'One', 'd', 'CPM', 'DSP', '[]', '[]', '[]', ${now}, ${now})`),
		sql.raw(`insert into platform_ratings (id, platform_id, user_id, rating, created_at, updated_at) values
			(1, 1, 1, 5, ${now}, ${now}),
			(2, 1, 2, 3, ${now}, ${now})`),
		sql.raw(`insert into review_votes (rating_id, user_id, vote_type, created_at) values
			(1, 3, 'helpful', ${now}),
			(1, 4, 'helpful', ${now}),
			(1, 5, 'unhelpful', ${now})`),
	];
}

const counts = sql`select id, helpful_votes as "helpful", unhelpful_votes as "unhelpful" from platform_ratings order by id`;

const expected = [
	{ id: 1, helpful: 2, unhelpful: 1 },
	{ id: 2, helpful: 0, unhelpful: 0 },
];

describe('the kept review vote counts when the backfill migration runs', () => {
	it('SQLite: each review counts its helpful and unhelpful votes', () => {
		const { before, all } = foldersAroundBackfill(resolve('db/migrations'));
		const db = drizzle(new Database(':memory:'), { schema: sqliteSchema });
		migrateSqlite(db, { migrationsFolder: before });
		for (const statement of history('0')) db.run(statement);
		migrateSqlite(db, { migrationsFolder: all });
		expect(db.all(counts)).toEqual(expected);
	});

	it('PostgreSQL: each review counts its helpful and unhelpful votes', async () => {
		const { before, all } = foldersAroundBackfill(resolve('db/migrations-postgres'));
		postgres = await emptyPostgresDatabase();
		const { db } = postgres;
		await migratePostgres(db, { migrationsFolder: before });
		for (const statement of history('now()')) await db.execute(statement);
		await migratePostgres(db, { migrationsFolder: all });
		const { rows } = await db.execute(counts);
		expect(rows).toEqual(expected);
	});
});
