/**
 * The load test: page views and API reads, writes, and sign-ins (mostly wrong passwords) at
 * once on 50 connections for 30 seconds, repeated. Each group reports its own throughput, p50,
 * p99 and errors, so the reads' p99 shows whether password hashing starves them; the server's
 * memory after each run must not keep growing.
 */
import { fileURLToPath } from 'node:url';
import { hashPassword } from '@/server/auth/password';
import { openDatabase, schemaOf, type AppDatabase } from '@/server/db';
import { closePostgres, openPostgres } from '@/server/db/postgres-connection';
import { procMemory, runToEnd } from './processes';
import type { BenchServer } from './server';

export type LoadFigures = {
	requestsPerSecond: number;
	totalRequests: number;
	latencyP50: number;
	latencyP99: number;
	latencyMax: number;
	errors: number;
	timeouts: number;
	non2xx: number;
	statusCodes: Record<string, { count: number }>;
};

export type MixedLoadRun = {
	/** Page views and API reads. */
	reads: LoadFigures;
	/** Votes and ratings by signed-in users. */
	writes: LoadFigures;
	/** One right password for every three wrong ones, each from its own address. */
	signIns: LoadFigures;
	rssAfterBytes: number | null;
	error?: string;
};

/** How the 50 connections are shared out. */
export const MIXED_CONNECTIONS = { reads: 36, writes: 6, signIns: 8 } as const;

/** Reads beside 8 clients signing in continuously, no writes: what password hashing takes from reads. */
export const READS_BESIDE_SIGN_INS = { reads: 16, writes: 0, signIns: 8 } as const;

const NO_FIGURES: LoadFigures = {
	requestsPerSecond: 0,
	totalRequests: 0,
	latencyP50: 0,
	latencyP99: 0,
	latencyMax: 0,
	errors: 0,
	timeouts: 0,
	non2xx: 0,
	statusCodes: {},
};

const USERS = 200;
const PASSWORD = 'load-test-password';

/** The bench server's database: its SQLite file, or its PostgreSQL URL. */
export type BenchDatabase = { path: string } | { url: string };

/** Creates the load test's users straight in the database (one hash, reused). */
async function createUsers(database: BenchDatabase): Promise<{ email: string; password: string }[]> {
	const hash = await hashPassword(PASSWORD);
	const accounts = Array.from({ length: USERS }, (_, i) => ({
		email: `load${i}@example.com`,
		password: PASSWORD,
	}));
	const postgres = 'url' in database ? openPostgres(database.url, { max: 1 }) : undefined;
	const handle = postgres
		? (postgres as unknown as AppDatabase)
		: openDatabase((database as { path: string }).path);
	try {
		const { users } = schemaOf(handle);
		await handle
			.insert(users)
			.values(
				accounts.map((account, i) => ({
					username: `load_user_${i}`,
					email: account.email,
					passwordHash: hash,
					role: 'user' as const,
				})),
			)
			.onConflictDoNothing();
	} finally {
		if (postgres) await closePostgres(postgres);
		else handle.$client.close();
	}
	return accounts;
}

async function signInAll(origin: string, accounts: { email: string; password: string }[]): Promise<string[]> {
	const cookies: string[] = [];
	for (let i = 0; i < accounts.length; i += 8) {
		const batch = await Promise.all(
			accounts.slice(i, i + 8).map(async (account) => {
				const response = await fetch(`${origin}/api/login`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(account),
				});
				await response.arrayBuffer();
				const line = response.headers.getSetCookie().find((c) => c.startsWith('session='));
				if (!line) throw new Error(`load user sign-in failed: ${response.status}`);
				return line.split(';')[0]!;
			}),
		);
		cookies.push(...batch);
	}
	return cookies;
}

async function targets(origin: string) {
	const platforms = (await (await fetch(`${origin}/api/platforms`)).json()) as { id: number }[];
	const [article] = (await (await fetch(`${origin}/api/news?limit=1`)).json()) as { id: number }[];
	const commentIds: number[] = [];
	for (const platform of platforms.slice(0, 10)) {
		const comments = (await (await fetch(`${origin}/api/platforms/${platform.id}/comments`)).json()) as {
			id: number;
		}[];
		commentIds.push(...comments.map((c) => c.id));
	}
	return { platformIds: platforms.map((p) => p.id), articleId: article!.id, commentIds };
}

/**
 * Runs the mix `rounds` times against a running bench server with the demo content. The server
 * must trust X-Forwarded-For (TRUST_PROXY=1), so each sign-in is its own client.
 */
export async function mixedLoad(
	server: BenchServer,
	database: BenchDatabase,
	{
		duration = 30,
		rounds = 3,
		connections = MIXED_CONNECTIONS,
	}: {
		duration?: number;
		rounds?: number;
		connections?: { reads: number; writes: number; signIns: number };
	} = {},
): Promise<MixedLoadRun[]> {
	const accounts = await createUsers(database);
	const cookies = await signInAll(server.url, accounts);
	const config = {
		origin: server.url,
		cookies,
		accounts,
		duration,
		readConnections: connections.reads,
		writeConnections: connections.writes,
		signInConnections: connections.signIns,
		...(await targets(server.url)),
	};
	const worker = fileURLToPath(new URL('./mixed-load-worker.mjs', import.meta.url));
	const runs: MixedLoadRun[] = [];
	for (let round = 0; round < rounds; round += 1) {
		const { code, stdout, stderr } = await runToEnd(process.execPath, [worker, JSON.stringify(config)], {
			cpu: 1,
		});
		const rssAfterBytes = procMemory(server.pid, 'VmRSS');
		if (code !== 0) {
			const error = stderr.trim().split('\n').pop();
			runs.push({ reads: NO_FIGURES, writes: NO_FIGURES, signIns: NO_FIGURES, rssAfterBytes, error });
			continue;
		}
		runs.push({ ...(JSON.parse(stdout.trim().split('\n').pop()!) as MixedLoadRun), rssAfterBytes });
	}
	return runs;
}
