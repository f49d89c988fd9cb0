/**
 * The key-phrase thread's entry (community/key-phrases-thread.ts starts it): answers each batch
 * of texts with their key phrases (community/key-phrases.ts, the one copy of the NLP). It runs
 * at the lowest priority: on Linux setpriority applies to the calling thread only, so the
 * requests' thread keeps its own and the analysis takes the core only when it is free.
 *
 * Imported with its `.ts` extension: from the sources (tests, tsx, astro dev) Node loads this
 * file itself, with no bundler to find an extensionless module; the build bundles it
 * (scripts/build-host.mjs).
 */
import { getPriority, setPriority } from 'node:os';
import { parentPort, threadId } from 'node:worker_threads';
import { keyPhrases, loadKeyPhraseModel } from './key-phrases.ts';

export type PhraseRequest = { id: number; texts: Array<string | null> };
export type PhraseAnswer =
	| { id: number; threadId: number; phrases: string[][] }
	| { id: number; error: string };
/** Sent once the model is loaded: the thread's nice value during the load, and after it. */
export type ThreadReady = { ready: true; modelLoadedAtNice: number; nice: number };

// The model first, at the thread's normal priority: its load is most of a short batch's CPU, and
// at nice 19 on a saturated machine it waited for minutes (a digest test's theme never came).
loadKeyPhraseModel();
const modelLoadedAtNice = getPriority();
try {
	setPriority(19);
} catch {
	// Not allowed here (some containers): the analysis still runs off the requests' thread.
}
parentPort?.postMessage({ ready: true, modelLoadedAtNice, nice: getPriority() } satisfies ThreadReady);

parentPort?.on('message', ({ id, texts }: PhraseRequest) => {
	let answer: PhraseAnswer;
	try {
		answer = { id, threadId, phrases: texts.map((text) => (text ? keyPhrases(text) : [])) };
	} catch (error) {
		answer = { id, error: error instanceof Error ? error.message : String(error) };
	}
	parentPort?.postMessage(answer);
});
