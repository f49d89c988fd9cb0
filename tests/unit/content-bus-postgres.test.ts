/**
 * Content changes between app nodes over PostgreSQL LISTEN/NOTIFY
 * (src/server/changes/relay.postgres.ts), on the real throwaway cluster: two "nodes", each a
 * bus with its own pool and relay. A change published on one reaches the listeners of both,
 * also after the listening connection was killed and came back.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChangeBus, type ContentChange } from '@/server/changes/content-changes';
import { PostgresContentRelay } from '@/server/changes/relay.postgres';
import { closePostgres, openPostgres, type PostgresDatabase } from '@/server/db/postgres-connection';
import { postgresTestDatabase, type TestPostgres } from '../support/postgres-databases';

type Node = {
	pool: PostgresDatabase;
	bus: ChangeBus;
	relay: PostgresContentRelay;
	heard: ContentChange[];
	resyncs: number;
};

let database: TestPostgres;
let a: Node;
let b: Node;

async function startNode(name: string): Promise<Node> {
	const pool = openPostgres(database.url, { max: 2 });
	const bus = new ChangeBus();
	const relay = new PostgresContentRelay(pool, bus, { applicationName: `listener ${name}` });
	const node: Node = { pool, bus, relay, heard: [], resyncs: 0 };
	bus.changes.subscribe((change) => node.heard.push(change));
	bus.missed.subscribe(() => (node.resyncs += 1));
	await relay.start();
	return node;
}

beforeAll(async () => {
	database = await postgresTestDatabase();
	a = await startNode('a');
	b = await startNode('b');
});

afterAll(async () => {
	for (const node of [a, b]) {
		if (!node) continue;
		await node.relay.close();
		await closePostgres(node.pool);
	}
	await database?.close();
});

/**
 * Waits for a delivery without timing it: the one-second goal is the bench's to report, and a
 * busy test machine must not fail it.
 */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 30_000, interval: 20 });

/** Ends a node's listening connection from the server side, as a restart or failover would. */
async function killListener(name: string): Promise<void> {
	const { rows } = await database.db.execute<{ killed: boolean }>(
		sql`select pg_terminate_backend(pid) as killed from pg_stat_activity
			where application_name = ${`listener ${name}`}`,
	);
	expect(rows.map((row) => row.killed)).toEqual([true]);
}

describe('the content bus on PostgreSQL', () => {
	it('delivers a change published on one node to the listeners of both, once each', async () => {
		const change: ContentChange = { kind: 'article', articleKind: 'news', id: 7 };
		a.bus.publish(change);
		// The publishing node's own listeners hear it at once, before any round trip.
		expect(a.heard).toEqual([change]);
		await eventually(() => expect(b.heard).toEqual([change]));
		b.bus.publish({ kind: 'page', slug: 'about-us' });
		await eventually(() => expect(a.heard).toHaveLength(2));
		expect(a.heard[1]).toEqual({ kind: 'page', slug: 'about-us' });
		// A node skips its own notification, which it has already delivered.
		await a.relay.send({ kind: 'newsletter-issue', id: 99 });
		await eventually(() => expect(b.heard.at(-1)).toEqual({ kind: 'newsletter-issue', id: 99 }));
		// Notifications arrive in commit order, so once a hears a later one it has seen its own.
		const later: ContentChange = { kind: 'page', slug: 'terms' };
		b.bus.publish(later);
		await eventually(() => expect(a.heard.at(-1)).toEqual(later));
		expect(a.heard).toHaveLength(3);
		expect(b.heard).toHaveLength(4);
	});

	it('reconnects after its listening connection is killed, resyncs, and hears changes again', async () => {
		b.heard.length = 0;
		await killListener('b');
		// Back and listening again: the bus is told it may have missed changes.
		await eventually(() => expect(b.resyncs).toBe(1));
		const change: ContentChange = { kind: 'article', articleKind: 'education', id: 8 };
		a.bus.publish(change);
		await eventually(() => expect(b.heard).toEqual([change]));
		expect(a.resyncs).toBe(0);
	});

	it('keeps announcing from a node whose own listener was killed', async () => {
		b.heard.length = 0;
		await killListener('a');
		a.bus.publish({ kind: 'page', slug: 'privacy' });
		await eventually(() => expect(b.heard).toEqual([{ kind: 'page', slug: 'privacy' }]));
		await eventually(() => expect(a.resyncs).toBe(1));
	});
});
