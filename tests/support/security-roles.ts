/**
 * Shared by the security tests: the five roles the authorization matrix and the fuzzer act as,
 * throwaway accounts and sessions written straight into the server's database (fast, and no
 * registration rate limit), and table snapshots to tell what a request changed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { hashPassword } from '@/server/auth/password';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { rawRows } from '@/server/db';
import { TestClient } from './account-api';
import { startServer, type TestServer } from './server';

export const ROLES = ['anonymous', 'banned', 'other', 'user', 'editor'] as const;
export type Role = (typeof ROLES)[number];
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/** Who makes a request: a client (with or without a session) and the account behind it. */
export type Persona = {
	role: Role;
	client: TestClient;
	/** The account's id; for `anonymous`, an account the client is NOT signed in as. */
	id: number;
	email: string;
	username: string;
	password: string;
};

/** The demo accounts the seed creates (listed in the README). */
export const DEMO = {
	editor: { email: 'editor@example.com', password: 'editor123' },
	user: { email: 'user@example.com', password: 'user123' },
} as const;

/**
 * A seeded server that trusts X-Forwarded-For, so each TestClient is its own rate-limit key.
 * It returns once the first site generation is done: that generation keeps the server busy
 * for seconds, long enough for idle keep-alive connections to be reset under a request.
 */
export async function startSecurityServer(env: Record<string, string> = {}): Promise<TestServer> {
	const server = await startServer({ seed: true, env: { TRUST_PROXY: '1', ...env } });
	await server.siteIdle();
	return server;
}

/** The password of every throwaway account (hashed once per test file). */
export const THROWAWAY_PASSWORD = 'throwaway-pass-1';
let throwawayHash: Promise<string> | undefined;
let counter = 0;

/** A unique tag for names and emails (unique per process and call). */
export function uniqueTag(): string {
	counter += 1;
	return `${process.pid.toString(36)}${counter.toString(36)}`;
}

/** Inserts an account straight into the database (no rate limit, no argon2 per call). */
export async function insertAccount(
	server: TestServer,
	options: { role?: 'user' | 'editor'; isBanned?: boolean } = {},
): Promise<{ id: number; email: string; username: string; password: string }> {
	throwawayHash ??= hashPassword(THROWAWAY_PASSWORD);
	const tag = uniqueTag();
	const email = `sec_${tag}@example.com`;
	const username = `sec_${tag}`;
	const { users } = server.tables;
	const [row] = await server.db
		.insert(users)
		.values({
			email,
			username,
			passwordHash: await throwawayHash,
			role: options.role ?? 'user',
			isBanned: options.isBanned ?? false,
			// As a sign-up leaves it: the address is not verified yet.
			emailVerified: false,
		})
		.returning({ id: users.id });
	return { id: row!.id, email, username, password: THROWAWAY_PASSWORD };
}

/** Gives the client a session of the user, minted in the database like startSession does. */
export async function mintSession(server: TestServer, client: TestClient, userId: number): Promise<void> {
	const token = generateToken();
	await server.db.insert(server.tables.sessions).values({
		id: hashToken(token),
		userId,
		expiresAt: new Date(Date.now() + 86_400_000),
		createdAt: new Date(),
	});
	// The client keeps its cookie privately; set it as a Set-Cookie answer would.
	(client as unknown as { cookie: string }).cookie = `session=${token}`;
}

/**
 * A new persona of the role on a new client (its own address). Banned users get a session
 * minted before the ban shows, as an account banned while signed in has.
 */
export async function freshPersona(server: TestServer, role: Role): Promise<Persona> {
	const account = await insertAccount(server, {
		role: role === 'editor' ? 'editor' : 'user',
		isBanned: role === 'banned',
	});
	const client = new TestClient(server.url);
	if (role !== 'anonymous') await mintSession(server, client, account.id);
	return { role, client, ...account };
}

/** Signs a new client in through POST /api/login. */
export async function loginPersona(
	server: TestServer,
	role: Role,
	credentials: { email: string; password: string },
): Promise<Persona> {
	const client = new TestClient(server.url);
	const answer = await client.login(credentials.email, credentials.password);
	if (answer.status !== 200) {
		throw new Error(
			`Sign-in as ${credentials.email} failed: ${answer.status} ${JSON.stringify(answer.body)}`,
		);
	}
	return {
		role,
		client,
		id: answer.body.id,
		email: credentials.email,
		username: answer.body.username,
		password: credentials.password,
	};
}

