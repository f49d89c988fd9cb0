/**
 * Loads one GET endpoint for a dashboard panel. The previous data stays on screen while a new
 * page or search loads (no flicker); `reload()` fetches again after a change. A list that
 * sends X-Total-Count gives its number of matches as `total`.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiResponse, TOTAL_COUNT_HEADER } from '@/lib/api-client';

export type ApiData<T> = {
	data: T | undefined;
	total: number | undefined;
	error: unknown;
	loading: boolean;
	reload: () => void;
};

export function useApiData<T>(path: string): ApiData<T> {
	const [data, setData] = useState<T>();
	const [total, setTotal] = useState<number>();
	const [error, setError] = useState<unknown>(null);
	const [loading, setLoading] = useState(true);
	const [version, setVersion] = useState(0);

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new `version` is what reload() asks for
	useEffect(() => {
		let current = true;
		setLoading(true);
		apiResponse<T>('GET', path).then(
			({ data: value, headers }) => {
				if (!current) return;
				const count = headers.get(TOTAL_COUNT_HEADER);
				setData(value);
				setTotal(count === null ? undefined : Number(count));
				setError(null);
				setLoading(false);
			},
			(reason: unknown) => {
				if (!current) return;
				setError(reason);
				setLoading(false);
			},
		);
		// A newer request (another page, another search) wins over a slower older one.
		return () => {
			current = false;
		};
	}, [path, version]);

	const reload = useCallback(() => setVersion((v) => v + 1), []);
	return { data, total, error, loading, reload };
}

/** Appends the non-empty values as a query string. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
	const query = new URLSearchParams();
	for (const [key, value] of Object.entries(params)) {
		if (value !== undefined && value !== '') query.set(key, String(value));
	}
	const text = query.toString();
	return text ? `${path}?${text}` : path;
}
