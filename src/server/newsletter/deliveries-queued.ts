/**
 * "Deliveries were queued": the issues service says it, this process's sender (worker.ts)
 * listens, so the service needs no import of the sender.
 */
const listeners = new Set<() => void>();

export function onDeliveriesQueued(listener: () => void): void {
	listeners.add(listener);
}

export function deliveriesQueued(): void {
	for (const listener of listeners) listener();
}
