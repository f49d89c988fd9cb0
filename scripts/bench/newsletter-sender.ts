/**
 * The benchmark's newsletter sender: a process of its own (so its memory is the sender's alone)
 * that opens DATABASE_PATH, queues issue BENCH_ISSUE_ID for every subscriber exactly as the Send
 * button does, runs the real background worker until the issue is sent, and prints one JSON line:
 * wall time, peak and starting RSS and heap. Settings come from the NEWSLETTER_* variables.
 */
import { eq } from 'drizzle-orm';
import { db } from '@/server/db';
import * as schema from '@db/schema';
import { sendIssue } from '@/server/newsletter/issues';
import { startNewsletterWorker, stopNewsletterWorker } from '@/server/newsletter/worker';

const issueId = Number(process.env.BENCH_ISSUE_ID);
db();
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
let peakHeap = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
	const usage = process.memoryUsage();
	peakRss = Math.max(peakRss, usage.rss);
	peakHeap = Math.max(peakHeap, usage.heapUsed);
}, 50);

const started = performance.now();
startNewsletterWorker();
const queued = await sendIssue(issueId);
const status = () =>
	db().select({ status: schema.newsletterIssues.status }).from(schema.newsletterIssues).where(eq(schema.newsletterIssues.id, issueId)).get()!.status;
while (status() !== 'sent') await new Promise((resolve) => setTimeout(resolve, 50));
const wallMs = performance.now() - started;
clearInterval(sampler);
await stopNewsletterWorker();
const { counts } = await (await import('@/server/newsletter/issues')).getIssue(issueId);
process.stdout.write(`${JSON.stringify({ wallMs, rssBefore, peakRss, peakHeap, queued: queued.counts.queued, counts })}\n`);
process.exit(0);
