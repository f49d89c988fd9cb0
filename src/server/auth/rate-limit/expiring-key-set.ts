import type { Clock } from './clock';
import { MemoryCounterStore } from './counter-store.memory';
import { counterKey, type CounterStore } from './counter-store';
import type { StoreSource } from './limiter';

/**
 * Remembers keys for a while, in the same kind of store as the counters: here, which clients
 * have signed in to which account.
 */
export class ExpiringKeySet {
	constructor(
		private readonly name: string,
		private readonly lifetimeMs: number,
		private readonly source: StoreSource = new MemoryCounterStore(),
		private readonly clock: Clock = Date.now,
	) {}

	private get store(): CounterStore {
		return typeof this.source === 'function' ? this.source() : this.source;
	}

	async remember(key: string): Promise<void> {
		// A fresh entry, so the lifetime runs from the latest time it was seen.
		await this.store.delete(this.key(key));
		await this.store.increment(this.key(key), this.lifetimeMs, this.clock());
	}

	async has(key: string): Promise<boolean> {
		return (await this.store.count(this.key(key), this.clock())).count > 0;
	}

	private key(key: string): string {
		return counterKey(this.name, key);
	}
}
