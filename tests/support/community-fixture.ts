/**
 * Shared by the durability (crash) and backup tests: a small community database to write to,
 * the writer process that writes to it (tests/support/crash-writer.ts), and the checks that a
 * database file is intact and its denormalised numbers equal its rows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { averageRating } from '@/lib/ratings';
import { openDatabase } from '@/server/db';
import * as schema from '@db/schema';
import { bundledScript } from './bundled-script';
import { testSlug } from './slugs';

/** The local tsx binary: same as `npx tsx` without npx's start-up cost. */
export const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

/** Marks the comments the writer adds, so the tests can tell them from the fixture's. */
export const WRITER_COMMENT_PREFIX = 'crash-writer';

export const FIXTURE = { users: 10, platforms: 4, approvedComments: 6, pendingComments: 2 };

/**
 * Creates (and migrates) the database at path with users, platforms and comments, through
 * the app's own openDatabase so the file has the app's PRAGMAs and schema.
 */
export function createCommunityFixture(path: string): void {
	const db = openDatabase(path);
	try {
		db.transaction((tx) => {
			const userIds = Array.from(
				{ length: FIXTURE.users },
				(_, i) =>
					tx
						.insert(schema.users)
						.values({
							username: `writer_${i}`,
							email: `writer${i}@example.com`,
							// Nobody signs in here; the writer calls the services directly.
							passwordHash: 'not-a-real-hash',
						})
						.returning({ id: schema.users.id })
						.get().id,
			);
			const platformIds = Array.from(
				{ length: FIXTURE.platforms },
				(_, i) =>
					tx
						.insert(schema.platforms)
						.values({
							name: `Platform ${i}`,
							slug: testSlug(`Platform ${i}`),
							description: `Platform ${i} for the durability tests.`,
							pricing: 'CPM',
							category: 'Retail Media Networks',
						})
						.returning({ id: schema.platforms.id })
						.get().id,
			);
			const comments = FIXTURE.approvedComments + FIXTURE.pendingComments;
			for (let i = 0; i < comments; i++) {
				tx.insert(schema.platformComments)
					.values({
						platformId: platformIds[i % platformIds.length]!,
						userId: userIds[i % userIds.length]!,
						comment: `Fixture comment ${i}`,
						status: i < FIXTURE.approvedComments ? 'approved' : 'pending',
					})
					.run();
			}
		});
	} finally {
		db.$client.close();
	}
}

/** PRAGMA integrity_check and foreign_key_check; empty when the file is sound. */
export function integrityProblems(sqlite: Database.Database): string[] {
	const integrity = sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>;
	const problems = integrity.map((row) => row.integrity_check).filter((line) => line !== 'ok');
	const foreignKeys = sqlite.pragma('foreign_key_check') as Array<Record<string, unknown>>;
	return [...problems, ...foreignKeys.map((row) => `foreign key: ${JSON.stringify(row)}`)];
}

/**
 * The denormalised numbers against their rows: each platform's rating and reviewCount, each
 * comment's helpful and unhelpful counts. Empty when every one matches.
 */
export function consistencyProblems(sqlite: Database.Database): string[] {
	const problems: string[] = [];
	const platforms = sqlite
		.prepare(
			`SELECT p.id, p.rating, p.review_count AS reviewCount,
				count(r.id) AS n, coalesce(sum(r.rating), 0) AS total
			FROM platforms p LEFT JOIN platform_ratings r ON r.platform_id = p.id
			GROUP BY p.id`,
		)
		.all() as Array<{ id: number; rating: number; reviewCount: number; n: number; total: number }>;
	for (const p of platforms) {
		const expected = averageRating(p.total, p.n);
		if (p.reviewCount !== p.n || p.rating !== expected) {
			problems.push(
				`platform ${p.id}: stored rating ${p.rating}/${p.reviewCount} reviews, rows give ${expected}/${p.n}`,
			);
		}
	}
	const comments = sqlite
		.prepare(
			`SELECT c.id, c.helpful_votes AS helpful, c.unhelpful_votes AS unhelpful,
				coalesce(sum(v.vote_type = 'helpful'), 0) AS h,
				coalesce(sum(v.vote_type = 'unhelpful'), 0) AS u
			FROM platform_comments c LEFT JOIN comment_votes v ON v.comment_id = c.id
			GROUP BY c.id`,
		)
		.all() as Array<{ id: number; helpful: number; unhelpful: number; h: number; u: number }>;
	for (const c of comments) {
		if (c.helpful !== c.h || c.unhelpful !== c.u) {
			problems.push(`comment ${c.id}: stored ${c.helpful}/${c.unhelpful} votes, rows give ${c.h}/${c.u}`);
		}
	}
	return problems;
}

export type Writer = {
	child: ChildProcess;
	/** Complete stdout lines so far (a line cut short by a kill is not included). */
	lines: string[];
	/** Resolves once the writer has opened the database and starts writing. */
	ready: Promise<void>;
	/** Lets a writer started with `deferred` open the database and write. */
	go: () => void;
	/** Resolves when the process has exited and its output is fully read. */
	closed: Promise<void>;
	stderr: () => string;
};

/**
 * Starts tests/support/crash-writer.ts against dbPath. Node itself runs it (bundled:
 * bundled-script.ts), not a command that would put a second process in between: a SIGKILL must
 * reach the process that writes. A `deferred` writer loads its modules (most of its start-up time) and then
 * waits for go() before it opens the database.
 */
export function startWriter(
	dbPath: string,
	options: { seed: number; pauseMs?: number; deferred?: boolean },
): Writer {
	const child = spawn(process.execPath, [bundledScript('tests/support/crash-writer.ts')], {
		env: {
			...process.env,
			DATABASE_PATH: dbPath,
			WRITER_SEED: String(options.seed),
			WRITER_PAUSE_MS: String(options.pauseMs ?? 0),
			WRITER_WAIT_FOR_GO: options.deferred ? '1' : '0',
		},
		stdio: [options.deferred ? 'pipe' : 'ignore', 'pipe', 'pipe'],
	});
	const lines: string[] = [];
	let partial = '';
	let errors = '';
	let markReady: () => void;
	let failReady: (error: Error) => void;
	const ready = new Promise<void>((resolve, reject) => {
		markReady = resolve;
		failReady = reject;
	});
	ready.catch(() => {}); // a writer killed before it was needed is no failure; awaiting still throws
	child.stdout!.setEncoding('utf8');
	child.stdout!.on('data', (chunk: string) => {
		const parts = (partial + chunk).split('\n');
		partial = parts.pop()!;
		for (const line of parts) {
			if (line === 'ready') markReady();
			lines.push(line);
		}
	});
	child.stderr!.on('data', (chunk) => (errors += chunk));
	const closed = new Promise<void>((resolve) => {
		child.once('close', () => {
			failReady(new Error(`The writer exited before it was ready:\n${errors}`));
			resolve();
		});
	});
	const go = () => {
		if (options.deferred) child.stdin!.end('go\n');
	};
	return { child, lines, ready, go, closed, stderr: () => errors };
}
