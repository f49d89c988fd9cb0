/**
 * Generation status behind a small interface: in memory for one process, in the database
 * (src/server/site/status.postgres.ts) when several app nodes share one.
 */
export type GenerationStatus = {
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
export type NodeGenerationStatus = GenerationStatus & {
	node: string;
	/** When the node last reported; one gone for good stops moving it. */
	updatedAt: string;
};

/**
 * This node's status is known here (each node generates its own pages), so reading and
 * updating it stay synchronous; a shared store copies it to where the other nodes read it.
 */
export interface GenerationStatusStore {
	get(): GenerationStatus;
	update(patch: Partial<GenerationStatus>): void;
	/** Every node's status (a single process: just its own). */
	all(): Promise<NodeGenerationStatus[]>;
}

export const IDLE_STATUS: GenerationStatus = {
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

export class MemoryStatusStore implements GenerationStatusStore {
	private status: GenerationStatus = { ...IDLE_STATUS };
	private updatedAt = new Date().toISOString();

	constructor(private readonly node = 'this node') {}

	get(): GenerationStatus {
		return { ...this.status };
	}

	update(patch: Partial<GenerationStatus>): void {
		this.status = { ...this.status, ...patch };
		this.updatedAt = new Date().toISOString();
	}

	async all(): Promise<NodeGenerationStatus[]> {
		return [{ ...this.status, node: this.node, updatedAt: this.updatedAt }];
	}
}
