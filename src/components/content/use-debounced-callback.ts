import { useEffect, useRef } from 'react';

/**
 * Runs `callback` once typing pauses for `delay` ms (search boxes): one request per pause, not
 * per key. `flush` runs a pending call at once (Enter), `cancel` drops it (clear button).
 */
export function useDebouncedCallback<T>(callback: (value: T) => void, delay: number) {
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
	const latest = useRef(callback);
	latest.current = callback;
	useEffect(() => () => clearTimeout(timer.current), []);
	return {
		schedule(value: T) {
			clearTimeout(timer.current);
			timer.current = setTimeout(() => latest.current(value), delay);
		},
		cancel() {
			clearTimeout(timer.current);
		},
	};
}
