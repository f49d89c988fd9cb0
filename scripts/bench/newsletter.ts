/**
 * Newsletter phase: 10,000 subscribers in a fresh database, one issue, and a local SMTP capture
 * (smtp-server, counting messages without keeping them). A sender process
 * (newsletter-sender.ts) queues the issue and runs the real worker until every mail has been
 * handed over; its wall time and peak memory are the figures. The rate limit is lifted so the
 * time is the pipeline's own (queue, render, SMTP), not the configured pace.
 */
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '@/server/db';
import * as schema from '@db/schema';
import { runToEnd } from './processes';

export const NEWSLETTER_RECIPIENTS = 10_000;
const CONCURRENCY = 8;

export type NewsletterFigure = {
	recipients: number;
	concurrency: number;
	wallMs: number;
	mailsPerSecond: number;
	received: number;
	sent: number;
	failed: number;
	rssBeforeBytes: number;
	peakRssBytes: number;
	peakHeapBytes: number;
};

async function startCapture() {
	let received = 0;
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS', 'AUTH'],
		logger: false,
		onData(stream, _session, callback) {
			stream.on('data', () => {});
			stream.on('end', () => {
				received += 1;
				callback();
			});
		},
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.server.address() as { port: number }).port;
	return {
		url: `smtp://127.0.0.1:${port}?pool=true&maxConnections=${CONCURRENCY}`,
		received: () => received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

export async function measureNewsletter(root: string, workDir: string): Promise<NewsletterFigure> {
	const dbPath = join(workDir, 'newsletter.db');
	const database = openDatabase(dbPath);
	const issueId = database.transaction((tx) => {
		for (let i = 0; i < NEWSLETTER_RECIPIENTS; i++) {
			tx.insert(schema.users)
				.values({ username: `reader${i}`, email: `reader${i}@bench.example`, passwordHash: 'x', isNewsletterSubscribed: true })
				.run();
		}
		return tx
			.insert(schema.newsletterIssues)
			.values({
				subject: 'Benchmark briefing',
				content: '# This week\n\n' + Array.from({ length: 8 }, (_, i) => `### [Story ${i}](/news/${i + 1})\n\nA short excerpt of the story, two sentences long. It reads well.`).join('\n\n'),
			})
			.returning({ id: schema.newsletterIssues.id })
			.get().id;
	});
	database.$client.close();
	const capture = await startCapture();
	try {
		const run = await runToEnd(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench/newsletter-sender.ts')], {
			cwd: root,
			env: {
				...process.env,
				DATABASE_PATH: dbPath,
				SMTP_URL: capture.url,
				SITE_URL: 'https://retailmediahub.example',
				BENCH_ISSUE_ID: String(issueId),
				NEWSLETTER_CONCURRENCY: String(CONCURRENCY),
				NEWSLETTER_RATE_PER_SECOND: '100000',
				NEWSLETTER_POLL_MS: '100',
			},
		});
		if (run.code !== 0) throw new Error(`newsletter sender failed:\n${(run.stdout + run.stderr).slice(-2000)}`);
		const out = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
		return {
			recipients: NEWSLETTER_RECIPIENTS,
			concurrency: CONCURRENCY,
			wallMs: out.wallMs,
			mailsPerSecond: (out.counts.sent / out.wallMs) * 1000,
			received: capture.received(),
			sent: out.counts.sent,
			failed: out.counts.failed,
			rssBeforeBytes: out.rssBefore,
			peakRssBytes: out.peakRss,
			peakHeapBytes: out.peakHeap,
		};
	} finally {
		await capture.close();
	}
}
