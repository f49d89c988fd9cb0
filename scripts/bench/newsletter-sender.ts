/**
 * The benchmark's newsletter sender: a process of its own (so its memory is the sender's alone)
 * that opens DATABASE_PATH, queues issue BENCH_ISSUE_ID for every subscriber exactly as the Send
 * button does, runs the real background worker until the issue is sent, and prints one JSON line:
 * wall time, the issue's counts, and its memory (RSS and heap) sampled every SAMPLE_MS with the
 * number of mails handed over so far (this process's own newsletter_mails_sent_total, so
 * sampling asks the database nothing). Before the send, at 10, 50 and 90 % of the mails and after
 * the last, it also collects garbage (node --expose-gc) and notes the heap still in use: what the
 * sender keeps, which grows with the recipients if it holds anything per recipient. Settings
 * come from the NEWSLETTER_* variables.
 */
import { eq } from 'drizzle-orm';
import { db, newsletterIssues } from '@/server/db';
import { metrics } from '@/server/runtime/metrics';
import { getIssue, sendIssue } from '@/server/newsletter/issues';
import { startNewsletterWorker, stopNewsletterWorker } from '@/server/newsletter/worker';

const SAMPLE_MS = 100;
/** Progress points (fractions of the queued mails) where the retained heap is noted. */
const MARKS = [0.1, 0.5, 0.9];

export type SenderSample = { ms: number; sent: number; rssBytes: number; heapUsedBytes: number };
/** A sample taken right after a full garbage collection: heapUsedBytes is what is retained. */
export type SenderMark = SenderSample & {
	fraction: number;
	rssBeforeGcBytes: number;
	heapBeforeGcBytes: number;
};
export type SenderReport = {
	wallMs: number;
	/** CPU time (user + system) this process spent on the send: steady when the machine is shared. */
	cpuMs: number;
	queued: number;
	counts: Awaited<ReturnType<typeof getIssue>>['counts'];
	before: SenderMark;
	samples: SenderSample[];
	marks: SenderMark[];
	after: SenderMark;
};

const issueId = Number(process.env.BENCH_ISSUE_ID);
await getIssue(issueId); // opens the database and loads what the worker uses before "before"

const mailsSent = async () => (await metrics().newsletterSent.get()).values[0]?.value ?? 0;
const started = performance.now();
async function sample(): Promise<SenderSample> {
	const { rss, heapUsed } = process.memoryUsage();
	return { ms: performance.now() - started, sent: await mailsSent(), rssBytes: rss, heapUsedBytes: heapUsed };
}

const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (!collectGarbage) throw new Error('run with node --expose-gc');
/** A sample as it comes, then again after a full collection. */
async function mark(fraction: number): Promise<SenderMark> {
	const plain = await sample();
	collectGarbage!();
	const { rss, heapUsed } = process.memoryUsage();
	return {
		...plain,
		fraction,
		rssBeforeGcBytes: plain.rssBytes,
		heapBeforeGcBytes: plain.heapUsedBytes,
		rssBytes: rss,
		heapUsedBytes: heapUsed,
	};
}

const before = await mark(0);
const cpuBefore = process.cpuUsage();
const samples: SenderSample[] = [];
const marks: SenderMark[] = [];
let total = Infinity; // known once the issue is queued
const sampler = setInterval(async () => {
	const next = MARKS[marks.length];
	const latest = await sample();
	samples.push(latest);
	if (next !== undefined && latest.sent >= next * total) marks.push(await mark(next));
}, SAMPLE_MS);

startNewsletterWorker();
const queued = await sendIssue(issueId);
total = queued.counts.queued;
const status = async () =>
	(
		await db()
			.select({ status: newsletterIssues.status })
			.from(newsletterIssues)
			.where(eq(newsletterIssues.id, issueId))
	)[0]!.status;
while ((await status()) !== 'sent') await new Promise((resolve) => setTimeout(resolve, 50));
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
clearInterval(sampler);
samples.push(await sample());
await stopNewsletterWorker();
const after = await mark(1);
const { counts } = await getIssue(issueId);
const report: SenderReport = {
	wallMs,
	cpuMs: (cpu.user + cpu.system) / 1000,
	queued: queued.counts.queued,
	counts,
	before,
	samples,
	marks,
	after,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
