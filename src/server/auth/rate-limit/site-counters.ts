/**
 * The store every limit of the site counts in, made once per engine on first use: the shared
 * table on PostgreSQL (several nodes count together), else this process's memory (SQLite runs
 * one node).
 */
import { byEngine } from '@/server/db';
import { limitsClock } from './clock';
import type { CounterStore } from './counter-store';
import { MemoryCounterStore } from './counter-store.memory';
import { PostgresCounterStore } from './counter-store.postgres';

export const siteCounterStore = byEngine<CounterStore>({
	sqlite: () => new MemoryCounterStore({ clock: limitsClock }),
	postgres: (pool) => new PostgresCounterStore(pool),
});
