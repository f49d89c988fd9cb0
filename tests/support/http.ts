/**
 * A tiny cookie-keeping client for API tests: each Client is one browser-like visitor. And
 * requests fetch cannot send: a target exactly as written, and headers exactly as given.
 */
import { request as httpRequest } from 'node:http';

export type ApiAnswer<T = any> = { status: number; body: T; headers: Headers };

export class Client {
	private cookie = '';

	constructor(readonly baseUrl: string) {}

	/** Sends JSON (a raw string body, a FormData as multipart, or bytes as they are) and keeps the session cookie like a browser. */
	async request<T = any>(
		method: string,
		path: string,
		body?: unknown,
		headers: Record<string, string> = {},
	): Promise<ApiAnswer<T>> {
		const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
		const h = init.headers as Record<string, string>;
		if (this.cookie) h.cookie = this.cookie;
		if (body instanceof FormData) {
			// fetch writes the multipart Content-Type with its boundary.
			init.body = body;
		} else if (body instanceof Uint8Array) {
			// A file's bytes as the whole body (an audio upload).
			init.body = new Uint8Array(body);
			h['content-type'] ??= 'application/octet-stream';
		} else if (body !== undefined) {
			init.body = typeof body === 'string' ? body : JSON.stringify(body);
			h['content-type'] ??= 'application/json';
		}
		const response = await fetch(this.baseUrl + path, init);
		this.keepCookie(response.headers);
		const text = await response.text();
		let parsed: unknown = text;
		try {
			parsed = text ? JSON.parse(text) : null;
		} catch {
			// non-JSON bodies stay text
		}
		return { status: response.status, body: parsed as T, headers: response.headers };
	}

	get<T = any>(path: string) {
		return this.request<T>('GET', path);
	}
	post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
		return this.request<T>('POST', path, body, headers);
	}
	put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
		return this.request<T>('PUT', path, body, headers);
	}
	patch<T = any>(path: string, body?: unknown) {
		return this.request<T>('PATCH', path, body);
	}
	delete<T = any>(path: string) {
		return this.request<T>('DELETE', path);
	}

	async login(email: string, password: string): Promise<ApiAnswer> {
		return this.post('/api/login', { email, password });
	}

	get sessionCookie(): string {
		return this.cookie;
	}

	private keepCookie(headers: Headers): void {
		for (const line of headers.getSetCookie()) {
			const [pair] = line.split(';');
			const [name, value] = pair!.split('=');
			if (name !== 'session') continue;
			this.cookie = value ? `session=${value}` : '';
		}
	}
}

export type RawAnswer = {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	/** The body as the bytes that came (a compressed answer stays compressed). */
	body: Buffer;
	text: string;
};

/**
 * A request with its target sent exactly as written: fetch parses it as a URL first, turning
 * `\` into `/` and resolving `..`, so it cannot send what a client such as curl can.
 */
export function rawRequest(
	base: string,
	method: string,
	target: string,
	{ body, headers = {} }: { body?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
	const url = new URL(base);
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{ host: url.hostname, port: url.port, method, path: target, headers: { ...headers } },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					const bytes = Buffer.concat(chunks);
					resolve({
						status: res.statusCode!,
						headers: res.headers,
						body: bytes,
						text: bytes.toString('utf8'),
					});
				});
				res.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end(body);
	});
}

/**
 * A GET with exactly the given headers, its body as the bytes that came (fetch would add its own
 * Accept-Encoding and undo the compression).
 */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
	const { origin, pathname, search } = new URL(url);
	return rawRequest(origin, 'GET', pathname + search, { headers });
}
