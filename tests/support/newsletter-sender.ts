/**
 * A newsletter sender process for the crash and shared-queue tests: it opens the database of
 * DATABASE_PATH or DATABASE_URL the way the app does and runs the real background worker (startNewsletterWorker) until it is
 * killed. It prints `ready` once the worker runs. Settings come from the NEWSLETTER_* variables;
 * SENDER_MAX_MS (default 120000) stops it by itself, so a sender whose test died cannot run on.
 * SIGTERM stops it as the server's graceful stop does (stopApp in src/server/app/app.ts): the
 * newsletter worker, then the database, then exit 0.
 */
import { db } from '@/server/db';
import { startNewsletterWorker } from '@/server/newsletter/worker';
import { flushLog } from '@/server/runtime/log';
import { stopApp } from '@/server/app/app';

process.on('SIGTERM', async () => {
	const deadline = Date.now() + 30_000;
	const remainingMs = () => Math.max(0, deadline - Date.now());
	await stopApp(remainingMs);
	await flushLog();
	process.exit(0);
});

db();
if (!startNewsletterWorker()) throw new Error('NEWSLETTER_WORKER is off');
process.stdout.write('ready\n');
setTimeout(() => process.exit(0), Number(process.env.SENDER_MAX_MS ?? 120_000)).unref();
setInterval(() => {}, 60_000);
