/**
 * Starts the built site (the production host, $DIST_DIR/host/main.mjs) on a free port with its
 * own temporary database, optionally seeded with the demo content, and stops it afterwards.
 * TEST_DATABASE chooses the engine: a SQLite file (`sqlite`, the default) or a throwaway
 * PostgreSQL database of the test run's cluster (`postgres`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { firstRow, openDatabase, schemaOf, type AppDatabase } from '@/server/db';
import { leaksInLogs } from './log-leaks';
import { freePort } from './ports';
import { postgresTestDatabase } from './postgres';

export type TestEngine = 'sqlite' | 'postgres';

/** The engine the servers of this test run use, from TEST_DATABASE. */
export function testEngine(): TestEngine {
	const value = process.env.TEST_DATABASE || 'sqlite';
	if (value !== 'sqlite' && value !== 'postgres') {
		throw new Error(`TEST_DATABASE must be sqlite or postgres, not ${value}`);
	}
	return value;
}

/** The tables of a test database's engine. */
export type Tables = ReturnType<typeof schemaOf>;

/** The built host, as `npm run serve` starts it. */
export const HOST_ENTRY = resolve(process.env.DIST_DIR || 'dist', 'host/main.mjs');

/**
 * A session cookie of an editor, for driving the site generation the way an editor does: an
 * active editor already in the database (the demo one when seeded), else a new one made for it.
 */
export async function editorCookie(db: AppDatabase): Promise<string> {
	const { users, sessions } = schemaOf(db);
	let editor = await firstRow(
		db
			.select({ id: users.id })
			.from(users)
			.where(and(eq(users.role, 'editor'), eq(users.isBanned, false)))
			.limit(1),
	);
	editor ??= (
		await db
			.insert(users)
			.values({
				username: 'site-operator',
				email: 'site-operator@test.invalid',
				passwordHash: '!',
				role: 'editor',
			})
			.returning({ id: users.id })
	)[0]!;
	const token = generateToken();
	await db.insert(sessions).values({
		id: hashToken(token),
		userId: editor.id,
		createdAt: new Date(),
		expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
	});
	return `session=${token}`;
}

export type TestServer = {
	url: string;
	dir: string;
	engine: TestEngine;
	/** The SQLite file; undefined on PostgreSQL. */
	dbPath: string | undefined;
	outboxDir: string;
	/**
	 * A second connection to the server's database, for arranging and checking data: either
	 * engine behind the app's common type, so every query is awaited (firstRow for `.get()`).
	 */
	db: AppDatabase;
	/** The tables of the server's engine (schemaOf(db)). */
	tables: Tables;
	logs: () => string;
	/** The port of its metrics server, when started with METRICS_PORT. */
	metricsUrl: string | undefined;
	/** Sends a signal; resolves with the exit code once the process has exited. */
	signal: (signal: NodeJS.Signals) => Promise<number | null>;
	/** Waits until the site generator has nothing queued or running; returns its status. */
	siteIdle: () => Promise<SiteStatus>;
	/**
	 * Runs a full generation and waits for it (after changing the database behind the app's back).
	 * A queued full generation does not show in `queued`, so this waits for it to start first.
	 */
	regenerate: () => Promise<SiteStatus>;
	stop: () => Promise<void>;
};

export type SiteStatus = {
	running: boolean;
	queued: number;
	lastStartedAt: string | null;
	lastSuccessAt: string | null;
	lastError: string | null;
};

export type StartOptions = { seed?: boolean; env?: Record<string, string> };

