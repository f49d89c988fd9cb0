/**
 * A newsletter sender process for the crash and shared-queue tests: it opens the database of
 * DATABASE_PATH or DATABASE_URL the way the app does and runs the real background worker (startNewsletterWorker) until it is
 * killed. It prints `ready` once the worker runs. Settings come from the NEWSLETTER_* variables;
 * SENDER_MAX_MS (default 120000) stops it by itself, so a sender whose test died cannot run on.
 */
import { db } from '@/server/db';
import { startNewsletterWorker } from '@/server/newsletter/worker';

db();
if (!startNewsletterWorker()) throw new Error('NEWSLETTER_WORKER is off');
process.stdout.write('ready\n');
setTimeout(() => process.exit(0), Number(process.env.SENDER_MAX_MS ?? 120_000)).unref();
setInterval(() => {}, 60_000);
