/**
 * The key phrases (community/key-phrases.ts) of many texts, found on a thread of their own
 * (community/key-phrases-worker.ts) so the analysis never holds the requests' event loop: the
 * themes worker sends a step's texts and awaits their phrases while the node serves pages. The
 * thread runs at the lowest priority (nice 19, that thread only), so even a server pinned to one
 * core gives its requests the core first.
 *
 * One thread per process, started on first use and ended after a minute with nothing to do (the
 * English model holds some 100 MB while loaded). A thread that dies fails the batches it held
 * (the job is then taken again once its lease runs out); the next batch starts a new one.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PhraseAnswer, PhraseRequest, ThreadReady } from './key-phrases-worker.ts';

/** An idle thread is ended after this long (and started again when needed). */
const IDLE_MS = 60_000;

type Pending = { resolve: (answer: PhrasesFound) => void; reject: (error: Error) => void };
export type PhrasesFound = { threadId: number; phrases: string[][] };

type Thread = { worker: Worker; pending: Map<number, Pending>; idle?: NodeJS.Timeout };

let thread: Thread | undefined;
let nextId = 1;

/**
 * The worker's entry: the TypeScript file beside this one when running from the sources (tests,
 * tsx, astro dev; Node strips its types), else the bundle scripts/build-host.mjs writes into the
 * server build (dist/server/, next to or above the chunk holding this module).
 */
export function workerEntry(): URL {
	const here = import.meta.url;
	if (here.endsWith('.ts')) return new URL('./key-phrases-worker.ts', here);
	for (const candidate of ['./key-phrases-worker.mjs', '../key-phrases-worker.mjs']) {
		const url = new URL(candidate, here);
		if (existsSync(url)) return url;
	}
	throw new Error(`key-phrases-worker.mjs is not in the build beside ${here}`);
}

function fail(current: Thread, error: Error) {
	if (thread === current) thread = undefined;
	for (const { reject } of current.pending.values()) reject(error);
	current.pending.clear();
}

function start(): Thread {
	const worker = new Worker(workerEntry());
	const current: Thread = { worker, pending: new Map() };
	worker.on('message', (answer: PhraseAnswer | ThreadReady) => {
		if ('ready' in answer) return;
		const waiting = current.pending.get(answer.id);
		if (!waiting) return;
		current.pending.delete(answer.id);
		if ('error' in answer) waiting.reject(new Error(`key phrases: ${answer.error}`));
		else waiting.resolve({ threadId: answer.threadId, phrases: answer.phrases });
		if (current.pending.size === 0) idle(current);
	});
	worker.on('error', (error) => fail(current, error));
	worker.on('exit', (code) => fail(current, new Error(`the key-phrase thread exited (${code})`)));
	return current;
}

/** Nothing waits on the thread: it keeps no process alive, and ends after IDLE_MS. */
function idle(current: Thread) {
	current.worker.unref();
	current.idle = setTimeout(() => {
		if (thread === current && current.pending.size === 0) {
			thread = undefined;
			void current.worker.terminate();
		}
	}, IDLE_MS);
	current.idle.unref();
}

/**
 * The distinct key phrases of each text (none for null or empty), in order, and the id of the
 * thread that found them.
 */
export function keyPhrasesOffThread(texts: Array<string | null>): Promise<PhrasesFound> {
	thread ??= start();
	const current = thread;
	clearTimeout(current.idle);
	current.worker.ref();
	const id = nextId++;
	return new Promise<PhrasesFound>((resolve, reject) => {
		current.pending.set(id, { resolve, reject });
		current.worker.postMessage({ id, texts } satisfies PhraseRequest);
	});
}

/** Ends the thread (the themes worker's stop): batches still waiting fail. */
export async function stopKeyPhrasesThread(): Promise<void> {
	const current = thread;
	thread = undefined;
	if (!current) return;
	clearTimeout(current.idle);
	await current.worker.terminate();
}
