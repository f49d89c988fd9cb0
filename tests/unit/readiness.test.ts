/**
 * The readiness checks behind GET /readyz (src/server/db/readiness.ts), per engine: ready only
 * when the database answers and has this version's migrations, with a message otherwise.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db';
import { closePostgres, migratePostgres, openPostgres } from '@/server/db/postgres-connection';
import { postgresReadiness, sqliteReadiness } from '@/server/db/readiness';
import {
	emptyPostgresDatabase,
	postgresTestDatabase,
	type TestPostgres,
} from '../support/postgres-databases';
import { freePort } from '../../scripts/shared/ports';

const dir = mkdtempSync(join(tmpdir(), 'rmh-ready-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sqliteReadiness', () => {
	it('is ready on a migrated file', async () => {
		const path = join(dir, 'migrated.db');
		openDatabase(path).$client.close();
		expect(await sqliteReadiness(path)()).toEqual({ ready: true });
	});

	it('is not ready on a file without migrations, and never creates or migrates one', async () => {
		const empty = join(dir, 'empty.db');
		new Database(empty).close();
		expect(await sqliteReadiness(empty)()).toEqual({
			ready: false,
			message: expect.stringMatching(/migrations/),
		});
		const missing = join(dir, 'missing.db');
		expect(await sqliteReadiness(missing)()).toEqual({
			ready: false,
			message: expect.stringMatching(/does not exist/),
		});
		expect(existsSync(missing)).toBe(false);
	});
});

describe('postgresReadiness', () => {
	let migrated: TestPostgres;
	let empty: TestPostgres;

	beforeAll(async () => {
		migrated = await postgresTestDatabase();
		empty = await emptyPostgresDatabase();
	});
	afterAll(async () => {
		await migrated?.close();
		await empty?.close();
	});

	it('is ready on a migrated database, not before its migrations are in', async () => {
		expect(await postgresReadiness(migrated.db)()).toEqual({ ready: true });
		const check = postgresReadiness(empty.db);
		expect(await check()).toEqual({ ready: false, message: expect.stringMatching(/migrations/) });
		await migratePostgres(empty.db);
		expect(await check()).toEqual({ ready: true });
	});

	it('is not ready when the database does not answer', async () => {
		const nowhere = openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/none`, { max: 1 });
		try {
			expect(await postgresReadiness(nowhere)()).toEqual({
				ready: false,
				message: expect.stringMatching(/does not answer/),
			});
		} finally {
			await closePostgres(nowhere);
		}
	});
});
