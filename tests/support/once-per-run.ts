/**
 * Something a whole test run makes once (a cluster, a template), whichever test file asks first.
 * Test files run in several worker processes: an atomic mkdir in the run's folder decides which
 * worker makes it; the others wait for the JSON file it writes when done (or the failure it
 * writes). Within a worker the answer is kept, so each thing is made, or read, once per process.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const made = new Map<string, Promise<unknown>>();

/** Waiting is bounded by the maker's own timeouts; this only ends a wait for a dead worker. */
const WAIT_MS = 600_000;

async function makeOrWait<T>(runDir: string, name: string, make: () => Promise<T>): Promise<T> {
	const done = join(runDir, `${name}.json`);
	const failed = join(runDir, `${name}.failed`);
	if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as T;
	let won = false;
	try {
		mkdirSync(join(runDir, `${name}.making`));
		won = true;
	} catch {
		// Another worker is making it.
	}
	if (won) {
		try {
			const value = await make();
			writeFileSync(`${done}.tmp`, JSON.stringify(value));
			renameSync(`${done}.tmp`, done);
			return value;
		} catch (error) {
			writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
			throw error;
		}
	}
	const deadline = Date.now() + WAIT_MS;
	while (Date.now() < deadline) {
		if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as T;
		if (existsSync(failed)) throw new Error(`${name}: ${readFileSync(failed, 'utf8')}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`${name} was not made by the worker making it (see ${runDir})`);
}

/** `make`'s answer (JSON), made once per run in `runDir` under `name`. */
export function oncePerRun<T>(runDir: string, name: string, make: () => Promise<T>): Promise<T> {
	const key = join(runDir, name);
	let value = made.get(key) as Promise<T> | undefined;
	if (!value) {
		value = makeOrWait(runDir, name, make);
		made.set(key, value);
	}
	return value;
}