/** Bans an account behind the app's back (as the brief says: isBanned set in the database). */
export async function banInDatabase(server: TestServer, userId: number): Promise<void> {
	const { users } = server.tables;
	await server.db.update(users).set({ isBanned: true }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------- routes from the file system

const API_DIR = join(process.cwd(), 'src', 'pages', 'api');

export type RouteFile = { route: string; file: string; methods: string[] };

function walk(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
	);
}

/**
 * Every endpoint file under src/pages/api as a route pattern ('api/news/[id].ts' is
 * '/api/news/{id}', 'index.ts' is its folder) with the HTTP methods it exports. Any export
 * that looks like a handler counts, so a new spelling (`export async function`, `export
 * { GET }`, `ALL`) cannot slip past the matrix.
 */
export function apiRoutesFromFileSystem(): RouteFile[] {
	return walk(API_DIR)
		.filter((file) => /\.(ts|js|mjs)$/.test(file) && !/\.d\.ts$/.test(file))
		.map((file) => {
			const rel = relative(API_DIR, file)
				.split(sep)
				.join('/')
				.replace(/\.(ts|js|mjs)$/, '');
			const route = `/api/${rel}`
				.replace(/\/index$/, '')
				.replace(/\[\.\.\.([^\]]+)\]/g, '{...$1}')
				.replace(/\[([^\]]+)\]/g, '{$1}');
			const source = readFileSync(file, 'utf8');
			const methods = new Set<string>();
			const handler =
				/export\s+(?:const|let|var|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL|OPTIONS|HEAD)\b/g;
			for (const match of source.matchAll(handler)) methods.add(match[1]!);
			for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
				for (const name of match[1]!.split(',').map(
					(part) =>
						part
							.trim()
							.split(/\s+as\s+/)
							.pop()!,
				)) {
					if (/^(GET|POST|PUT|PATCH|DELETE|ALL|OPTIONS|HEAD)$/.test(name)) methods.add(name);
				}
			}
			return { route, file: relative(process.cwd(), file), methods: [...methods].sort() };
		})
		.sort((a, b) => a.route.localeCompare(b.route));
}

// ---------------------------------------------------------------- snapshots

/**
 * Columns that other people's actions legitimately move (derived counters), left out, and
 * PostgreSQL's generated search documents (they follow the columns they are made of); a
 * `table.column` entry leaves out that table's column only.
 */
const DERIVED = new Set([
	'rating',
	// The weighted score (issue 47), recomputed with the rating.
	'score',
	'review_count',
	// The platform's kept breakdown, recomputed with its rating.
	'stars_1',
	'stars_2',
	'stars_3',
	'stars_4',
	'stars_5',
	'ease_of_use_average',
	'support_average',
	'measurement_average',
	'value_for_money_average',
	// How many reviews each sub-score average is of (issue 43), kept with the averages.
	'ease_of_use_count',
	'support_count',
	'measurement_count',
	'value_for_money_count',
	// When the background worker last computed the platform's themes (issue 47).
	'themes_computed_at',
	// Which generation of review_themes readers use, moved by the same worker.
	'themes_generation',
	'helpful_votes',
	'unhelpful_votes',
	'search_vector',
	// The outbox's queue columns, which the webhook worker moves in the background (an event is
	// fanned out after the change that recorded it): only the event itself is compared.
	'partner_events.status',
	'partner_events.attempts',
	'partner_events.next_attempt_at',
	'partner_events.claimed_at',
	'partner_events.fanned_out_at',
]);

export const SNAPSHOT_TABLES = [
	'users',
	'articles',
	'static_pages',
	'platforms',
	'platform_ratings',
	'platform_comments',
	'comment_votes',
	'review_votes',
	'review_replies',
	'review_reports',
	'platform_representatives',
	'platform_follows',
	'podcast_episodes',
	'media_items',
	'media_audio',
	// The partner events' outbox: written with the change, so a refused call records none.
	'partner_events',
] as const;
export type SnapshotTable = (typeof SNAPSHOT_TABLES)[number];
export type Snapshot = Record<SnapshotTable, Map<number, Record<string, unknown>>>;

