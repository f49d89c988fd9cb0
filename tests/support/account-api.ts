/**
 * Shared helpers for the account API tests: a client with its own (forwarded) address, user
 * registration with unique credentials, and small facts about cookies, hashes and mail.
 */
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { decodeQuotedPrintable } from '../../scripts/mail-last';
import { Client, type ApiAnswer } from './http';
import { startServer, type StartOptions, type TestServer } from './server';

export const USER_FIELDS = [
	'createdAt',
	'displayName',
	'email',
	'emailVerified',
	'id',
	'isBanned',
	'isNewsletterSubscribed',
	'role',
	'username',
	'vendorPlatformId',
] as const;

/** Anything that would betray a stored password hash. */
const SECRET_PATTERN = /passwordHash|password_hash|\$argon2/i;

let addressCounter = 0;
function nextAddress(): string {
	addressCounter += 1;
	const n = addressCounter;
	return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * One browser-like visitor with its own client address. The account servers are started with
 * TRUST_PROXY=1, so X-Forwarded-For is the rate-limit key and one test's failed sign-ins or
 * sign-ups never count against another's. Every answer is also checked for leaked hashes.
 */
export class TestClient extends Client {
	readonly address: string;

	constructor(baseUrl: string, address = nextAddress()) {
		super(baseUrl);
		this.address = address;
	}

	override async request<T = any>(
		method: string,
		path: string,
		body?: unknown,
		headers: Record<string, string> = {},
	): Promise<ApiAnswer<T>> {
		const answer = await super.request<T>(method, path, body, {
			'x-forwarded-for': this.address,
			...headers,
		});
		const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
		if (text && SECRET_PATTERN.test(text)) {
			throw new Error(`${method} ${path} leaked a password hash: ${text}`);
		}
		return answer;
	}

	/** The raw session token from the cookie jar ('' when signed out). */
	get sessionToken(): string {
		return this.sessionCookie.replace(/^session=/, '');
	}
}

/** A server for account tests: trusts X-Forwarded-For so each TestClient is its own client. */
export function startAccountServer(options: StartOptions = {}): Promise<TestServer> {
	return startServer({ ...options, env: { TRUST_PROXY: '1', ...options.env } });
}

let userCounter = 0;

export type Credentials = { email: string; username: string; password: string };
export type Registered = Credentials & { id: number; client: TestClient; answer: ApiAnswer };

/** Fresh, unused credentials (unique per call within a test file). */
export function newCredentials(overrides: Partial<Credentials> = {}): Credentials {
	userCounter += 1;
	const tag = `${process.pid}x${userCounter}`;
	return {
		email: `user${tag}@example.com`,
		username: `user_${tag}`,
		password: `secret-${tag}`,
		...overrides,
	};
}

/**
 * Registers a user through POST /api/register with `client` (a new TestClient by default),
 * which is then signed in as that user.
 */
export async function registerUser(
	server: TestServer,
	overrides: Partial<Credentials> = {},
	client = new TestClient(server.url),
): Promise<Registered> {
	const credentials = newCredentials(overrides);
	const answer = await client.post('/api/register', credentials);
	if (answer.status !== 201) {
		throw new Error(`Registration failed: ${answer.status} ${JSON.stringify(answer.body)}`);
	}
	return { ...credentials, id: answer.body.id, client, answer };
}

/** A new TestClient signed in with the given credentials. */
export async function signedInClient(server: TestServer, email: string, password: string) {
	const client = new TestClient(server.url);
	const answer = await client.login(email, password);
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return client;
}

export function sha256Hex(value: string): string {
	return createHash('sha256').update(value).digest('hex');
}

/** The Set-Cookie line for the session cookie, if the answer set one. */
export function sessionSetCookie(headers: Headers): string | undefined {
	return headers.getSetCookie().find((line) => line.startsWith('session='));
}

/** A GET /api/user made with nothing but the given Cookie header. */
export async function getUserWithCookie(server: TestServer, cookie: string) {
	return new TestClient(server.url).request('GET', '/api/user', undefined, { cookie });
}

// The decoder `npm run mail:last` uses, for the same .eml files.
export { decodeQuotedPrintable };

/** The decoded text of every .eml file in the server's outbox folder. */
export function outboxMails(server: TestServer): string[] {
	let files: string[];
	try {
		files = readdirSync(server.outboxDir).filter((name) => name.endsWith('.eml'));
	} catch {
		return [];
	}
	return files
		.sort()
		.map((name) => decodeQuotedPrintable(readFileSync(join(server.outboxDir, name), 'utf8')));
}

/**
 * Polls until `check` returns a value (for work the server does after answering). The bound
 * only reports a failure, so it is as long as a busy machine needs (as the polls' in
 * vitest.config.ts).
 */
export async function eventually<T>(
	check: () => T | undefined | Promise<T | undefined>,
	timeoutMs = 30_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/** A link `${server.url}${path}#token=...` in a text (the token in the fragment), with its token. */
function findTokenLink(server: TestServer, text: string, path: string) {
	const escaped = `${server.url}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const match = text.match(new RegExp(`${escaped}#token=([a-z2-7]{32})`));
	return match ? { link: match[0], token: match[1]! } : undefined;
}

/** The reset link `${server.url}/reset-password#token=...` in a text, with its token. */
export function findResetLink(server: TestServer, text: string) {
	return findTokenLink(server, text, '/reset-password');
}

/** The verification link `${server.url}/verify-email#token=...` in a text, with its token. */
export function findVerifyLink(server: TestServer, text: string) {
	return findTokenLink(server, text, '/verify-email');
}

/** The work-email link `${server.url}/profile/work-email#token=...` in a text, with its token. */
export function findWorkEmailLink(server: TestServer, text: string) {
	return findTokenLink(server, text, '/profile/work-email');
}

/** Waits for the newest work-email link mailed to `address` and answers it with its token. */
export async function workEmailLink(server: TestServer, address: string) {
	const mail = await eventually(() =>
		outboxMails(server)
			.reverse()
			.find((text) => mailTo(text, address) && findWorkEmailLink(server, text)),
	);
	return findWorkEmailLink(server, mail)!;
}

/** Whether a mail's header block names `address` as its recipient. */
export function mailTo(text: string, address: string): boolean {
	return text.split(/\r?\n/).includes(`To: ${address}`);
}

/**
 * Waits for the newest verification link mailed to `address` (after the first `skip` mails of
 * the outbox) and answers its token.
 */
export async function verificationToken(server: TestServer, address: string, skip = 0): Promise<string> {
	const mail = await eventually(() =>
		outboxMails(server)
			.slice(skip)
			.reverse()
			.find((text) => mailTo(text, address) && findVerifyLink(server, text)),
	);
	return findVerifyLink(server, mail)!.token;
}

/**
 * For checks that a request mailed nothing (to the outbox): a mail the server starts after
 * that request (a new user's verification mail), waited for, so a mail the request had started
 * would be there too however busy the machine is. The outbox holds one more mail afterwards.
 */
export async function laterMailWritten(server: TestServer): Promise<void> {
	const later = await registerUser(server);
	await verificationToken(server, later.email);
}

/**
 * Changes a user's email the whole way: asks for it (PUT /api/profile/email) and confirms the
 * link mailed to the new address from `confirmer` (the user's own client unless told).
 */
export async function changeEmailConfirmed(
	server: TestServer,
	user: Registered,
	email: string,
	confirmer: TestClient = user.client,
): Promise<ApiAnswer> {
	const skip = outboxMails(server).length;
	const asked = await user.client.put('/api/profile/email', {
		email,
		currentPassword: user.password,
	});
	expect(asked.status, JSON.stringify(asked.body)).toBe(200);
	const token = await verificationToken(server, email.trim().toLowerCase(), skip);
	return confirmer.post('/api/auth/verify-email', { token });
}

/**
 * Sends `content` as a streamed body (chunked transfer encoding, no Content-Length), like a
 * client that does not announce the size.
 */
export async function sendStreamedBody(
	url: string,
	method: string,
	content: string,
	headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
	const bytes = new TextEncoder().encode(content);
	const chunkSize = 16 * 1024;
	let sent = 0;
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (sent >= bytes.byteLength) {
				controller.close();
				return;
			}
			controller.enqueue(bytes.slice(sent, sent + chunkSize));
			sent += chunkSize;
		},
	});
	const response = await fetch(url, {
		method,
		body,
		headers: { 'content-type': 'application/json', ...headers },
		duplex: 'half',
	} as RequestInit);
	const text = await response.text();
	let parsed: unknown = text;
	try {
		parsed = JSON.parse(text);
	} catch {
		// keep the text
	}
	return { status: response.status, body: parsed, headers: response.headers };
}

