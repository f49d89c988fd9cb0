/**
 * The islands' API client (SPEC 7 and 8): credentials always sent, a JSON body only when there
 * is a payload, and any non-OK answer becomes an ApiError whose message is
 * "{status}: {body text or status text}"; `serverMessage` holds the `{ message }` alone.
 */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly serverMessage: string,
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

export async function apiRequest<T = unknown>(
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
	path: string,
	payload?: unknown,
): Promise<T> {
	const init: RequestInit = { method, credentials: 'include' };
	if (payload !== undefined) {
		init.headers = { 'Content-Type': 'application/json' };
		init.body = JSON.stringify(payload);
	}
	const response = await fetch(path, init);
	const text = await response.text();
	if (!response.ok) {
		const serverMessage = messageOf(text, response.statusText);
		throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, serverMessage);
	}
	return (text ? JSON.parse(text) : null) as T;
}

/** The text to put in a failure toast: the server's message, else the fallback. */
export function failureText(error: unknown, fallback: string): string {
	if (error instanceof ApiError) return error.serverMessage || fallback;
	return fallback;
}
