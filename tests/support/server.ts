/**
 * Starts the built site (the production host, $DIST_DIR/host/main.mjs) on a free port with its
 * own temporary database, optionally seeded with the demo content, and stops it afterwards.
 * TEST_DATABASE chooses the engine: a SQLite file (`sqlite`, the default) or a throwaway
 * PostgreSQL database of the test run's cluster (`postgres`).
 *
 * The database and the generated pages are copies of the run's templates (tests/support/
 * templates.ts), made once by a server started the same way; `fresh` opts out for tests of
 * migrating, seeding or generating at start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { firstRow, openDatabase, schemaOf, type AppDatabase } from '@/server/db';
import { leaksInLogs } from './log-leaks';
import { freePort } from '../../scripts/shared/ports';
import { oncePerRun } from './once-per-run';
import { postgresTestDatabase } from './postgres-databases';
import { copySiteTemplate, sqliteTemplate, templatesDir, type SiteTemplate } from './templates';

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
	/** The server process's id, to read its memory from /proc. */
	pid: number;
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

export type StartOptions = {
	seed?: boolean;
	env?: Record<string, string>;
	/**
	 * Migrate (and seed) the database and generate every page at start, as a new install does,
	 * rather than copy the run's templates: for tests of those steps or of the status after them.
	 */
	fresh?: boolean;
};

/**
 * Settings that change what the generated pages hold (besides SITE_URL, which the copy rewrites
 * when it is the server's own address) or whether there are any: a server given one of them
 * generates its own pages.
 */
const PAGE_SETTINGS = ['SITE_URL', 'SITE_DIR', 'SITE_GENERATE_ON_START', 'PODCAST_OWNER_EMAIL'];

async function waitUntilUp(url: string, child: ChildProcess, logs: () => string): Promise<void> {
	// A start took 10-20 s on a 2-core machine with the load average above 20.
	const deadline = Date.now() + 90_000;
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

type Launch = StartOptions & {
	/** Where the pages go: the server's own folder, or a template's (kept after the stop). */
	siteDir?: string;
};

/** The pages a server generates at start on a copy of the run's (seeded) database template. */
function siteTemplate(engine: TestEngine, seeded: boolean): Promise<SiteTemplate> {
	const name = `site-${engine}-${seeded ? 'seeded' : 'migrated'}`;
	return oncePerRun(templatesDir(), name, async () => {
		const dir = join(templatesDir(), name);
		const server = await launch({ seed: seeded, siteDir: dir });
		try {
			const status = await server.siteIdle();
			if (status.lastError) throw new Error(`The template pages failed: ${status.lastError}`);
		} finally {
			await server.stop();
		}
		return { dir, origin: server.url };
	});
}

/** Nothing secret in any line a server wrote, whatever the test did. */
export function checkServerLogs(output: string): void {
	const leaks = leaksInLogs(output);
	if (leaks.length > 0) throw new Error(`The server's log leaks:\n${leaks.slice(0, 10).join('\n')}`);
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
	return launch(options);
}

async function launch(options: Launch): Promise<TestServer> {
	const engine = testEngine();
	const dir = mkdtempSync(join(tmpdir(), 'rmh-test-'));
	const outboxDir = join(dir, 'outbox');
	const seed = Boolean(options.seed);
	let dbPath: string | undefined;
	let db: AppDatabase;
	let databaseEnv: Record<string, string>;
	let closeDatabase: () => Promise<void>;
	if (engine === 'postgres') {
		const postgres = await postgresTestDatabase({ seeded: seed && !options.fresh });
		db = postgres.db as unknown as AppDatabase;
		databaseEnv = { DATABASE_URL: postgres.url };
		closeDatabase = postgres.close;
	} else {
		dbPath = join(dir, 'app.db');
		if (!options.fresh) copyFileSync(await sqliteTemplate(seed), dbPath);
		const sqlite = openDatabase(dbPath);
		db = sqlite;
		databaseEnv = { DATABASE_PATH: dbPath, DATABASE_URL: '' };
		closeDatabase = async () => void sqlite.$client.close();
	}
	if (seed && options.fresh) {
		const { seedIfEmpty } = await import('../../scripts/seed/index');
		const { hashPassword } = await import('@/server/auth/password');
		await seedIfEmpty(db, hashPassword);
	}
	if (process.env.TEST_HOST === 'in-process') {
		// `npm run test:quick`: the app in this process, compiled from source (no build).
		const { startInProcessServer } = await import('./in-process-host');
		return startInProcessServer(options, { dir, engine, dbPath, outboxDir, databaseEnv, closeDatabase });
	}
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const metricsPort = options.env?.METRICS_PORT;
	const siteDir = options.siteDir ?? join(dir, 'site');
	// A template's own server generates; others copy the template unless told otherwise.
	const copiesPages =
		!options.siteDir && !options.fresh && !PAGE_SETTINGS.some((name) => options.env?.[name] !== undefined);
	if (copiesPages) await copySiteTemplate(await siteTemplate(engine, seed), siteDir, url);
	let output = '';
	// No DATABASE_PATH inherited beside a DATABASE_URL: the host must not find a file to use.
	const { DATABASE_PATH: _inherited, ...inheritedEnv } = process.env;
	// TEST_SERVER_NODE_ARGS adds Node flags to every test server, e.g. `--cpu-prof --cpu-prof-dir=DIR`
	// to see where a file's server spends its CPU (Node refuses --cpu-prof in NODE_OPTIONS).
	const nodeArgs = process.env.TEST_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
	const child = spawn(process.execPath, [...nodeArgs, HOST_ENTRY], {
		env: {
			...inheritedEnv,
			HOST: '127.0.0.1',
			PORT: String(port),
			...databaseEnv,
			SITE_URL: url,
			OUTBOX_DIR: outboxDir,
			MEDIA_DIR: join(dir, 'media'),
			SITE_DIR: siteDir,
			SMTP_URL: '',
			NODE_ENV: 'production',
			// The copied pages are this database's, so there is nothing to generate at start.
			...(copiesPages ? { SITE_GENERATE_ON_START: '0' } : {}),
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
	// biome-ignore lint/suspicious/noAssignInExpressions: signs in once, on first use
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
			const settled = status.lastSuccessAt || status.lastError;
			// Copied pages are current until a change queues some: nothing ran, nothing will.
			const nothingToRun = copiesPages && status.lastStartedAt === null;
			if (!status.running && status.queued === 0 && (settled || nothingToRun)) return status;
			if (Date.now() > deadline) throw new Error(`Site generation did not settle: ${JSON.stringify(status)}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}

	return {
		url,
		dir,
		pid: child.pid!,
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
			const readStatus = async () => (await (await fetch(statusUrl, { headers })).json()) as SiteStatus;
			// With SITE_GENERATE_ON_START=0 nothing has run yet, and there is nothing to wait for.
			const first = await readStatus();
			const neverRan = !first.running && first.queued === 0 && first.lastStartedAt === null;
			const before = neverRan ? null : (await siteIdle()).lastStartedAt;
			const started = await fetch(statusUrl, { method: 'POST', headers });
			if (started.status !== 202) throw new Error(`Site generation refused: ${started.status}`);
			const deadline = Date.now() + 60_000;
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
			checkServerLogs(output);
		},
	};
}
