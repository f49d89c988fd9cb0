/**
 * `npm run user:create`, run the way an operator runs it: as its own process against a
 * database named by DATABASE_PATH.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@/server/auth/password';
import { openDatabase } from '@/server/db';
import * as schema from '@db/schema';

const run = promisify(execFile);
// The local tsx binary: same as `npx tsx` without npx's start-up cost.
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

let dir: string;
let dbPath: string;

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'rmh-user-create-'));
	dbPath = join(dir, 'app.db');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Outcome = { code: number; stdout: string; stderr: string };

async function userCreate(...args: string[]): Promise<Outcome> {
	try {
		const { stdout, stderr } = await run(TSX, ['scripts/user-create.ts', ...args], {
			env: { ...process.env, DATABASE_PATH: dbPath, OUTBOX_DIR: join(dir, 'outbox') },
		});
		return { code: 0, stdout, stderr };
	} catch (error) {
		const failed = error as { code?: number; stdout?: string; stderr?: string };
		return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
	}
}

describe('user:create', () => {
	it('creates an editor and prints it without the password hash', async () => {
		const result = await userCreate(
			'--email',
			'Chief.Editor@Example.com',
			'--username',
			'chief_editor',
			'--password',
			's3cret-pass',
			'--role',
			'editor',
		);
		expect(result.code, result.stderr).toBe(0);
		expect(result.stdout).toContain('"username": "chief_editor"');
		expect(result.stdout).toContain('"email": "chief.editor@example.com"');
		expect(result.stdout).toContain('"role": "editor"');
		expect(result.stdout).not.toMatch(/passwordHash|argon2/);

		const db = openDatabase(dbPath);
		const row = db
			.select()
			.from(schema.users)
			.where(eq(schema.users.email, 'chief.editor@example.com'))
			.get();
		db.$client.close();
		// The operator typed the address on the server: it counts as verified.
		expect(row).toMatchObject({
			username: 'chief_editor',
			role: 'editor',
			isBanned: false,
			emailVerified: true,
		});
		expect(await verifyPassword(row!.passwordHash, 's3cret-pass')).toBe(true);
	});

	it('defaults the role to user', async () => {
		const result = await userCreate(
			'--email',
			'plain@example.com',
			'--username',
			'plain_user',
			'--password',
			'another-pass',
		);
		expect(result.code, result.stderr).toBe(0);
		expect(result.stdout).toContain('"role": "user"');
	});

	it('refuses a duplicate email with the service’s message', async () => {
		const result = await userCreate(
			'--email',
			'chief.editor@example.com',
			'--username',
			'someone_else',
			'--password',
			's3cret-pass',
		);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('An account with this email already exists.');
	});

	it('refuses an unknown role, a short password and an unknown option', { timeout: 90_000 }, async () => {
		const badRole = await userCreate(
			'--email',
			'x@example.com',
			'--username',
			'xavier',
			'--password',
			's3cret-pass',
			'--role',
			'admin',
		);
		expect(badRole.code).toBe(1);
		expect(badRole.stderr).toContain('role');

		const shortPassword = await userCreate(
			'--email',
			'x@example.com',
			'--username',
			'xavier',
			'--password',
			'123',
		);
		expect(shortPassword.code).toBe(1);
		expect(shortPassword.stderr).toContain('Password must be at least 6 characters long.');

		const unknownOption = await userCreate('--email', 'x@example.com', '--admin');
		expect(unknownOption.code).toBe(1);
		expect(unknownOption.stderr).toContain('--admin');
	});
});
