/**
 * Generation status behind a small interface, so several app nodes can later share one store.
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

export interface SiteBuildStatusStore {
	get(): SiteBuildStatus;
	update(patch: Partial<SiteBuildStatus>): void;
}

export class MemoryStatusStore implements SiteBuildStatusStore {
	private status: SiteBuildStatus = {
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

	get(): SiteBuildStatus {
		return { ...this.status };
	}

	update(patch: Partial<SiteBuildStatus>): void {
		this.status = { ...this.status, ...patch };
	}
}
