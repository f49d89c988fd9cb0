/**
 * What the app must do when the server stops gracefully (src/server/host/shutdown.ts runs the
 * steps in this order): the newsletter worker stops claiming and hands back what it has not
 * started, the relay of changes between nodes closes, then the database. Each subject registers
 * its own step where it starts, so the host needs to know none of them.
 *
 * The host and the app are two module graphs; the steps live on one object under a registered
 * symbol, so the host runs what the app registered.
 */
export const STOP_STEPS = ['newsletter', 'relay', 'database'] as const;
export type StopStep = (typeof STOP_STEPS)[number];
/** Gets the time left before the stop gives up waiting (ms), and does its part within it. */
export type StopTask = (remainingMs: () => number) => Promise<void>;

type Shared = Map<StopStep, Set<StopTask>>;

const KEY = Symbol.for('retail-media-hub.stopping');
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };
const shared: Shared = (holder[KEY] ??= new Map(STOP_STEPS.map((step) => [step, new Set()])));

/** Registers a task for a step of the graceful stop (registering the same function twice keeps one). */
export function onStop(step: StopStep, task: StopTask): void {
	shared.get(step)!.add(task);
}

/** Runs every task of a step, side by side; returns how many there were. */
export async function runStopStep(step: StopStep, remainingMs: () => number): Promise<number> {
	const tasks = [...shared.get(step)!];
	await Promise.all(tasks.map((task) => task(remainingMs)));
	return tasks.length;
}
