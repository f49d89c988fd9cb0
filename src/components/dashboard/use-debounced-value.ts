import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/lib/search-debounce';

/** The value, once it has stopped changing for `delayMs` (server-side search as one types). */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
	const [settled, setSettled] = useState(value);
	useEffect(() => {
		const timer = setTimeout(() => setSettled(value), delayMs);
		return () => clearTimeout(timer);
	}, [value, delayMs]);
	return settled;
}
