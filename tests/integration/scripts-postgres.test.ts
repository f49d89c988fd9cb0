/**
 * The operator's scripts on PostgreSQL (DATABASE_URL), run as their own processes the way an
 * operator runs them: `db:migrate`, `db:seed`, `user:create` and `db:backup`, and a restore of
 * the backup with `pg_restore` into an empty database.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCounts } from '../../scripts/seed/index';
import { verifyPassword } from '@/server/auth/password';
import type { AppDatabase } from '@/server/db';
import { postgresReady, schema } from '@/server/db/postgres-connection';
import { emptyPostgresDatabase, type TestPostgres } from '../support/postgres-databases';

const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

let database: TestPostgres;
let restored: TestPostgres;
let dir: string;

type Outcome = { code: number; stdout: string; stderr: string };

async function script(file: string, args: string[] = [], url = database.url): Promise<Outcome> {
	const { DATABASE_PATH: _sqliteFile, ...inherited } = process.env;
	try {
		const { stdout, stderr } = await run(TSX, [`scripts/${file}`, ...args], {
			env: { ...inherited, DATABASE_URL: url, OUTBOX_DIR: join(dir, 'outbox') },
		});
		return { code: 0, stdout, stderr };
	} catch (error) {
		const failed = error as { code?: number; stdout?: string; stderr?: string };
		return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
	}
}

const counts = (target: TestPostgres) => contentCounts(target.db as unknown as AppDatabase);

beforeAll(async () => {
	database = await emptyPostgresDatabase();
	restored = await emptyPostgresDatabase();
	dir = mkdtempSync(join(tmpdir(), 'rmh-scripts-pg-'));
});

afterAll(async () => {
	await database?.close();
	await restored?.close();
	if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the scripts on PostgreSQL', () => {
	it('db:migrate applies the migrations and seeds nothing', async () => {
		expect(await postgresReady(database.db)).toBe(false);
		const migrated = await script('migrate.ts');
		expect(migrated.code, migrated.stderr).toBe(0);
		expect(migrated.stdout).toContain(`PostgreSQL 127.0.0.1:`);
		expect(migrated.stdout).not.toContain(database.url.split('@')[0]!);
		expect(await postgresReady(database.db)).toBe(true);
		expect((await counts(database)).platforms).toBe(0);
	});

	it('db:seed fills the empty database once', async () => {
		const seeded = await script('seed.ts');
		expect(seeded.code, seeded.stderr).toBe(0);
		expect(seeded.stdout).toMatch(/^Seeded PostgreSQL 127\.0\.0\.1:\d+\/\S+ in \d+ ms:/m);
		const first = await counts(database);
		expect(first.platforms).toBeGreaterThan(0);
		const again = await script('seed.ts');
		expect(again.code, again.stderr).toBe(0);
		expect(again.stdout).toContain('already has content; nothing seeded.');
		expect(await counts(database)).toEqual(first);
	});

	it('user:create makes an editor who can sign in with the password', async () => {
		const created = await script('user-create.ts', [
			'--email',
			'Ops.Editor@Example.com',
			'--username',
			'ops_editor',
			'--password',
			'a long secret',
			'--role',
			'editor',
		]);
		expect(created.code, created.stderr).toBe(0);
		expect(created.stdout).toContain('"email": "ops.editor@example.com"');
		const [user] = await database.db
			.select()
			.from(schema.users)
			.where(eq(schema.users.email, 'ops.editor@example.com'));
		expect(user).toMatchObject({ username: 'ops_editor', role: 'editor', isBanned: false });
		expect(await verifyPassword(user!.passwordHash, 'a long secret')).toBe(true);
		const duplicate = await script('user-create.ts', [
			'--email',
			'ops.editor@example.com',
			'--username',
			'someone_else',
			'--password',
			'a long secret',
		]);
		expect(duplicate.code).toBe(1);
		expect(duplicate.stderr).toMatch(/email/i);
	});

	it('db:backup writes a pg_dump archive that restores to the same content', async () => {
		const file = join(dir, 'backup.dump');
		const backedUp = await script('backup.ts', [file]);
		expect(backedUp.code, backedUp.stderr).toBe(0);
		expect(backedUp.stdout).toMatch(/pg_restore --list: \d+ tables/);
		expect(existsSync(file)).toBe(true);
		const restore = await run('pg_restore', ['--no-owner', '--dbname', restored.url, file]).then(
			() => 0,
			(error: { code?: number; stderr?: string }) => error.stderr ?? error.code,
		);
		expect(restore).toBe(0);
		expect(await counts(restored)).toEqual(await counts(database));
		expect(await postgresReady(restored.db)).toBe(true);
		const [editor] = await restored.db
			.select({ username: schema.users.username })
			.from(schema.users)
			.where(eq(schema.users.email, 'ops.editor@example.com'));
		expect(editor).toEqual({ username: 'ops_editor' });
	});

	it('db:backup refuses a folder that does not exist, and leaves nothing behind', async () => {
		const failed = await script('backup.ts', [join(dir, 'missing', 'backup.dump')]);
		expect(failed.code).toBe(1);
		expect(failed.stderr).toContain('does not exist');
	});
});
