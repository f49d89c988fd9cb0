/**
 * The site generator's status on PostgreSQL (src/server/site/status.postgres.ts), on the
 * real throwaway cluster: each node reads its own status at once and keeps a row of it, which
 * every node lists; a burst of updates ends with the row holding the last one; a restarted
 * node takes over its last success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PostgresDatabase } from '@/server/db/postgres-connection';
import { PostgresStatusStore } from '@/server/site/status.postgres';
import { MemoryStatusStore } from '@/server/site/status';
import { postgresTestDatabase, type TestPostgres } from '../support/postgres-databases';

let database: TestPostgres;
let otherPool: PostgresDatabase;

beforeAll(async () => {
	database = await postgresTestDatabase();
	otherPool = openPostgres(database.url, { max: 2 });
});

afterAll(async () => {
	if (otherPool) await closePostgres(otherPool);
	await database?.close();
});

describe('PostgresStatusStore', () => {
	it('answers its own status at once, and every node lists every node', async () => {
		const a = new PostgresStatusStore(database.db, 'node-a');
		const b = new PostgresStatusStore(otherPool, 'node-b');
		a.update({ running: true, scope: 'full', lastStartedAt: '2026-01-02T03:04:05.000Z', queued: 3 });
		expect(a.get()).toMatchObject({ running: true, scope: 'full', queued: 3 });
		b.update({ lastSuccessAt: '2026-01-02T03:00:00.000Z', lastDurationMs: 1200, lastPageCount: 40 });
		await Promise.all([a.flush(), b.flush()]);
		const fromB = await b.all();
		expect(fromB).toEqual(await a.all());
		expect(fromB).toEqual([
			{
				node: 'node-a',
				running: true,
				scope: 'full',
				lastStartedAt: '2026-01-02T03:04:05.000Z',
				lastSuccessAt: null,
				lastDurationMs: null,
				lastPageCount: null,
				lastError: null,
				lastErrorAt: null,
				queued: 3,
				updatedAt: expect.any(String),
			},
			{
				node: 'node-b',
				running: false,
				scope: null,
				lastStartedAt: null,
				lastSuccessAt: '2026-01-02T03:00:00.000Z',
				lastDurationMs: 1200,
				lastPageCount: 40,
				lastError: null,
				lastErrorAt: null,
				queued: 0,
				updatedAt: expect.any(String),
			},
		]);
	});

	it('ends a burst of updates with the row holding the last one', async () => {
		const store = new PostgresStatusStore(database.db, 'node-burst');
		for (let queued = 1; queued <= 200; queued++) store.update({ queued, running: queued % 2 === 0 });
		await store.flush();
		const row = (await store.all()).find((status) => status.node === 'node-burst');
		expect(row).toMatchObject({ queued: 200, running: true });
	});

	it('after a restart, takes over its last success and error, with nothing running', async () => {
		const before = new PostgresStatusStore(database.db, 'node-restart');
		before.update({
			running: true,
			queued: 5,
			lastSuccessAt: '2026-02-01T00:00:00.000Z',
			lastPageCount: 12,
			lastError: '1 of 12 page(s) failed',
			lastErrorAt: '2026-02-01T00:01:00.000Z',
		});
		await before.flush();
		const after = new PostgresStatusStore(otherPool, 'node-restart');
		await after.restore();
		expect(after.get()).toMatchObject({
			running: false,
			queued: 0,
			lastSuccessAt: '2026-02-01T00:00:00.000Z',
			lastPageCount: 12,
			lastError: '1 of 12 page(s) failed',
			lastErrorAt: '2026-02-01T00:01:00.000Z',
		});
		await after.flush();
		const row = (await after.all()).find((status) => status.node === 'node-restart');
		expect(row).toMatchObject({ running: false, queued: 0 });
	});

	it('a generation that starts while the last status is read keeps what it set', async () => {
		const before = new PostgresStatusStore(database.db, 'node-race');
		before.update({ lastSuccessAt: '2026-02-01T00:00:00.000Z', lastPageCount: 12 });
		await before.flush();
		const after = new PostgresStatusStore(otherPool, 'node-race');
		const restoring = after.restore();
		after.update({ running: true, scope: 'full', lastStartedAt: '2026-02-02T00:00:00.000Z' });
		await restoring;
		expect(after.get()).toMatchObject({
			running: true,
			scope: 'full',
			lastStartedAt: '2026-02-02T00:00:00.000Z',
			lastSuccessAt: '2026-02-01T00:00:00.000Z',
			lastPageCount: 12,
		});
		await after.flush();
	});
});

describe('MemoryStatusStore', () => {
	it('lists just its own process', async () => {
		const store = new MemoryStatusStore('solo');
		store.update({ queued: 2 });
		expect(await store.all()).toEqual([{ ...store.get(), node: 'solo', updatedAt: expect.any(String) }]);
	});
});
