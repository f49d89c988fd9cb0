/**
 * A webhook worker process for the outbox test (tests/integration/partner-event-outbox.test.ts):
 * it opens the database of DATABASE_PATH or DATABASE_URL the way the app does and runs the real
 * webhook worker (startWebhookWorker: the outbox's fan-out and the message sender) until it is
 * killed, as a node of the app would. It prints `ready` once the worker runs. SENDER_MAX_MS
 * (default 120000) stops it by itself, so a sender whose test died cannot run on.
 */
import { db } from '@/server/db';
import { startWebhookWorker } from '@/server/webhooks/worker';

db();
if (!startWebhookWorker()) throw new Error('NEWSLETTER_WORKER is off');
process.stdout.write('ready\n');
setTimeout(() => process.exit(0), Number(process.env.SENDER_MAX_MS ?? 120_000)).unref();
setInterval(() => {}, 60_000);
