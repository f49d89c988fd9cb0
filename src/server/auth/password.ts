/**
 * Password hashing with argon2id (OWASP's recommended parameters). Each hash costs ~19 MB and a
 * core for tens of milliseconds, so they wait in one small queue (a burst of sign-ins waits its
 * turn instead of taking every core), and each runs on a thread of its own at a lower OS
 * priority (nice 10): when reads and sign-ins want the same core, the reads get it first, so a
 * stream of sign-ins delays them by little more than a context switch while the sign-ins take
 * the time nobody else wants.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';

const OPTIONS = { memoryCost: 19456, timeCost: 2, outputLen: 32, parallelism: 1 } as const;

/** Hashes that may run at once: half the cores, at least one. */
export const PASSWORD_HASH_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));

/** The queue every hash and verification goes through (its counts are read by tests). */
export const passwordHashQueue = pLimit(PASSWORD_HASH_CONCURRENCY);

/** The OS priority of the hashing threads (0 is everyone else's; 19 the lowest). */
export const HASHING_NICENESS = 10;

type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };
type Reply = { id: number; value?: string | boolean; error?: string };

/**
 * The worker's code. It lowers its own thread's priority first (on Linux a thread's nice value
 * is its own), then hashes on that thread with the synchronous calls: the asynchronous ones would
 * run on libuv's shared pool at the process's priority. The argon2 package is handed in by path,
 * resolved here, so the worker finds it from a bundled build too.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
const { hashSync, verifySync } = require(workerData.argon2);
try { setPriority(0, workerData.niceness); } catch {}
parentPort.on('message', ({ id, job }) => {
	try {
		const value = job.op === 'hash' ? hashSync(job.password, workerData.options) : verifySync(job.hash, job.password);
		parentPort.postMessage({ id, value });
	} catch (error) {
		parentPort.postMessage({ id, error: String(error && error.message || error) });
	}
});
`;

type HashThread = { worker: Worker; busy: boolean };
const threads: HashThread[] = [];
let nextId = 0;

function newThread(): HashThread {
	const worker = new Worker(WORKER_SOURCE, {
		eval: true,
		workerData: {
			argon2: createRequire(import.meta.url).resolve('@node-rs/argon2'),
			niceness: HASHING_NICENESS,
			options: OPTIONS,
		},
	});
	// An idle thread keeps no process alive (scripts end when their work is done).
	worker.unref();
	const thread = { worker, busy: false };
	worker.once('exit', () => threads.splice(threads.indexOf(thread), 1));
	threads.push(thread);
	return thread;
}

/** Runs one job on an idle hashing thread (the queue keeps at most one per thread busy). */
function onThread<T extends string | boolean>(job: Job): Promise<T> {
	const thread = threads.find((t) => !t.busy) ?? newThread();
	thread.busy = true;
	thread.worker.ref();
	const id = nextId++;
	return new Promise<T>((resolve, reject) => {
		const done = (error: Error | undefined, value?: T) => {
			thread.worker.off('message', onMessage);
			thread.worker.off('error', onError);
			thread.busy = false;
			thread.worker.unref();
			if (error) reject(error);
			else resolve(value as T);
		};
		const onMessage = (reply: Reply) => {
			if (reply.id !== id) return;
			done(reply.error === undefined ? undefined : new Error(reply.error), reply.value as T);
		};
		const onError = (error: Error) => done(error);
		thread.worker.on('message', onMessage);
		thread.worker.once('error', onError);
		thread.worker.postMessage({ id, job });
	});
}

export function hashPassword(password: string): Promise<string> {
	return passwordHashQueue(() => onThread<string>({ op: 'hash', password }));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
	try {
		return await passwordHashQueue(() => onThread<boolean>({ op: 'verify', hash: passwordHash, password }));
	} catch {
		return false;
	}
}

/** A real hash to verify against when no account matches, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
	dummyHash ??= hashPassword('not-a-real-password');
	return dummyHash;
}
