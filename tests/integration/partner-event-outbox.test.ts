/**
 * Partner events go through a transactional outbox (partner_events): a service records its event
 * with the change's own transaction, so the event commits with the change or not at all, and the
 * webhooks worker fans it out once, from one node. Here the services run in this process with no
 * worker (NEWSLETTER_WORKER=0): a platform saved while the outbox cannot be written is not saved;
 * events recorded while no worker runs (one of them claimed by a node that died half-way) are each
 * delivered exactly once when two worker processes (tests/support/webhook-sender.ts) start on
 * the database, with the body fixed at the time of the change. Housekeeping deletes fanned-out
 * events after PARTNER_EVENT_KEEP_DAYS. Runs on both engines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '@/lib/durations';
import { recordPartnerEvent } from '@/server/changes/partner-events';
import {
	closeDatabase,
	db,
	partnerEvents,
	platforms,
	runStatement,
	transaction,
	webhookDeliveries,
} from '@/server/db';
import { claimDue } from '@/server/db/lease-queue';
import { createPlatform, updatePlatform } from '@/server/platforms/directory';
import { createWebhook, deleteOldPartnerEvents, PARTNER_EVENT_KEEP_DAYS } from '@/server/webhooks/webhooks';
import { bundledScript } from '../support/bundled-script';
import { insertAccount } from '../support/newsletter-fixture';
import { platformInput } from '../support/platform-fixtures';
import { testDatabaseSettings } from '../support/postgres-databases';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const dir = mkdtempSync(join(tmpdir(), 'rmh-partner-outbox-'));
let database: Awaited<ReturnType<typeof testDatabaseSettings>>;
let receiver: WebhookReceiver;
let editorId: number;
const children = new Set<ChildProcess>();
/** A worker process loads the whole server code (bundled); on a busy machine that takes a while. */
const SLOW = 300_000;

/** Waits without timing anything: a busy machine must not fail the test. */
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 120_000, interval: 100 });

beforeAll(async () => {
	receiver = await startWebhookReceiver();
	database = await testDatabaseSettings(dir);
	Object.assign(process.env, { ...database.env, NEWSLETTER_WORKER: '0', WEBHOOK_ALLOW_PRIVATE: '1' });
	({ id: editorId } = await insertAccount(db(), { role: 'editor', subscribed: false }));
});
afterAll(async () => {
	for (const child of children) child.kill('SIGKILL');
	await closeDatabase();
	await database?.close();
	await receiver?.close();
	rmSync(dir, { recursive: true, force: true });
});

/** A platform form as the service takes it. */
function form(overrides: Record<string, unknown> = {}) {
	return { ...platformInput(overrides), slug: undefined } as Parameters<typeof createPlatform>[0];
}

const outbox = () => db().select().from(partnerEvents).orderBy(partnerEvents.id);

