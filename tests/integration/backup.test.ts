/**
 * `npm run db:backup`, run as an operator runs it (its own process, DATABASE_PATH) while another
 * process keeps writing ratings, comments and votes through the services: every backup must
 * pass integrity_check and be one consistent snapshot (each platform's stored rating and
 * reviewCount equal to its rating rows, each comment's vote counts equal to its votes).
 */
import { execFile } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	TSX,
	consistencyProblems,
	createCommunityFixture,
	integrityProblems,
	startWriter,
	type Writer,
} from '../support/community-fixture';

const run = promisify(execFile);

type Outcome = { code: number; stdout: string; stderr: string };

async function backup(databasePath: string, ...args: string[]): Promise<Outcome> {
	try {
		const { stdout, stderr } = await run(TSX, ['scripts/backup.ts', ...args], {
			env: { ...process.env, DATABASE_PATH: databasePath, MEDIA_DIR: join(dir, 'media') },
		});
		return { code: 0, stdout, stderr };
	} catch (error) {
		const failed = error as { code?: number; stdout?: string; stderr?: string };
		return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
	}
}

/** The counts the script printed, e.g. `platform_ratings   40`. */
function printedCounts(stdout: string): Record<string, number> {
	return Object.fromEntries(
		[...stdout.matchAll(/^\s+([a-z_]+)\s+(\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]),
	);
}

function acks(writer: Writer): number {
	return writer.lines.filter((line) => line.startsWith('ack ')).length;
}

let dir: string;
let dbPath: string;
let writer: Writer | undefined;

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'rmh-backup-'));
	dbPath = join(dir, 'app.db');
	createCommunityFixture(dbPath);
});

afterAll(async () => {
	if (writer && writer.child.exitCode === null && writer.child.signalCode === null) {
		writer.child.kill('SIGKILL');
		await writer.closed;
	}
	rmSync(dir, { recursive: true, force: true });
});

describe('db:backup', () => {
	it('takes consistent, intact backups while another process writes', async () => {
		writer = startWriter(dbPath, { seed: 20240601 });
		await writer.ready;
		const commentCounts: number[] = [];

		for (let i = 0; i < 4; i++) {
			// The same file twice, then new ones: replacing an earlier backup works too.
			const file = join(dir, i < 2 ? 'backup.db' : `backup-${i}.db`);
			const acksBefore = acks(writer);
			const result = await backup(dbPath, file);
			expect(result.code, result.stderr).toBe(0);
			expect(result.stdout).toContain('integrity_check: ok');
			expect(acks(writer), 'the writer kept committing during the backup').toBeGreaterThan(acksBefore);

			// One self-contained file: no -wal beside it, no temporary file left over.
			const copy = new Database(file, { readonly: true, fileMustExist: true });
			try {
				expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
				expect(integrityProblems(copy)).toEqual([]);
				expect(consistencyProblems(copy)).toEqual([]);
				const printed = printedCounts(result.stdout);
				for (const table of ['platform_ratings', 'platform_comments', 'comment_votes']) {
					const rows = copy.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
					expect(printed[table], `${table} count printed`).toBe(rows);
				}
				commentCounts.push(printed.platform_comments!);
			} finally {
				copy.close();
			}
			expect(existsSync(`${file}-wal`)).toBe(false);
		}

		// The writer went on between the backups, so later snapshots hold more comments.
		expect(commentCounts.at(-1)!).toBeGreaterThan(commentCounts[0]!);
		writer.child.kill('SIGKILL');
		await writer.closed;
		const leftovers = readdirSync(dir).filter((f) => f.endsWith('.tmp'));
		expect(leftovers).toEqual([]);
	}, 120_000);

	it("copies the media library's files beside the backup, and only new ones the next time", async () => {
		const stored = (name: string) => join(dir, 'media', name.slice(0, 2), name);
		const first = `${'a'.repeat(32)}.webp`;
		const second = `${'b'.repeat(32)}.png`;
		mkdirSync(join(dir, 'media', 'aa'), { recursive: true });
		writeFileSync(stored(first), 'first image');
		// A file still being written (its temporary name) is left out.
		writeFileSync(`${stored(first)}.123.tmp`, 'half');
		const target = join(dir, 'with-media.db');
		const once = await backup(dbPath, target);
		expect(once.code, once.stderr).toBe(0);
		expect(once.stdout).toContain(`media: 1 files copied to ${target}.media (0 already there)`);
		expect(readFileSync(join(`${target}.media`, 'aa', first), 'utf8')).toBe('first image');
		expect(readdirSync(join(`${target}.media`, 'aa'))).toEqual([first]);
		mkdirSync(join(dir, 'media', 'bb'), { recursive: true });
		writeFileSync(stored(second), 'second image');
		const twice = await backup(dbPath, target);
		expect(twice.stdout).toContain('media: 1 files copied');
		expect(twice.stdout).toContain('(1 already there)');
		expect(readFileSync(join(`${target}.media`, 'bb', second), 'utf8')).toBe('second image');
	});

	it('fails with a clear message when the database is missing', async () => {
		const missing = join(dir, 'missing.db');
		const target = join(dir, 'never.db');
		const result = await backup(missing, target);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain(`Backup failed: No database at ${missing}`);
		expect(existsSync(target)).toBe(false);
		expect(existsSync(missing), 'the backup must not create the source').toBe(false);
	});

	it('fails with a clear message when the target cannot be written', async () => {
		const result = await backup(dbPath, join(dir, 'no-such-folder', 'backup.db'));
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/Backup failed: Cannot write .*no-such-folder.* does not exist/);
	});

	it('refuses to write over the live database, and asks for a file', async () => {
		const over = await backup(dbPath, dbPath);
		expect(over.code).toBe(1);
		expect(over.stderr).toContain('Refusing to write the backup over the live database');
		const none = await backup(dbPath);
		expect(none.code).toBe(1);
		expect(none.stderr).toContain('Usage: npm run db:backup -- <backup-file>');
	});
});
