/**
 * Carries this node's content changes to the other nodes, and theirs to this one, when several
 * nodes share a PostgreSQL database (LISTEN/NOTIFY). On SQLite there is one node: no relay.
 */
import { postgresDatabase } from '@/server/db';
import { PostgresContentRelay } from '@/server/db/content-bus-postgres';
import { contentBus } from './events';

let running: { relay: PostgresContentRelay; listening: Promise<void> } | undefined;

/**
 * Starts the relay once per process; resolves when this node is listening. Started by
 * startApp() (src/server/app.ts), never at import: `astro build` loads the same modules.
 */
export function startContentRelay(): Promise<void> {
	const postgres = postgresDatabase();
	if (!postgres) return Promise.resolve();
	if (!running) {
		const relay = new PostgresContentRelay(postgres, contentBus);
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
