/**
 * The production host starts the app itself (startApp in src/server/app/app.ts) once it listens:
 * a newsletter queued before the start goes out, and on PostgreSQL this node listens for other
 * nodes' changes, without any HTTP request. The host reaches the app's database only through
 * the app: its bundle holds no database driver or ORM, and the process has one pool.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow, openDatabase, schemaOf, type AppDatabase } from '@/server/db';
import { eventually } from '../support/account-api';
import { insertAccount } from '../support/newsletter-fixture';
import { postgresTestDatabase } from '../support/postgres-databases';
import { freePort } from '../../scripts/shared/ports';
import { HOST_ENTRY, testEngine } from '../support/server';
import { testSlug } from '../support/slugs';

const engine = testEngine();
let dir: string;
let db: AppDatabase;
let closeDatabase: () => Promise<void>;
let host: ChildProcess | undefined;
let output = '';
let url: string;
let recipient: string;

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'rmh-start-up-'));
	let databaseEnv: Record<string, string>;
	if (engine === 'postgres') {
		const postgres = await postgresTestDatabase();
		db = postgres.db as unknown as AppDatabase;
		databaseEnv = { DATABASE_URL: postgres.url };
		closeDatabase = postgres.close;
	} else {
		const path = join(dir, 'app.db');
		const sqlite = openDatabase(path);
		db = sqlite;
		databaseEnv = { DATABASE_PATH: path, DATABASE_URL: '' };
		closeDatabase = async () => void sqlite.$client.close();
	}
	// An issue already sending, with one mail queued, as a node that stopped mid-send leaves it.
	const { newsletterIssues, newsletterDeliveries } = schemaOf(db);
	const reader = await insertAccount(db);
	recipient = reader.email;
	const [issue] = await db
		.insert(newsletterIssues)
		.values({
			subject: 'Queued before the start',
			slug: testSlug('Queued before the start'),
			content: 'Hello from the queue.',
			status: 'sending',
			sendStartedAt: new Date(),
		})
		.returning({ id: newsletterIssues.id });
	await db
		.insert(newsletterDeliveries)
		.values({ issueId: issue!.id, userId: reader.id, nextAttemptAt: new Date() });

	const port = await freePort();
	url = `http://127.0.0.1:${port}`;
	const { DATABASE_PATH: _inherited, ...inheritedEnv } = process.env;
	// On PostgreSQL, the process counts its pools (see tests/support/count-pools.mjs).
	const preload =
		engine === 'postgres' ? ['--import', resolve(import.meta.dirname, '../support/count-pools.mjs')] : [];
	host = spawn(process.execPath, [...preload, HOST_ENTRY], {
		env: {
			...inheritedEnv,
			HOST: '127.0.0.1',
			PORT: String(port),
			...databaseEnv,
			SITE_URL: url,
			OUTBOX_DIR: join(dir, 'outbox'),
			SITE_DIR: join(dir, 'site'),
			SMTP_URL: '',
			NODE_ENV: 'production',
			NEWSLETTER_POLL_MS: '200',
			POOL_COUNT_FILE: join(dir, 'pool-count'),
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	host.stdout!.on('data', (chunk) => (output += chunk));
	host.stderr!.on('data', (chunk) => (output += chunk));
});

afterAll(async () => {
	if (host && host.exitCode === null) {
		const exited = new Promise((resolve) => host!.once('exit', resolve));
		host.kill('SIGTERM');
		await exited;
	}
	await closeDatabase?.();
	rmSync(dir, { recursive: true, force: true });
});

/** The log's JSON lines. */
function logLines(): Array<Record<string, unknown>> {
	return output
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Fails at once when the host died, rather than waiting for what it will never do. */
function alive(): void {
	if (host?.exitCode !== null) throw new Error(`The host exited:\n${output}`);
}

describe('the production host at start, with no request made', () => {
	it('sends the newsletter queued before it started', async () => {
		const { newsletterDeliveries } = schemaOf(db);
		const delivery = await eventually(async () => {
			alive();
			const row = await firstRow(
				db.select({ status: newsletterDeliveries.status }).from(newsletterDeliveries),
			);
			return row?.status === 'sent' ? row : undefined;
		}, 60_000);
		expect(delivery.status).toBe('sent');
		const mails = readdirSync(join(dir, 'outbox')).filter((name) => name.endsWith('.eml'));
		expect(mails).toHaveLength(1);
		expect(readFileSync(join(dir, 'outbox', mails[0]!), 'utf8')).toContain(recipient);
		// Nothing was asked of the server: its access log is empty (no request of its own either).
		expect(
			logLines().filter((line) => line.msg === 'request'),
			output,
		).toEqual([]);
	});

	// Only PostgreSQL has other nodes to hear from.
	if (engine === 'postgres')
		it('listens for the other nodes’ content changes', async () => {
			const listeners = await eventually(async () => {
				alive();
				const rows = (
					await (
						db as unknown as { execute: (query: unknown) => Promise<{ rows: Array<{ count: string }> }> }
					).execute(
						sql`select count(*) as count from pg_stat_activity
					where datname = current_database() and application_name = 'retail-media-hub content listener'`,
					)
				).rows;
				return Number(rows[0]!.count) > 0 ? Number(rows[0]!.count) : undefined;
			}, 60_000);
			expect(listeners).toBe(1);
			expect(
				logLines().filter((line) => line.msg === 'request'),
				output,
			).toEqual([]);
		});

	it('answers readiness from the app, and then its access log has that probe only', async () => {
		const answer = await fetch(`${url}/readyz`);
		expect(answer.status).toBe(200);
		const requests = await eventually(() => {
			const lines = logLines().filter((line) => line.msg === 'request');
			return lines.length > 0 ? lines : undefined;
		});
		expect(requests.map((line) => line.path)).toEqual(['/readyz']);
	});

	// The newsletter sent and the readiness probe asked the database: through one pool.
	if (engine === 'postgres')
		it('used one database pool for the routes, the worker and readiness', async () => {
			// 'close', not 'exit': the last lines on stderr may still be in the pipe when it exits.
			const exited = new Promise<number | null>((resolve) => host!.once('close', resolve));
			host!.kill('SIGTERM');
			expect(await exited).toBe(0);
			expect(readFileSync(join(dir, 'pool-count'), 'utf8')).toBe('database pools used: 1\n');
		});
});

describe('the host bundle', () => {
	it('holds no database driver or ORM: the database is the app’s, reached through the app', () => {
		const bundle = readFileSync(HOST_ENTRY, 'utf8');
		const imports = [...bundle.matchAll(/^import\b[^;]*?from\s+["']([^"']+)["']/gm)].map(
			(match) => match[1]!,
		);
		expect(imports.length).toBeGreaterThan(0);
		for (const name of imports) expect(name).not.toMatch(/^(better-sqlite3|pg|pg-pool|drizzle-orm)(\/|$)/);
		expect(bundle).not.toMatch(/better-sqlite3|drizzle-orm|from ["']pg["']/);
		// The app's lifecycle module sits in the server build, beside the entry the host imports.
		expect(readFileSync(resolve(HOST_ENTRY, '../../server/app.mjs'), 'utf8')).toMatch(
			/export \{[^}]*\bstartApp\b/,
		);
	});
});
