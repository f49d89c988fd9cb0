/**
 * A writer process for the durability and backup tests: it opens DATABASE_PATH the way the app
 * does (the `db()` singleton: WAL, synchronous=NORMAL, migrations) and writes through the real
 * services (community.rate, addComment, vote) in a loop until it is killed.
 *
 * Around every write it prints one line to stdout, written synchronously, so a printed line is
 * out before the next statement runs:
 *   try rating <platformId> <userId> <value>     before the write starts
 *   ack rating <platformId> <userId> <value>     after it committed
 *   try comment <platformId> <userId>            / ack comment <id>
 *   try vote <commentId> <userId> <type>         / ack vote <commentId> <userId> <type|null>
 * so the test knows which writes were acknowledged and which one (at most the last) was in
 * flight when the process died. `ready` is printed once the database is open.
 *
 * Environment: DATABASE_PATH (required), WRITER_SEED (choices; default random),
 * WRITER_PAUSE_MS (sleep between writes; default 0), WRITER_MAX_MS (stops by itself after this
 * long, default 120000, so a writer whose test died cannot run on for ever), WRITER_WAIT_FOR_GO
 * (1: load everything, then open the database only when a line arrives on stdin, so a test can
 * start the next writer while it still checks the last one's database).
 */
import { writeSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { limits } from '@/server/auth/rate-limit';
import { addComment } from '@/server/community/comments';
import { rate } from '@/server/community/reviews';
import { vote } from '@/server/community/votes';
import { closeDatabase, db } from '@/server/db';
import * as schema from '@db/schema';
import { seededRandom } from '@/lib/seeded-random';
import { WRITER_COMMENT_PREFIX } from './community-fixture';

/**
 * Writes a line to stdout synchronously: it is out before the next write starts, and if the
 * reader is gone (EPIPE) the writer dies instead of writing on unobserved.
 */
function say(line: string): void {
	let rest = Buffer.from(`${line}\n`);
	while (rest.length > 0) {
		try {
			rest = rest.subarray(writeSync(1, rest));
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
		}
	}
}

function sleep(ms: number): void {
	if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

async function main(): Promise<void> {
	const random = seededRandom(Number(process.env.WRITER_SEED ?? Math.floor(Math.random() * 2 ** 32)));
	const pauseMs = Number(process.env.WRITER_PAUSE_MS ?? 0);
	const stopAt = Date.now() + Number(process.env.WRITER_MAX_MS ?? 120_000);
	const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;

	const database = db();
	const { users, platforms, platformComments } = schema;
	const userIds = database
		.select({ id: users.id })
		.from(users)
		.all()
		.map((row) => row.id);
	const platformIds = database
		.select({ id: platforms.id })
		.from(platforms)
		.all()
		.map((r) => r.id);
	const approved = database
		.select({ id: platformComments.id, authorId: platformComments.userId })
		.from(platformComments)
		.where(eq(platformComments.status, 'approved'))
		.all();
	const approvedIds = approved.map((row) => row.id);
	const authorOf = new Map(approved.map((row) => [row.id, row.authorId]));
	if (!userIds.length || !platformIds.length || !approvedIds.length) {
		throw new Error('The database needs users, platforms and approved comments first.');
	}
	say('ready');

	for (let n = 0; Date.now() < stopAt; n++) {
		const userId = pick(userIds);
		const choice = random();
		if (choice < 0.5) {
			const platformId = pick(platformIds);
			const value = 1 + Math.floor(random() * 5);
			// Reviews of varied length (within the form's limit) vary the pages each write touches.
			const review = random() < 0.3 ? null : `review ${n} `.padEnd(Math.floor(random() * 1500), 'x');
			await limits.ratingsPerUser.reset(String(userId)); // the hourly cap is not under test here
			say(`try rating ${platformId} ${userId} ${value}`);
			await rate(platformId, userId, { rating: value, review });
			say(`ack rating ${platformId} ${userId} ${value}`);
		} else if (choice < 0.85) {
			const commentId = pick(approvedIds);
			// Authors cannot vote on their own comments: that refusal is not under test here.
			if (authorOf.get(commentId) === userId) continue;
			const type = random() < 0.5 ? 'helpful' : 'unhelpful';
			say(`try vote ${commentId} ${userId} ${type}`);
			const result = await vote(commentId, { id: userId, emailVerified: true, vendorPlatformId: null }, type);
			say(`ack vote ${commentId} ${userId} ${result.voteType ?? 'null'}`);
		} else {
			const platformId = pick(platformIds);
			await limits.commentsPerUser.reset(String(userId));
			say(`try comment ${platformId} ${userId}`);
			const comment = await addComment(platformId, userId, `${WRITER_COMMENT_PREFIX} ${n}`);
			say(`ack comment ${comment.id}`);
		}
		sleep(pauseMs);
	}
}

async function run(): Promise<void> {
	await main();
	await closeDatabase();
}

if (process.env.WRITER_WAIT_FOR_GO === '1') {
	process.stdin.once('data', () => {
		void run().then(() => process.exit(0));
	});
} else {
	await run();
}
