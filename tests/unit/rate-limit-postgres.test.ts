/**
 * Rate-limit counters on PostgreSQL (src/server/auth/rate-limit/counter-store.postgres.ts), on the real
 * throwaway cluster: hits arriving together from two nodes (two pools) count exactly, and the
 * store keeps the fixed-window rules of the in-memory one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PostgresDatabase } from '@/server/db/postgres-connection';
import { PostgresCounterStore } from '@/server/auth/rate-limit/counter-store.postgres';
import { postgresTestDatabase, type TestPostgres } from '../support/postgres-databases';

let database: TestPostgres;
let otherNode: PostgresDatabase;
let store: PostgresCounterStore;
let otherStore: PostgresCounterStore;

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;

beforeAll(async () => {
	database = await postgresTestDatabase();
	otherNode = openPostgres(database.url, { max: 4 });
	store = new PostgresCounterStore(database.db);
	otherStore = new PostgresCounterStore(otherNode);
});

afterAll(async () => {
	if (otherNode) await closePostgres(otherNode);
	await database?.close();
});

describe('PostgresCounterStore', () => {
	it('counts 50 hits sent at once from two nodes exactly 50, each hit its own number', async () => {
		const answers = await Promise.all(
			Array.from({ length: 50 }, (_, i) =>
				(i % 2 === 0 ? store : otherStore).increment('login:crowd', MINUTE, T0 + i),
			),
		);
		expect(answers.map((answer) => answer.count).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 50 }, (_, i) => i + 1),
		);
		expect(new Set(answers.map((answer) => answer.resetAt)).size).toBe(1);
		expect(await store.count('login:crowd', T0 + 100)).toEqual({
			count: 50,
			resetAt: answers[0]!.resetAt,
		});
	});

	it('starts a new window at 1 once the old one has ended, and counts 0 meanwhile', async () => {
		const first = await store.increment('w:a', MINUTE, T0);
		expect(first).toEqual({ count: 1, resetAt: T0 + MINUTE });
		expect((await otherStore.increment('w:a', MINUTE, T0 + 1000)).count).toBe(2);
		expect(await store.count('w:a', T0 + MINUTE)).toEqual({ count: 0, resetAt: T0 + MINUTE });
		expect(await store.increment('w:a', MINUTE, T0 + MINUTE)).toEqual({
			count: 1,
			resetAt: T0 + 2 * MINUTE,
		});
	});

	it("adds a node's batch in one step (batched-limiter.ts), starting a window at it", async () => {
		expect(await store.increment('w:batch', MINUTE, T0, 10)).toEqual({ count: 10, resetAt: T0 + MINUTE });
		expect((await otherStore.increment('w:batch', MINUTE, T0 + 1, 7)).count).toBe(17);
		expect((await store.increment('w:batch', MINUTE, T0 + MINUTE, 3)).count).toBe(3);
	});

	it('takes one back, never below zero, and never in an ended window', async () => {
		await store.increment('d:a', MINUTE, T0);
		await store.decrement('d:a', T0);
		await store.decrement('d:a', T0);
		expect((await store.count('d:a', T0)).count).toBe(0);
		await store.increment('d:a', MINUTE, T0);
		await store.decrement('d:a', T0 + MINUTE);
		expect((await store.count('d:a', T0)).count).toBe(1);
	});

	it('removes a counter given back to zero, and keeps one another attempt still holds', async () => {
		const rows = async (key: string) =>
			(
				await database.db.execute<{ n: number }>(
					sql`select count(*)::int as n from rate_limit_counters where key = ${key}`,
				)
			).rows[0]!.n;
		await store.increment('z:a', MINUTE, T0);
		await store.decrement('z:a', T0);
		expect(await rows('z:a')).toBe(0);
		await store.increment('z:b', MINUTE, T0);
		await otherStore.increment('z:b', MINUTE, T0);
		await store.decrement('z:b', T0);
		expect(await rows('z:b')).toBe(1);
		expect((await store.count('z:b', T0)).count).toBe(1);
	});

	it('deletes one key, or every key of a prefix taken literally', async () => {
		for (const key of ['p:a%b 1', 'p:a%b 2', 'p:aXb 1', 'p:other']) {
			await store.increment(key, MINUTE, T0);
		}
		await store.deletePrefix('p:a%b');
		expect((await store.count('p:a%b 1', T0)).count).toBe(0);
		expect((await store.count('p:a%b 2', T0)).count).toBe(0);
		expect((await store.count('p:aXb 1', T0)).count).toBe(1);
		await otherStore.delete('p:other');
		expect((await store.count('p:other', T0)).count).toBe(0);
	});

	it('forgets ended windows when housekeeping asks any node, keeping live ones', async () => {
		const later = T0 + 60 * MINUTE;
		const sweeper = new PostgresCounterStore(otherNode);
		await sweeper.increment('s:new', MINUTE, later);
		await sweeper.deleteFinishedWindows(later);
		expect((await store.count('s:new', later)).count).toBe(1);
		const left = await database.db.execute<{ n: number }>(
			sql`select count(*)::int as n from rate_limit_counters where reset_at < ${new Date(later)}`,
		);
		expect(left.rows[0]!.n).toBe(0);
	});

	it('lives in an unlogged table', async () => {
		const { rows } = await database.db.execute<{ persistence: string }>(
			sql`select relpersistence as persistence from pg_class where relname = 'rate_limit_counters'`,
		);
		expect(rows[0]!.persistence).toBe('u');
	});
});
