/**
 * The async transaction helper: commit, rollback and nesting on both engines, and on SQLite the
 * turns concurrent transactions take on the one connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { PgDatabase } from 'drizzle-orm/pg-core';
import { openDatabase, schemaOf, transaction, type AppDatabase } from '@/server/db';

const isPostgres = (handle: unknown) => is(handle, PgDatabase);
import * as schema from '@db/schema';
import { postgresTestDatabase, type TestPostgres } from '../support/postgres-databases';

let folder: string;
let database: AppDatabase;

beforeAll(() => {
	folder = mkdtempSync(join(tmpdir(), 'rmh-transaction-'));
	database = openDatabase(join(folder, 'test.db'));
});

afterAll(() => {
	database.$client.close();
	rmSync(folder, { recursive: true, force: true });
});

function addPage(slug: string) {
	return (tx: Parameters<Parameters<typeof transaction>[0]>[0]) =>
		tx
			.insert(schema.staticPages)
			.values({ slug, title: slug, content: slug })
			.returning({ slug: schema.staticPages.slug });
}

async function pageExists(slug: string) {
	return (
		(await database.select().from(schema.staticPages).where(eq(schema.staticPages.slug, slug))).length === 1
	);
}

describe('transaction on SQLite', () => {
	it('commits what the callback wrote and returns its result', async () => {
		const result = await transaction(async (tx) => (await addPage('committed')(tx))[0]!.slug, database);
		expect(result).toBe('committed');
		expect(await pageExists('committed')).toBe(true);
		expect(database.$client.inTransaction).toBe(false);
	});

	it('rolls back every write when the callback throws, and passes the error on', async () => {
		const failure = transaction(async (tx) => {
			await addPage('rolled-back')(tx);
			throw new Error('changed my mind');
		}, database);
		await expect(failure).rejects.toThrow('changed my mind');
		expect(await pageExists('rolled-back')).toBe(false);
		expect(database.$client.inTransaction).toBe(false);
	});

	it('runs concurrent transactions one after the other, never interleaved', async () => {
		const steps: string[] = [];
		const run = (name: string) =>
			transaction(async (tx) => {
				steps.push(`${name} begins`);
				await addPage(`turn-${name}`)(tx);
				await new Promise((resolve) => setImmediate(resolve));
				steps.push(`${name} ends`);
			}, database);
		await Promise.all([run('a'), run('b'), run('c')]);
		expect(steps).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
	});

	it('joins the open transaction when called inside one (no deadlock), and rolls back with it', async () => {
		const failure = transaction(async (tx) => {
			await addPage('outer')(tx);
			await transaction(async (inner) => addPage('inner')(inner), database);
			throw new Error('outer fails');
		}, database);
		await expect(failure).rejects.toThrow('outer fails');
		expect(await pageExists('outer')).toBe(false);
		expect(await pageExists('inner')).toBe(false);
	});
});

describe('transaction on PostgreSQL', () => {
	let postgres: TestPostgres;
	let handle: AppDatabase;
	beforeAll(async () => {
		postgres = await postgresTestDatabase();
		handle = postgres.db as unknown as AppDatabase;
	});
	afterAll(async () => {
		await postgres?.close();
	});

	const add = (slug: string) => (tx: Parameters<Parameters<typeof transaction>[0]>[0]) =>
		tx.insert(schemaOf(tx).staticPages).values({ slug, title: slug, content: slug });
	const exists = async (slug: string) =>
		(
			await handle
				.select()
				.from(schemaOf(handle).staticPages)
				.where(eq(schemaOf(handle).staticPages.slug, slug))
		).length === 1;

	it('is told apart from SQLite, connection and transaction alike', async () => {
		expect(isPostgres(handle)).toBe(true);
		expect(isPostgres(database)).toBe(false);
		await transaction(async (tx) => expect(isPostgres(tx)).toBe(true), handle);
	});

	it('commits, rolls back on a throw, and joins when nested', async () => {
		await transaction(async (tx) => add('pg-committed')(tx), handle);
		expect(await exists('pg-committed')).toBe(true);
		const failure = transaction(async (tx) => {
			await add('pg-outer')(tx);
			await transaction(async (inner) => add('pg-inner')(inner), handle);
			throw new Error('outer fails');
		}, handle);
		await expect(failure).rejects.toThrow('outer fails');
		expect(await exists('pg-outer')).toBe(false);
		expect(await exists('pg-inner')).toBe(false);
	});
});
