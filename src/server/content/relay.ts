/**
 * Carries this node's content changes to the other nodes, and theirs to this one, when several
 * nodes share a PostgreSQL database (LISTEN/NOTIFY, relay.postgres.ts). On SQLite there is one
 * node: no relay.
 */
import { byEngine } from '@/server/db';
import { onStop } from '@/server/stopping';
import { contentBus } from './events';
import { PostgresContentRelay } from './relay.postgres';

/** This engine's relay, started once: listening on PostgreSQL, nothing to do on SQLite. */
const relay = byEngine<Promise<void>>({
	sqlite: () => Promise.resolve(),
	postgres: (pool) => {
		const started = new PostgresContentRelay(pool, contentBus);
		onStop('relay', () => started.close());
		return started.start();
	},
});

/**
 * Starts the relay once per process; resolves when this node is listening. Started by the
 * server's background work, never at import: `astro build` loads the same modules.
 */
export function startContentRelay(): Promise<void> {
	return relay();
}
