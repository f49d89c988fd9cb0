/**
 * The themes' analysis runs off the requests' thread (issue 47): the key-phrase thread answers
 * what keyPhrases answers, from a thread of its own, at the lowest priority, while the calling
 * thread's event loop keeps running.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { threadId, Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { keyPhrases } from '@/server/community/key-phrases';
import {
	keyPhrasesOffThread,
	stopKeyPhrasesThread,
	workerEntry,
} from '@/server/community/key-phrases-thread';
import type { ThreadReady } from '@/server/community/key-phrases-worker';

afterAll(() => stopKeyPhrasesThread());

/** The nice value of a thread of this process (field 19 of /proc/self/task/<tid>/stat). */
function nice(task: string): number {
	const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
	return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const TEXTS = [
	'Self-serve dashboards are great.',
	null,
	'Expensive pricing, steep learning curve. The pricing hurts.',
	'',
	'Slow reports! Slow report.',
];

describe('keyPhrasesOffThread', () => {
	it('answers the phrases keyPhrases finds, in order, from another thread', async () => {
		const found = await keyPhrasesOffThread(TEXTS);
		expect(found.phrases).toEqual(TEXTS.map((text) => (text ? keyPhrases(text) : [])));
		expect(found.threadId).not.toBe(threadId);
	});

	it('leaves the calling thread free while it analyses a large batch', async () => {
		const texts = Array.from(
			{ length: 400 },
			(_, i) =>
				`The self-serve dashboard saves our account team ${i % 2 ? 'days' : 'hours'}. Slow data exports.`,
		);
		let ticks = 0;
		const interval = setInterval(() => ticks++, 1);
		try {
			const found = await keyPhrasesOffThread(texts);
			expect(found.phrases).toHaveLength(texts.length);
			expect(found.phrases[0]).toEqual(keyPhrases(texts[0]!));
			expect(found.phrases[0]).toContain('self-serve dashboard');
		} finally {
			clearInterval(interval);
		}
		// Analysed on this thread, the batch would hold the loop until it ended: no tick at all.
		expect(ticks).toBeGreaterThan(1);
	});

	it.runIf(process.platform === 'linux')('lowers the priority of its own thread only', async () => {
		await keyPhrasesOffThread(['Clear invoices.']);
		const nices = readdirSync('/proc/self/task').map(nice);
		expect(nices).toContain(19);
		expect(nice(String(process.pid))).toBe(0);
	});

	it.runIf(process.platform === 'linux')(
		'loads the model before it lowers its priority, so a busy machine cannot starve the load',
		async () => {
			const worker = new Worker(workerEntry());
			try {
				const ready = await new Promise<ThreadReady>((resolve, reject) => {
					worker.on('message', (message: ThreadReady) => {
						if ('ready' in message) resolve(message);
					});
					worker.on('error', reject);
				});
				expect(ready).toEqual({ ready: true, modelLoadedAtNice: 0, nice: 19 });
			} finally {
				await worker.terminate();
			}
		},
	);
});
