/**
 * PostgreSQL start-up (src/server/db/postgres-connection.ts): several nodes migrating and seeding one fresh
 * database at the same moment must leave it migrated and seeded exactly once, with no node
 * failing; readiness says no until the migrations are in.
 */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	closePostgres,
	migratePostgres,
	openPostgres,
	postgresReady,
	schema,
	type PostgresDatabase,
} from '@/server/db/postgres-connection';
import { emptyPostgresDatabase, type TestPostgres } from '../support/postgres-databases';

let fresh: TestPostgres;
const nodes: PostgresDatabase[] = [];

beforeAll(async () => {
	fresh = await emptyPostgresDatabase();
	for (let i = 0; i < 4; i++) nodes.push(openPostgres(fresh.url, { max: 2 }));
});

afterAll(async () => {
	await Promise.all(nodes.map(closePostgres));
	await fresh?.close();
});

describe('migratePostgres', () => {
	it('is not ready before migrating', async () => {
		expect(await postgresReady(fresh.db)).toBe(false);
	});

	it('migrates and seeds once when four nodes start together', async () => {
		let seeded = 0;
		const results = await Promise.allSettled(
			nodes.map((node, i) =>
				migratePostgres(node, {
					async seedIfEmpty(database) {
						const [row] = await database.select({ n: count() }).from(schema.users);
						if (row!.n > 0) return;
						// Give a node without the lock time to slip in, were it not for the lock.
						await database.execute(sql`select pg_sleep(0.05)`);
						await database.insert(schema.users).values({
							username: `first-${i}`,
							email: `first-${i}@example.com`,
							passwordHash: 'x',
						});
						seeded += 1;
					},
				}),
			),
		);
		expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
		expect(seeded).toBe(1);
		const [users] = await fresh.db.select({ n: count() }).from(schema.users);
		expect(users!.n).toBe(1);
		const applied = await fresh.db.execute<{ n: number }>(
			sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
		);
		expect(applied.rows[0]!.n).toBeGreaterThan(0);
		expect(await postgresReady(fresh.db)).toBe(true);
	});

	it('does nothing the second time', async () => {
		await migratePostgres(nodes[0]!, {});
		const [users] = await fresh.db.select({ n: count() }).from(schema.users);
		expect(users!.n).toBe(1);
		expect(await postgresReady(fresh.db)).toBe(true);
	});
});
