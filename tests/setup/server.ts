/**
 * Starts the built site (the production host, $DIST_DIR/host/main.mjs) on a free port with its
 * own temporary SQLite database, optionally seeded with the demo content, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { openDatabase, schema, type AppDatabase } from '@/server/db';
import { freePort } from './ports';

/** The built host, as `npm run serve` starts it. */
export const HOST_ENTRY = resolve(process.env.DIST_DIR || 'dist', 'host/main.mjs');

/**
 * A session cookie of an editor, for driving the site generation the way an editor does: an
 * active editor already in the database (the demo one when seeded), else a new one made for it.
 */
export function editorCookie(db: AppDatabase): string {
	const { users, sessions } = schema;
	let editor = db
		.select({ id: users.id })
		.from(users)
		.where(and(eq(users.role, 'editor'), eq(users.isBanned, false)))
		.limit(1)
		.get();
	editor ??= db
		.insert(users)
		.values({ username: 'site-operator', email: 'site-operator@test.invalid', passwordHash: '!', role: 'editor' })
		.returning({ id: users.id })
		.get();
	const token = generateToken();
	db.insert(sessions)
		.values({ id: hashToken(token), userId: editor.id, createdAt: new Date(), expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000) })
		.run();
	return `session=${token}`;
}

export type TestServer = {
	url: string;
	dir: string;
	dbPath: string;
	outboxDir: string;
	/** A second connection to the server's database, for arranging and checking data. */
	db: AppDatabase;
	logs: () => string;
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
	const dir = mkdtempSync(join(tmpdir(), 'rmh-test-'));
	const dbPath = join(dir, 'app.db');
	const outboxDir = join(dir, 'outbox');
	const db = openDatabase(dbPath);
	if (options.seed) {
		const { seedIfEmpty } = await import('@db/seed/index');
		await seedIfEmpty(db);
	}
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	let output = '';
	const child = spawn(process.execPath, [HOST_ENTRY], {
		env: {
			...process.env,
			HOST: '127.0.0.1',
			PORT: String(port),
			DATABASE_PATH: dbPath,
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
	const logs = () => output;
	await waitUntilUp(url, child, logs);
	let operator: string | undefined;
	const operatorHeaders = () => ({ cookie: (operator ??= editorCookie(db)) });

	/** Waits until the site generator has nothing queued or running; returns its status. */
	async function siteIdle(): Promise<SiteStatus> {
		const deadline = Date.now() + 60_000;
		for (;;) {
			let status: SiteStatus;
			try {
				const response = await fetch(`${url}/api/admin/site-build`, { headers: operatorHeaders() });
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
			if (Date.now() > deadline) throw new Error(`Site generation did not settle: ${JSON.stringify(status)}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}

	return {
		url,
		dir,
		dbPath,
		outboxDir,
		db,
		logs,
		siteIdle,
		async regenerate() {
			const statusUrl = `${url}/api/admin/site-build`;
			const headers = { ...operatorHeaders(), origin: url };
			const readStatus = async () => (await (await fetch(statusUrl, { headers })).json()) as SiteStatus;
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
				const exited = new Promise((resolve) => child.once('exit', resolve));
				child.kill('SIGTERM');
				await exited;
			}
			db.$client.close();
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