async function waitUntilUp(url: string, child: ChildProcess, logs: () => string): Promise<void> {
	const deadline = Date.now() + 30_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`Server exited early:\n${logs()}`);
		try {
			const response = await fetch(`${url}/api/user`);
			if (response.status === 401 || response.ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`Server did not start:\n${logs()}`);
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
	const engine = testEngine();
	const dir = mkdtempSync(join(tmpdir(), 'rmh-test-'));
	const outboxDir = join(dir, 'outbox');
	let dbPath: string | undefined;
	let db: AppDatabase;
	let databaseEnv: Record<string, string>;
	let closeDatabase: () => Promise<void>;
	if (engine === 'postgres') {
		const postgres = await postgresTestDatabase();
		db = postgres.db as unknown as AppDatabase;
		databaseEnv = { DATABASE_URL: postgres.url };
		closeDatabase = postgres.close;
	} else {
		dbPath = join(dir, 'app.db');
		const sqlite = openDatabase(dbPath);
		db = sqlite;
		databaseEnv = { DATABASE_PATH: dbPath, DATABASE_URL: '' };
		closeDatabase = async () => void sqlite.$client.close();
	}
	if (options.seed) {
		const { seedIfEmpty } = await import('@db/seed/index');
		const { hashPassword } = await import('@/server/auth/password');
		await seedIfEmpty(db, hashPassword);
	}
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const metricsPort = options.env?.METRICS_PORT;
	let output = '';
	// No DATABASE_PATH inherited beside a DATABASE_URL: the host must not find a file to use.
	const { DATABASE_PATH: _inherited, ...inheritedEnv } = process.env;
	const child = spawn(process.execPath, [HOST_ENTRY], {
		env: {
			...inheritedEnv,
			HOST: '127.0.0.1',
			PORT: String(port),
			...databaseEnv,
			SITE_URL: url,
			OUTBOX_DIR: outboxDir,
			SITE_DIR: join(dir, 'site'),
			SMTP_URL: '',
			NODE_ENV: 'production',
			...options.env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout!.on('data', (chunk) => (output += chunk));
	child.stderr!.on('data', (chunk) => (output += chunk));
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
	const logs = () => output;
	await waitUntilUp(url, child, logs);
	let operator: string | undefined;
	const operatorHeaders = async () => ({ cookie: (operator ??= await editorCookie(db)) });

	/** Waits until the site generator has nothing queued or running; returns its status. */
	async function siteIdle(): Promise<SiteStatus> {
		const deadline = Date.now() + 60_000;
		for (;;) {
			let status: SiteStatus;
			try {
				const response = await fetch(`${url}/api/admin/site-build`, {
					headers: await operatorHeaders(),
				});
				status = (await response.json()) as SiteStatus;
			} catch (error) {
				// A reset connection (seen on busy machines) is retried; a dead server is not.
				if (child.exitCode !== null) throw new Error(`Server exited:\n${logs()}`);
				if (Date.now() > deadline) throw error;
				await new Promise((resolve) => setTimeout(resolve, 100));
				continue;
			}
			if (!status.running && status.queued === 0 && (status.lastSuccessAt || status.lastError)) {
				return status;
			}
			if (Date.now() > deadline)
				throw new Error(`Site generation did not settle: ${JSON.stringify(status)}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}

	return {
		url,
		dir,
		engine,
		dbPath,
		outboxDir,
		db,
		tables: schemaOf(db),
		logs,
		metricsUrl: metricsPort ? `http://127.0.0.1:${metricsPort}` : undefined,
		async signal(signal) {
			if (child.exitCode === null) child.kill(signal);
			return exited;
		},
		siteIdle,
		async regenerate() {
			const statusUrl = `${url}/api/admin/site-build`;
			const headers = { ...(await operatorHeaders()), origin: url };
			const readStatus = async () =>
				(await (await fetch(statusUrl, { headers })).json()) as SiteStatus;
			// With SITE_GENERATE_ON_START=0 nothing has run yet, and there is nothing to wait for.
			const first = await readStatus();
			const neverRan = !first.running && first.queued === 0 && first.lastStartedAt === null;
			const before = neverRan ? null : (await siteIdle()).lastStartedAt;
			const started = await fetch(statusUrl, { method: 'POST', headers });
			if (started.status !== 202) throw new Error(`Site generation refused: ${started.status}`);
			const deadline = Date.now() + 10_000;
			while ((await readStatus()).lastStartedAt === before) {
				if (Date.now() > deadline) throw new Error('Site generation did not start');
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			return siteIdle();
		},
		async stop() {
			if (child.exitCode === null) {
				child.kill('SIGTERM');
				await exited;
			}
			await closeDatabase();
			rmSync(dir, { recursive: true, force: true });
			// Nothing secret in any line the server wrote, whatever the test did.
			const leaks = leaksInLogs(output);
			if (leaks.length > 0) throw new Error(`The server's log leaks:\n${leaks.slice(0, 10).join('\n')}`);
		},
	};
}
