/**
 * Housekeeping: rows that outlived their use are deleted now and then, each by the subject that
 * owns them (expired sessions, reset and verification links, newsletter confirmation links,
 * finished rate-limit windows). Nothing reads them once expired, so this only keeps the tables
 * small. startApp() starts it (a round at once, then one every HOUSEKEEPING_EVERY_MS) and
 * stopApp() stops it.
 *
 * The rows are shared by every node, so a round runs on one node at a time: on PostgreSQL the
 * node that takes an advisory lock runs it and the others skip theirs; SQLite has one node.
 */
import { engine } from '@/server/db';
import { baseLog } from '@/server/runtime/log';

/** One subject's cleanup: deletes its rows that expired by `now` (milliseconds). */
export type Chore = { name: string; run: (now: number) => Promise<void> };

/** Rate-limit windows last minutes, so the shared counter table never holds hours of dead rows. */
export const HOUSEKEEPING_EVERY_MS = 15 * 60_000;

/**
 * The advisory lock key of a round: a fixed number, the same on every node of every version
 * (migrating uses another).
 */
const HOUSEKEEPING_LOCK_KEY = 5_170_213_002;

const housekeepingLog = () => baseLog().child({ subject: 'housekeeping' });

/**
 * Runs one round unless another node is running one; answers whether this node ran it. A chore
 * that fails is logged and the others still run.
 */
export function housekeepingRound(chores: readonly Chore[], now = Date.now()): Promise<boolean> {
	return engine().unlessRunningElsewhere(HOUSEKEEPING_LOCK_KEY, async () => {
		for (const chore of chores) {
			try {
				await chore.run(now);
			} catch (error) {
				housekeepingLog().error({ err: error, chore: chore.name }, 'housekeeping chore failed');
			}
		}
	});
}

let timer: NodeJS.Timeout | undefined;
let round: Promise<unknown> | undefined;

function runRound(chores: readonly Chore[]): void {
	// A round still running (a slow database) is not doubled.
	if (round) return;
	round = housekeepingRound(chores)
		.catch((error: unknown) => housekeepingLog().error({ err: error }, 'housekeeping round failed'))
		.finally(() => {
			round = undefined;
		});
}

/**
 * Runs the chores now and then every `everyMs`, on a timer that keeps no process alive. The
 * subjects' chores come from the app's start (app/chores.ts), which sits above them: this module
 * sits below every subject.
 */
export function startHousekeeping(chores: readonly Chore[], everyMs = HOUSEKEEPING_EVERY_MS): void {
	if (timer) return;
	runRound(chores);
	timer = setInterval(() => runRound(chores), everyMs).unref();
}

/** Stops the timer and waits for a round under way, so the database can close after it. */
export async function stopHousekeeping(): Promise<void> {
	clearInterval(timer);
	timer = undefined;
	await round;
}
