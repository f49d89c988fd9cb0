/**
 * The islands' API client: credentials always sent, a JSON body only when there
 * is a payload, and any non-OK answer becomes an ApiError whose message is
 * "{status}: {body text or status text}"; `serverMessage` holds the `{ message }` alone and
 * `field` the request field a validation failure is about (when the server names one in the
 * X-Invalid-Field header).
 */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly serverMessage: string,
		readonly field?: string,
	) {
		super(message);
	}
}

function messageOf(bodyText: string, statusText: string): string {
	try {
		const parsed = JSON.parse(bodyText) as { message?: unknown };
		if (typeof parsed.message === 'string') return parsed.message;
	} catch {
		// not JSON: fall through to the raw text
	}
	return bodyText || statusText;
}

/** On a 400 about one request field, the server names that field in this header. */
export const INVALID_FIELD_HEADER = 'X-Invalid-Field';

/** A list that stays a plain array says how many items match in this header (editor lists). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiRequest<T = unknown>(method: Method, path: string, payload?: unknown): Promise<T> {
	return (await apiResponse<T>(method, path, payload)).data;
}

/** apiRequest with the answer's headers too (e.g. a list's X-Total-Count). */
export async function apiResponse<T = unknown>(
	method: Method,
	path: string,
	payload?: unknown,
): Promise<{ data: T; headers: Headers }> {
	// Public answers allow shared caches a moment of staleness (stale-while-revalidate), and a
	// browser would use it too: right after a write, a list read again would come from the
	// browser's own copy. The islands always ask the server, which answers an unchanged copy
	// with a bodiless 304.
	const init: RequestInit = { method, credentials: 'include', cache: 'no-cache' };
	if (payload !== undefined) {
		init.headers = { 'Content-Type': 'application/json' };
		init.body = JSON.stringify(payload);
	}
	const response = await fetch(path, init);
	const text = await response.text();
	if (!response.ok) {
		throw new ApiError(
			response.status,
			`${response.status}: ${text || response.statusText}`,
			messageOf(text, response.statusText),
			response.headers.get(INVALID_FIELD_HEADER) ?? undefined,
		);
	}
	return { data: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

/** The text to put in a failure toast: the server's message, else the fallback. */
/**
 * The server answered with a final no (a 4xx other than a timeout or a rate limit: in use,
 * gone, not allowed): asking again cannot change it, so a confirm dialog closes on it.
 */
export function isRefusal(error: unknown): boolean {
	return (
		error instanceof ApiError &&
		error.status >= 400 &&
		error.status < 500 &&
		![408, 429].includes(error.status)
	);
}

export function failureText(error: unknown, fallback: string): string {
	if (error instanceof ApiError) return error.serverMessage || fallback;
	return fallback;
}