/**
 * Announces a body of `declared` bytes (Content-Length) and sends only a little of it, as a
 * client starting a huge upload: the answer must come from the announced size alone.
 */
export function sendDeclaredLength(
	url: string,
	declared: number,
	headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
	return new Promise((resolve, reject) => {
		const request = httpRequest(url, {
			method: 'POST',
			headers: { 'content-type': 'application/octet-stream', 'content-length': String(declared), ...headers },
		});
		request.on('response', (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => {
				const text = Buffer.concat(chunks).toString();
				let parsed: unknown = text;
				try {
					parsed = JSON.parse(text);
				} catch {
					// keep the text
				}
				resolve({ status: response.statusCode ?? 0, body: parsed });
				request.destroy();
			});
		});
		// The server closes the connection once it has answered; a reset after that is expected.
		request.on('error', (error) => reject(error));
		request.write(Buffer.alloc(1024));
	});
}

/** `value` as JSON padded with trailing spaces to exactly `bytes` bytes (still valid JSON). */
export function jsonOfSize(value: unknown, bytes: number): string {
	const text = JSON.stringify(value);
	const size = Buffer.byteLength(text);
	if (size > bytes) throw new Error(`JSON is already ${size} bytes`);
	return text + ' '.repeat(bytes - size);
}
