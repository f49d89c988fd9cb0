/**
 * The load balancer's probes, answered by the built host: /healthz says the process answers
 * (whatever the database does), /readyz says the database answers and carries this version's
 * migrations, 503 with a message otherwise. Neither answer is ever cached.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows, runStatement } from '@/server/db';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
});
afterAll(async () => {
	await server?.stop();
});

const probe = (path: string, method = 'GET') => fetch(`${server.url}${path}`, { method });

async function expectAnswer(path: string, status: number) {
	const response = await probe(path);
	expect(response.status).toBe(status);
	expect(response.headers.get('cache-control')).toBe('no-store');
	expect(response.headers.get('content-type')).toBe('application/json');
	return (await response.json()) as { status?: string; message?: string };
}

/** Takes the newest applied migration's record away, as if this version's were not applied yet. */
async function unapplyNewestMigration(): Promise<() => Promise<void>> {
	// drizzle's SQLite table has no usable id (always null): created_at names the migration.
	const [row] = await rawRows<{ hash: string; created_at: number }>(
		sql`select hash, created_at from __drizzle_migrations order by created_at desc limit 1`,
		server.db,
	);
	await runStatement(sql`delete from __drizzle_migrations where created_at = ${row!.created_at}`, server.db);
	return () =>
		runStatement(
			sql`insert into __drizzle_migrations (hash, created_at) values (${row!.hash}, ${row!.created_at})`,
			server.db,
		);
}

/** The SQLite file (this file runs on SQLite only: see vitest.config.ts). */
const dbPath = () => server.dbPath!;

describe('GET /healthz', () => {
	it('answers 200 ok, never cached', async () => {
		expect(await expectAnswer('/healthz', 200)).toEqual({ status: 'ok' });
	});

	it('answers HEAD without a body, and refuses other methods', async () => {
		const head = await probe('/healthz', 'HEAD');
		expect(head.status).toBe(200);
		expect(await head.text()).toBe('');
		const post = await probe('/healthz', 'POST');
		expect(post.status).toBe(405);
		expect(post.headers.get('allow')).toBe('GET, HEAD');
		expect(await post.json()).toEqual({ message: expect.any(String) });
	});
});

describe('GET /readyz', () => {
	it('answers 200 when the database is migrated', async () => {
		expect(await expectAnswer('/readyz', 200)).toEqual({ status: 'ok' });
	});

	it('answers 503 while the newest migration is not applied, 200 again once it is', async () => {
		const restore = await unapplyNewestMigration();
		try {
			const body = await expectAnswer('/readyz', 503);
			expect(body.message).toMatch(/migrations/);
			expect(await expectAnswer('/healthz', 200)).toEqual({ status: 'ok' });
		} finally {
			await restore();
		}
		expect(await expectAnswer('/readyz', 200)).toEqual({ status: 'ok' });
	});

	it('answers 503 when the database file is gone or unreadable, while /healthz still answers', async () => {
		const aside = `${dbPath()}.aside`;
		renameSync(dbPath(), aside);
		try {
			expect((await expectAnswer('/readyz', 503)).message).toMatch(/database/);
			expect(await expectAnswer('/healthz', 200)).toEqual({ status: 'ok' });
			// Something in its place that SQLite cannot open.
			mkdirSync(dbPath());
			expect((await expectAnswer('/readyz', 503)).message).toMatch(/database/);
		} finally {
			rmSync(dbPath(), { recursive: true, force: true });
			renameSync(aside, dbPath());
		}
		expect(await expectAnswer('/readyz', 200)).toEqual({ status: 'ok' });
	});
});
