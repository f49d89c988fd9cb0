/**
 * A typed in-process signal: listeners subscribe, emit() calls each synchronously, in the order
 * they subscribed. One error policy for every signal of the server: a listener that throws is
 * logged and the others still run, because whatever is announced has already happened (a
 * committed save, a stored page) and must not turn into the announcer's error.
 */
import { baseLog } from '@/server/runtime/log';

export type Listener<T> = (value: T) => void;

export type Signal<T> = {
	/** Adds a listener (once: a listener already subscribed is not added twice); returns its unsubscribe. */
	subscribe(listener: Listener<T>): () => void;
	emit(value: T): void;
};

/** `name` says in the log which signal's listener failed. */
export function signal<T = void>(name: string): Signal<T> {
	const listeners = new Set<Listener<T>>();
	return {
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		},
		emit(value) {
			for (const listener of listeners) {
				try {
					listener(value);
				} catch (error) {
					baseLog().error({ err: error, signal: name }, 'a listener failed');
				}
			}
		},
	};
}
