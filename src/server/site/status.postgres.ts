/**
 * The site generator's status on PostgreSQL: one row per app node, so the dashboard of any
 * node can show every node's generation. The node's own status stays in memory as well (it is
 * the only writer of its row), so the generator reads and updates it synchronously; each
 * update is copied to the row in the background, in order, a burst of updates as one write.
 */
import { baseLog } from '@/server/runtime/log';
import { eq } from 'drizzle-orm';
import type { NodeGenerationStatus, GenerationStatus, GenerationStatusStore } from './status';
import { IDLE_STATUS } from './status';
import { schema, type PostgresDatabase } from '@/server/db/postgres-connection';

const table = schema.siteBuildStatus;
type Row = typeof table.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const date = (text: string | null) => (text ? new Date(text) : null);

function fromRow(row: Row): NodeGenerationStatus {
	return {
		node: row.node,
		running: row.running,
		scope: row.scope,
		lastStartedAt: iso(row.lastStartedAt),
		lastSuccessAt: iso(row.lastSuccessAt),
		lastDurationMs: row.lastDurationMs,
		lastPageCount: row.lastPageCount,
		lastError: row.lastError,
		lastErrorAt: iso(row.lastErrorAt),
		queued: row.queued,
		updatedAt: row.updatedAt.toISOString(),
	};
}

export class PostgresStatusStore implements GenerationStatusStore {
	private status: GenerationStatus = { ...IDLE_STATUS };
	private dirty = false;
	private writing: Promise<void> | undefined;

	constructor(
		private readonly database: PostgresDatabase,
		/** This node's name, unique among the nodes (host name and port, say). */
		readonly node: string,
	) {}

	/**
	 * Takes over what this node's row said before a restart (the last success or error), with
	 * nothing running or queued any more.
	 */
	async restore(): Promise<void> {
		const [row] = await this.database.select().from(table).where(eq(table.node, this.node));
		if (!row) return;
		const { node: _node, updatedAt: _updatedAt, ...previous } = fromRow(row);
		// A generation may have started while the row was read: what it set since wins.
		const kept = Object.fromEntries(
			Object.entries(previous).filter(([key]) => this.status[key as keyof GenerationStatus] === null),
		);
		this.update({ ...kept, running: this.status.running, queued: this.status.queued });
	}

	get(): GenerationStatus {
		return { ...this.status };
	}

	update(patch: Partial<GenerationStatus>): void {
		this.status = { ...this.status, ...patch };
		this.dirty = true;
		this.writing ??= this.writeLoop().finally(() => {
			this.writing = undefined;
		});
	}

	async all(): Promise<NodeGenerationStatus[]> {
		const rows = await this.database.select().from(table).orderBy(table.node);
		return rows.map(fromRow);
	}

	/** Resolves once the row holds every update made so far (tests, shutdown). */
	async flush(): Promise<void> {
		while (this.writing) await this.writing;
	}

	private async writeLoop(): Promise<void> {
		while (this.dirty) {
			this.dirty = false;
			const status = this.status;
			const values = {
				running: status.running,
				scope: status.scope,
				lastStartedAt: date(status.lastStartedAt),
				lastSuccessAt: date(status.lastSuccessAt),
				lastDurationMs: status.lastDurationMs,
				lastPageCount: status.lastPageCount,
				lastError: status.lastError,
				lastErrorAt: date(status.lastErrorAt),
				queued: status.queued,
				updatedAt: new Date(),
			};
			try {
				await this.database
					.insert(table)
					.values({ node: this.node, ...values })
					.onConflictDoUpdate({ target: table.node, set: values });
			} catch (error) {
				// The status is for people; generation goes on. The next update writes again.
				baseLog().error({ err: error, subject: 'site' }, 'could not store the generation status');
				return;
			}
		}
	}
}