/** Starts a worker process on the test's database; resolves once its worker runs. */
async function startWorker(): Promise<ChildProcess> {
	const child = spawn(process.execPath, [bundledScript('tests/support/webhook-sender.ts')], {
		env: {
			...process.env,
			...database.env,
			NEWSLETTER_WORKER: '1',
			NEWSLETTER_POLL_MS: '100',
			WEBHOOK_ALLOW_PRIVATE: '1',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	children.add(child);
	child.once('exit', () => children.delete(child));
	let output = '';
	await new Promise<void>((resolve, reject) => {
		child.stdout!.on('data', (chunk) => {
			output += chunk;
			if (output.includes('ready')) resolve();
		});
		child.stderr!.on('data', (chunk) => (output += chunk));
		child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it ran:\n${output}`)));
	});
	return child;
}

describe('the outbox is written in the change’s transaction', () => {
	it('a change whose transaction rolls back leaves no event', async () => {
		const before = (await outbox()).length;
		await expect(
			transaction(async (tx) => {
				await recordPartnerEvent(tx, { type: 'platform.updated', data: { id: 1 } });
				throw new Error('the change failed after its event was recorded');
			}),
		).rejects.toThrow('the change failed');
		expect(await outbox()).toHaveLength(before);
	});

	it('a platform save whose event cannot be recorded is not saved either', async () => {
		const created = await createPlatform(form(), { authorId: editorId });
		const before = (await outbox()).length;
		// The outbox out of reach: its insert fails inside the save's transaction.
		await runStatement(sql`alter table partner_events rename to partner_events_away`);
		try {
			await expect(
				updatePlatform(created.id, form({ name: 'Renamed without its event' }), { authorId: editorId }),
			).rejects.toThrow();
		} finally {
			await runStatement(sql`alter table partner_events_away rename to partner_events`);
		}
		const [row] = await db()
			.select({ name: platforms.name })
			.from(platforms)
			.where(eq(platforms.id, created.id));
		expect(row!.name).toBe(created.name);
		expect(await outbox()).toHaveLength(before);
	});
});

describe('events recorded while no worker runs', () => {
	it(
		'are delivered once each after the workers start, however many nodes run them',
		async () => {
			const hook = await createWebhook({ url: receiver.url('/outbox'), events: ['platform.updated'] });
			const first = await createPlatform(form(), { authorId: editorId });
			const second = await createPlatform(form(), { authorId: editorId });
			const savedFrom = new Date();
			await updatePlatform(first.id, form({ name: `${first.name} renamed` }), { authorId: editorId });
			await updatePlatform(second.id, form({ name: `${second.name} renamed` }), { authorId: editorId });
			const savedBy = new Date();
			const recorded = (await outbox()).filter((event) => event.status === 'queued');
			expect(recorded.map((event) => event.type)).toEqual(['platform.updated', 'platform.updated']);
			expect(await db().select().from(webhookDeliveries)).toEqual([]);

			// A node that claimed the first event an hour ago and died before it fanned it out: its
			// lease is long over, so another node takes the event again.
			const [claimed] = await claimDue(partnerEvents, {}, { limit: 1, leaseMs: 30_000 });
			expect(claimed!.id).toBe(recorded[0]!.id);
			await db()
				.update(partnerEvents)
				.set({ claimedAt: new Date(Date.now() - 60 * 60_000) })
				.where(eq(partnerEvents.id, claimed!.id));

			// Two nodes start side by side on the database.
			await Promise.all([startWorker(), startWorker()]);
			await eventually(async () => {
				const statuses = (await db().select().from(webhookDeliveries)).map((row) => row.status);
				expect(statuses).toEqual(['delivered', 'delivered']);
				expect((await outbox()).every((event) => event.status === 'done')).toBe(true);
			});
			// Every event is fanned out and every message delivered: no other can come.
			const received = receiver.received('/outbox');
			expect(received).toHaveLength(2);
			const verifier = new Webhook(hook.secret);
			const bodies = received.map(({ headers, body }) => {
				verifier.verify(body, headers as Record<string, string>);
				return JSON.parse(body) as { type: string; timestamp: string; data: { id: number; name: string } };
			});
			expect(new Set(received.map(({ headers }) => headers['webhook-id'])).size).toBe(2);
			expect(bodies.map((body) => body.data.id).sort()).toEqual([first.id, second.id].sort());
			expect(bodies.map((body) => body.data.name).sort()).toEqual(
				[`${first.name} renamed`, `${second.name} renamed`].sort(),
			);
			for (const body of bodies) {
				expect(body.type).toBe('platform.updated');
				// Stamped when the change happened, not when a worker got round to it.
				const at = new Date(body.timestamp).getTime();
				expect(at).toBeGreaterThanOrEqual(savedFrom.getTime());
				expect(at).toBeLessThanOrEqual(savedBy.getTime());
			}
		},
		SLOW,
	);
});

describe('housekeeping', () => {
	it(`deletes events fanned out more than ${PARTNER_EVENT_KEEP_DAYS} days ago, and only those`, async () => {
		await db().delete(partnerEvents);
		const now = Date.now();
		const row = (status: 'queued' | 'done', fannedOutDaysAgo: number | null) => ({
			type: 'platform.updated' as const,
			payload: '{}',
			status,
			nextAttemptAt: new Date(now),
			fannedOutAt: fannedOutDaysAgo === null ? null : new Date(now - fannedOutDaysAgo * DAY_MS),
			createdAt: new Date(now - 30 * DAY_MS),
		});
		const kept = await db()
			.insert(partnerEvents)
			.values([row('queued', null), row('done', PARTNER_EVENT_KEEP_DAYS - 1)])
			.returning({ id: partnerEvents.id });
		await db()
			.insert(partnerEvents)
			.values(row('done', PARTNER_EVENT_KEEP_DAYS + 1));
		await deleteOldPartnerEvents(now);
		expect((await outbox()).map((event) => event.id)).toEqual(kept.map((event) => event.id));
	});
});
