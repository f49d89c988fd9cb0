/**
 * Carries this node's content changes to the other nodes, and theirs to this one, when several
 * nodes share a PostgreSQL database (LISTEN/NOTIFY, relay.postgres.ts). On SQLite there is one
 * node: no relay.
 */
import { byEngine } from '@/server/db';
import { changeBus } from './content-changes';
import { PostgresContentRelay } from './relay.postgres';

/** Makes this engine's relay: one listening on the pool on PostgreSQL, none on SQLite. */
const makeRelay = byEngine<(() => PostgresContentRelay) | undefined>({
	sqlite: () => undefined,
	postgres: (pool) => () => new PostgresContentRelay(pool, changeBus),
});

let running: { relay: PostgresContentRelay; listening: Promise<void> } | undefined;

/**
 * Starts the relay once per process; resolves when this node is listening. Started by
 * startApp() (src/server/app/app.ts), never at import: `astro build` loads the same modules.
 */
export function startContentRelay(): Promise<void> {
	if (!running) {
		const relay = makeRelay()?.();
		if (!relay) return Promise.resolve();
		running = { relay, listening: relay.start() };
	}
	return running.listening;
}

/** Stops listening for other nodes' changes (before the database closes). */
export async function stopContentRelay(): Promise<void> {
	const stopping = running;
	running = undefined;
	await stopping?.relay.close();
}
