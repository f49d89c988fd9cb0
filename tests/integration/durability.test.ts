/**
 * Crash test: a writer process (tests/support/crash-writer.ts) writes ratings, comments and votes
 * through the real services and prints an acknowledgement after each commit; it is killed with
 * SIGKILL at a random moment, many times, against the same database. After every kill the file
 * must be intact, hold every acknowledged write, and keep its denormalised numbers equal to
 * its rows.
 *
 * SIGKILL is a process crash, not a power cut: with WAL and synchronous=NORMAL a committed
 * transaction is in the WAL (the OS has it) before commit returns, so nothing acknowledged may
 * be lost here. (A power cut may lose the last commits under synchronous=NORMAL, never the
 * file's integrity; that is not what this test can show.)
 *
 * Replay a failure with DURABILITY_SEED=<seed printed below>; DURABILITY_ROUNDS sets the rounds.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@/lib/seeded-random';
import { openDatabase } from '@/server/db';
import {
	WRITER_COMMENT_PREFIX,
	consistencyProblems,
	createCommunityFixture,
	integrityProblems,
	startWriter,
	type Writer,
} from '../support/community-fixture';

const SEED = Number(process.env.DURABILITY_SEED ?? randomInt(2 ** 31));
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 25);

type Vote = 'helpful' | 'unhelpful' | null;
type InFlight =
	| { kind: 'rating'; key: string; value: number }
	| { kind: 'vote'; key: string; type: 'helpful' | 'unhelpful' }
	| { kind: 'comment' };

/** What the database must hold: every acknowledged write, latest value per key. */
type Model = {
	ratings: Map<string, number>;
	votes: Map<string, Vote>;
	comments: Set<number>;
};

/** Applies a round's acknowledgements to the model; returns the write left in flight, if any. */
function applyAcks(model: Model, lines: string[]): { acks: number; inFlight?: InFlight } {
	let acks = 0;
	let inFlight: InFlight | undefined;
	for (const line of lines) {
		const [word, kind, ...args] = line.split(' ');
		if (word === 'try') {
			if (kind === 'rating') {
				inFlight = { kind, key: `${args[0]}:${args[1]}`, value: Number(args[2]) };
			} else if (kind === 'vote') {
				inFlight = { kind, key: `${args[0]}:${args[1]}`, type: args[2] as 'helpful' | 'unhelpful' };
			} else {
				inFlight = { kind: 'comment' };
			}
		} else if (word === 'ack') {
			acks++;
			inFlight = undefined;
			if (kind === 'rating') model.ratings.set(`${args[0]}:${args[1]}`, Number(args[2]));
			else if (kind === 'vote') {
				model.votes.set(`${args[0]}:${args[1]}`, args[2] === 'null' ? null : (args[2] as Vote));
			} else model.comments.add(Number(args[0]));
		}
	}
	return { acks, inFlight };
}

/**
 * Compares the database with the model. The one write in flight at the kill may or may not
 * have committed; either outcome is accepted, and the model then takes the stored state.
 */
function checkAgainstModel(sqlite: Database.Database, model: Model, inFlight?: InFlight): string[] {
	const problems: string[] = [];

	const ratings = new Map(
		(
			sqlite.prepare('SELECT platform_id AS p, user_id AS u, rating FROM platform_ratings').all() as Array<{
				p: number;
				u: number;
				rating: number;
			}>
		).map((row) => [`${row.p}:${row.u}`, row.rating]),
	);
	for (const key of new Set([...model.ratings.keys(), ...ratings.keys()])) {
		const acknowledged = model.ratings.get(key);
		const stored = ratings.get(key);
		if (stored === acknowledged) continue;
		if (inFlight?.kind === 'rating' && inFlight.key === key && stored === inFlight.value) continue;
		problems.push(`rating ${key}: acknowledged ${acknowledged}, stored ${stored}`);
	}
	model.ratings = ratings;

	const votes = new Map(
		(
			sqlite
				.prepare('SELECT comment_id AS c, user_id AS u, vote_type AS type FROM comment_votes')
				.all() as Array<{
				c: number;
				u: number;
				type: Vote;
			}>
		).map((row) => [`${row.c}:${row.u}`, row.type]),
	);
	for (const key of new Set([...model.votes.keys(), ...votes.keys()])) {
		const acknowledged = model.votes.get(key) ?? null;
		const stored = votes.get(key) ?? null;
		if (stored === acknowledged) continue;
		if (inFlight?.kind === 'vote' && inFlight.key === key) {
			// The in-flight vote toggles: the same type again takes the vote back.
			const afterVote = acknowledged === inFlight.type ? null : inFlight.type;
			if (stored === afterVote) continue;
		}
		problems.push(`vote ${key}: acknowledged ${acknowledged}, stored ${stored}`);
	}
	model.votes = votes;

	const comments = new Set(
		sqlite
			.prepare('SELECT id FROM platform_comments WHERE comment LIKE ?')
			.pluck()
			.all(`${WRITER_COMMENT_PREFIX} %`) as number[],
	);
	for (const id of model.comments) {
		if (!comments.has(id)) problems.push(`comment ${id}: acknowledged, but missing`);
	}
	const unacknowledged = [...comments].filter((id) => !model.comments.has(id));
	const allowed = inFlight?.kind === 'comment' ? 1 : 0;
	if (unacknowledged.length > allowed) {
		problems.push(`comments never acknowledged: ${unacknowledged.join(', ')}`);
	}
	model.comments = comments;
	return problems;
}