/** Every row of the content and community tables, by id, without derived counters. */
export async function snapshot(server: TestServer): Promise<Snapshot> {
	const result = {} as Snapshot;
	for (const table of SNAPSHOT_TABLES) {
		const rows = await rawRows<Record<string, unknown>>(
			sql`SELECT * FROM ${sql.identifier(table)}`,
			server.db,
		);
		result[table] = new Map(
			rows.map((row) => {
				const kept = Object.fromEntries(
					Object.entries(row).filter(([key]) => !DERIVED.has(key) && !DERIVED.has(`${table}.${key}`)),
				);
				return [Number(row.id), kept];
			}),
		);
	}
	return result;
}

/**
 * What moves whenever anything may have been written. SQLite: `PRAGMA data_version` moves when
 * another connection (the server) commits, total_changes() when this one writes. PostgreSQL: the
 * current snapshot (next transaction id, those in flight) moves with every writing transaction,
 * other databases' included, which costs a snapshot now and then but never misses a change.
 */
async function changeMark(server: TestServer): Promise<string> {
	if (server.engine === 'postgres') {
		const [row] = await rawRows<{ mark: string }>(sql`SELECT pg_current_snapshot()::text AS mark`, server.db);
		return row!.mark;
	}
	const sqlite = server.db.$client;
	const version = sqlite.pragma('data_version', { simple: true });
	const own = (sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
	return `${version}:${own}`;
}

/** Snapshots that are taken again only when the database changed. */
export function snapshotWatcher(server: TestServer): () => Promise<Snapshot> {
	let cached: { key: string; snap: Snapshot } | undefined;
	return async () => {
		const key = await changeMark(server);
		if (cached?.key !== key) cached = { key, snap: await snapshot(server) };
		return cached.snap;
	};
}

export type RowChange = {
	table: SnapshotTable;
	id: number;
	kind: 'added' | 'changed' | 'removed';
	before?: Record<string, unknown>;
	after?: Record<string, unknown>;
};

/** Each snapshot row's JSON, made once: a watcher's snapshot is compared again and again. */
const rowTexts = new WeakMap<Record<string, unknown>, string>();
function rowText(row: Record<string, unknown>): string {
	let text = rowTexts.get(row);
	if (text === undefined) {
		text = JSON.stringify(row);
		rowTexts.set(row, text);
	}
	return text;
}

/** The rows added, changed or removed between two snapshots. */
export function diff(before: Snapshot, after: Snapshot): RowChange[] {
	const changes: RowChange[] = [];
	// The same snapshot twice (a watcher's, when nothing was written in between) has no changes.
	if (before === after) return changes;
	for (const table of SNAPSHOT_TABLES) {
		for (const [id, row] of before[table]) {
			const now = after[table].get(id);
			if (!now) changes.push({ table, id, kind: 'removed', before: row });
			else if (now !== row && rowText(now) !== rowText(row))
				changes.push({ table, id, kind: 'changed', before: row, after: now });
		}
		for (const [id, row] of after[table]) {
			if (!before[table].has(id)) changes.push({ table, id, kind: 'added', after: row });
		}
	}
	return changes;
}

/** Short text of changes for failure messages. */
export function describeChanges(changes: RowChange[]): string {
	return changes
		.slice(0, 10)
		.map((c) => `${c.kind} ${c.table}#${c.id} ${JSON.stringify(c.after ?? c.before).slice(0, 200)}`)
		.join('\n');
}

/**
 * Everything a user owns: their account row (password hash included), ratings, comments
 * (text and status; vote counters are other people's doing), votes and sessions.
 */
export async function ownedState(server: TestServer, userId: number): Promise<string> {
	const rows = (query: SQL) => rawRows<Record<string, unknown>>(query, server.db);
	return JSON.stringify({
		user: (await rows(sql`SELECT * FROM users WHERE id = ${userId}`))[0],
		ratings: await rows(sql`SELECT * FROM platform_ratings WHERE user_id = ${userId} ORDER BY id`),
		comments: await rows(
			sql`SELECT id, platform_id, comment, status, created_at FROM platform_comments WHERE user_id = ${userId} ORDER BY id`,
		),
		votes: await rows(sql`SELECT * FROM comment_votes WHERE user_id = ${userId} ORDER BY id`),
		sessions: await rows(sql`SELECT id FROM sessions WHERE user_id = ${userId} ORDER BY id`),
	});
}
