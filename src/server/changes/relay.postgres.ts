/**
 * Content changes between app nodes on PostgreSQL. A node sends each committed change with
 * `pg_notify('content_changed', …)` through its pool; every node LISTENs on one dedicated
 * connection outside the pool (a pooled one would be handed to queries and lose the LISTEN)
 * and hands what it hears to its local ChangeBus, whose listeners regenerate pages and drop
 * cached API answers as for a change made locally.
 *
 * A node hears its own notifications too; it skips them by an origin id, since its bus already
 * delivered the change before the writer's answer went out. When the listening connection dies
 * (database restart, failover, a killed backend) it reconnects with growing pauses, and then
 * tells the bus that changes may have been missed: notifications sent while it was away are lost
 * for good.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChangeBus, ContentChange, ContentChangeRelay } from './content-changes';
import { baseLog } from '@/server/runtime/log';
import type { PostgresDatabase } from '@/server/db/postgres-connection';

const CHANNEL = 'content_changed';
const relayLog = () => baseLog().child({ subject: 'relay' });
const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 5_000;

type Notice = { origin: string; change: ContentChange };

export type PostgresContentRelayOptions = {
	/** Name of the listening connection in pg_stat_activity. */
	applicationName?: string;
};

export class PostgresContentRelay implements ContentChangeRelay {
	/** Tells this node's notifications from the others'. */
	readonly origin = randomUUID();
	private client: pg.Client | undefined;
	private pause = FIRST_PAUSE_MS;
	private timer: NodeJS.Timeout | undefined;
	private closed = false;
	private listening: Promise<void> | undefined;

	constructor(
		private readonly database: PostgresDatabase,
		private readonly bus: ChangeBus,
		private readonly options: PostgresContentRelayOptions = {},
	) {}

	/**
	 * Starts listening and makes this the bus's relay. Resolves once the first LISTEN is in
	 * place; if the database is away it keeps trying in the background and resolves then.
	 */
	start(): Promise<void> {
		this.bus.useRelay(this);
		this.listening ??= new Promise((resolve) => this.connect(resolve, false));
		return this.listening;
	}

	async send(change: ContentChange): Promise<void> {
		const notice: Notice = { origin: this.origin, change };
		await this.database.$client.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(notice)]);
	}

	async close(): Promise<void> {
		this.closed = true;
		clearTimeout(this.timer);
		this.bus.useRelay(undefined);
		const client = this.client;
		this.client = undefined;
		await client?.end().catch(() => {});
	}

	private connect(onListening: () => void, reconnecting: boolean): void {
		if (this.closed) return;
		const client = new pg.Client({
			...this.database.$client.options,
			application_name: this.options.applicationName ?? 'retail-media-hub content listener',
		});
		let lost = false;
		const retry = (error?: unknown) => {
			if (lost) return;
			lost = true;
			const wasListening = this.client === client;
			if (wasListening) this.client = undefined;
			client.end().catch(() => {});
			if (this.closed) return;
			relayLog().warn(
				{ err: error instanceof Error ? error : undefined, retryInMs: this.pause },
				wasListening ? 'lost the listening connection, reconnecting' : 'could not listen, trying again',
			);
			this.timer = setTimeout(() => this.connect(onListening, true), this.pause);
			this.timer.unref();
			this.pause = Math.min(this.pause * 2, LONGEST_PAUSE_MS);
		};
		// A dead connection emits 'error' (unhandled, it would end the process) and 'end'.
		client.on('error', retry);
		client.on('end', retry);
		client.on('notification', (message) => {
			if (message.channel !== CHANNEL || !message.payload) return;
			let notice: Notice;
			try {
				notice = JSON.parse(message.payload) as Notice;
			} catch {
				return; // not ours
			}
			if (notice.origin !== this.origin) this.bus.deliver(notice.change);
		});
		client
			.connect()
			.then(() => client.query(`listen ${CHANNEL}`))
			.then(() => {
				if (lost) return;
				if (this.closed) {
					client.end().catch(() => {});
					return;
				}
				this.client = client;
				this.pause = FIRST_PAUSE_MS;
				if (reconnecting) {
					relayLog().info(
						'listening again; pages and cached answers are refreshed for changes missed meanwhile',
					);
					this.bus.missed.emit();
				}
				onListening();
			})
			.catch(retry);
	}
}
