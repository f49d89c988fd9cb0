/**
 * Generation status behind a small interface: in memory for one process, in the database
 * (src/server/site/status.postgres.ts) when several app nodes share one.
 */
export type SiteBuildStatus = {
	running: boolean;
	/** What the running or last generation covers. */
	scope: 'full' | 'partial' | null;
	lastStartedAt: string | null;
	lastSuccessAt: string | null;
	lastDurationMs: number | null;
	lastPageCount: number | null;
	lastError: string | null;
	lastErrorAt: string | null;
	/** Paths waiting for the next generation. */
	queued: number;
};

/** One node's status as the dashboard lists it. */
export type NodeBuildStatus = SiteBuildStatus & {
	node: string;
	/** When the node last reported; one gone for good stops moving it. */
	updatedAt: string;
};

/**
 * This node's status is known here (each node generates its own pages), so reading and
 * updating it stay synchronous; a shared store copies it to where the other nodes read it.
 */
export interface SiteBuildStatusStore {
	get(): SiteBuildStatus;
	update(patch: Partial<SiteBuildStatus>): void;
	/** Every node's status (a single process: just its own). */
	all(): Promise<NodeBuildStatus[]>;
}

export const IDLE_STATUS: SiteBuildStatus = {
	running: false,
	scope: null,
	lastStartedAt: null,
	lastSuccessAt: null,
	lastDurationMs: null,
	lastPageCount: null,
	lastError: null,
	lastErrorAt: null,
	queued: 0,
};

export class MemoryStatusStore implements SiteBuildStatusStore {
	private status: SiteBuildStatus = { ...IDLE_STATUS };
	private updatedAt = new Date().toISOString();

	constructor(private readonly node = 'this node') {}

	get(): SiteBuildStatus {
		return { ...this.status };
	}

	update(patch: Partial<SiteBuildStatus>): void {
		this.status = { ...this.status, ...patch };
		this.updatedAt = new Date().toISOString();
	}

	async all(): Promise<NodeBuildStatus[]> {
		return [{ ...this.status, node: this.node, updatedAt: this.updatedAt }];
	}
}
