/**
 * The benchmark's newsletter sender: a process of its own (so its memory is the sender's alone)
 * that opens DATABASE_PATH, queues issue BENCH_ISSUE_ID for every subscriber exactly as the Send
 * button does, runs the real background worker until the issue is sent, and prints one JSON line:
 * wall time, the issue's counts, and its memory (RSS and heap) sampled every SAMPLE_MS with the
 * number of mails handed over so far (this process's own newsletter_mails_sent_total, so
 * sampling asks the database nothing). Settings come from the NEWSLETTER_* variables.
 */
import { eq } from 'drizzle-orm';
import { db, newsletterIssues } from '@/server/db';
import { metrics } from '@/server/metrics';
import { getIssue, sendIssue } from '@/server/newsletter/issues';
import { startNewsletterWorker, stopNewsletterWorker } from '@/server/newsletter/worker';

const SAMPLE_MS = 100;

export type SenderSample = { ms: number; sent: number; rssBytes: number; heapUsedBytes: number };
export type SenderReport = {
	wallMs: number;
	/** CPU time (user + system) this process spent on the send: steady when the machine is shared. */
	cpuMs: number;
	queued: number;
	counts: Awaited<ReturnType<typeof getIssue>>['counts'];
	before: SenderSample;
	samples: SenderSample[];
};

const issueId = Number(process.env.BENCH_ISSUE_ID);
await getIssue(issueId); // opens the database and loads what the worker uses before "before"

const mailsSent = async () => (await metrics().newsletterSent.get()).values[0]?.value ?? 0;
const started = performance.now();
async function sample(): Promise<SenderSample> {
	const { rss, heapUsed } = process.memoryUsage();
	return { ms: performance.now() - started, sent: await mailsSent(), rssBytes: rss, heapUsedBytes: heapUsed };
}

const before = await sample();
const cpuBefore = process.cpuUsage();
const samples: SenderSample[] = [];
const sampler = setInterval(() => void sample().then((s) => samples.push(s)), SAMPLE_MS);

startNewsletterWorker();
const queued = await sendIssue(issueId);
const status = async () =>
	(await db().select({ status: newsletterIssues.status }).from(newsletterIssues).where(eq(newsletterIssues.id, issueId)))[0]!
		.status;
while ((await status()) !== 'sent') await new Promise((resolve) => setTimeout(resolve, 50));
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
clearInterval(sampler);
samples.push(await sample());
await stopNewsletterWorker();
const { counts } = await getIssue(issueId);
const report: SenderReport = { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, queued: queued.counts.queued, counts, before, samples };
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
