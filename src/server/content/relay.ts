/**
 * Carries this node's content changes to the other nodes, and theirs to this one, when several
 * nodes share a PostgreSQL database (LISTEN/NOTIFY). On SQLite there is one node: no relay.
 */
import { postgresDatabase } from '@/server/db';
import { PostgresContentRelay } from '@/server/db/content-bus-postgres';
import { onStop } from '@/server/stopping';
import { contentBus } from './events';

let listening: Promise<void> | undefined;

/**
 * Starts the relay once per process; resolves when this node is listening. Started by the
 * server's background work, never at import: `astro build` loads the same modules.
 */
export function startContentRelay(): Promise<void> {
	const postgres = postgresDatabase();
	if (!postgres) return Promise.resolve();
	if (!listening) {
		const relay = new PostgresContentRelay(postgres, contentBus);
		listening = relay.start();
		onStop('relay', () => relay.close());
	}
	return listening;
}