/**
 * Opens the crashed database the way the app does (read-write: recovery, then a checkpoint on
 * close) or, every other round, read-only, which leaves the WAL for the next writer to recover.
 */
function openForCheck(path: string, round: number): { sqlite: Database.Database; close: () => void } {
	if (round % 2 === 0) {
		const db = openDatabase(path);
		return { sqlite: db.$client, close: () => db.$client.close() };
	}
	const sqlite = new Database(path, { readonly: true, fileMustExist: true });
	return { sqlite, close: () => sqlite.close() };
}

let dir: string;
let dbPath: string;
/** The writer of the current round, and the next one, started early to load its modules. */
let writer: Writer | undefined;
let nextWriter: Writer | undefined;

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'rmh-durability-'));
	dbPath = join(dir, 'app.db');
	createCommunityFixture(dbPath);
});

afterAll(async () => {
	for (const running of [writer, nextWriter]) {
		if (running && running.child.exitCode === null && running.child.signalCode === null) {
			running.child.kill('SIGKILL');
			await running.closed;
		}
	}
	rmSync(dir, { recursive: true, force: true });
});

describe('durability under SIGKILL', () => {
	it(`keeps every acknowledged write and a sound file over ${ROUNDS} kills (seed ${SEED})`, async () => {
		console.log(`durability: seed ${SEED}, ${ROUNDS} rounds (replay: DURABILITY_SEED=${SEED})`);
		const random = seededRandom(SEED);
		const model: Model = { ratings: new Map(), votes: new Map(), comments: new Set() };
		let totalAcks = 0;
		const startedAt = performance.now();

		const plan = Array.from({ length: ROUNDS }, () => ({
			delayMs: 50 + Math.floor(random() * 351),
			writerSeed: Math.floor(random() * 2 ** 32),
		}));
		nextWriter = startWriter(dbPath, { seed: plan[0]!.writerSeed, deferred: true });

		for (let round = 0; round < ROUNDS; round++) {
			const { delayMs, writerSeed } = plan[round]!;
			writer = nextWriter!;
			nextWriter = undefined;
			writer.go();
			await writer.ready;
			await new Promise((resolve) => setTimeout(resolve, delayMs));
			writer.child.kill('SIGKILL');
			await writer.closed;
			if (round + 1 < ROUNDS) {
				// The next writer loads its modules while this round's database is checked; it
				// opens the database only at go().
				nextWriter = startWriter(dbPath, { seed: plan[round + 1]!.writerSeed, deferred: true });
			}
			const context = `round ${round} (seed ${SEED}, writer seed ${writerSeed}, kill after ${delayMs} ms)`;
			expect(writer.child.signalCode, `${context}: the writer died early\n${writer.stderr()}`).toBe(
				'SIGKILL',
			);

			const { acks, inFlight } = applyAcks(model, writer.lines);
			totalAcks += acks;
			const { sqlite, close } = openForCheck(dbPath, round);
			try {
				expect(integrityProblems(sqlite), `${context}: integrity`).toEqual([]);
				expect(consistencyProblems(sqlite), `${context}: consistency`).toEqual([]);
				expect(checkAgainstModel(sqlite, model, inFlight), `${context}: acknowledged writes`).toEqual([]);
			} finally {
				close();
			}
		}

		const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
		console.log(
			`durability: ${ROUNDS} kills, ${totalAcks} acknowledged writes checked, ${seconds} s ` +
				`(${model.ratings.size} ratings, ${model.votes.size} votes, ${model.comments.size} comments stored)`,
		);
		expect(totalAcks).toBeGreaterThan(ROUNDS);
	}, 180_000);
});
