/**
 * A node reachable without a proxy bounds what one client can hold open: the number of open
 * connections (MAX_CONNECTIONS, idle ones closed first, and MAX_CONNECTIONS_PER_ADDRESS, a
 * trusted proxy exempt) and the time a whole request may take to arrive (REQUEST_TIMEOUT_MS;
 * Node's own default is 300 s).
 *
 * The sockets come from several loopback addresses (127.0.0.2, ...), each its own client.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

const MAX = 60;
const PER_ADDRESS = 40;
const PROXY = '127.0.0.5';

let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
	server = await startServer({
		env: {
			MAX_CONNECTIONS: String(MAX),
			MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
			TRUSTED_PROXIES: PROXY,
			REQUEST_TIMEOUT_MS: '6000',
		},
	});
});

afterEach(() => {
	for (const socket of sockets.splice(0)) socket.destroy();
});

afterAll(async () => {
	await server?.stop();
});

type Held = { socket: Socket; closed: Promise<void>; isClosed: () => boolean };

/** A connection from `from` (a loopback address), closed after the test. */
function open(from = '127.0.0.1'): Promise<Held> {
	const { hostname, port } = new URL(server.url);
	return new Promise((resolve, reject) => {
		const socket = connect({ port: Number(port), host: hostname, localAddress: from }, () => {
			let closed = false;
			const gone = new Promise<void>((done) =>
				socket.once('close', () => {
					closed = true;
					done();
				}),
			);
			resolve({ socket, closed: gone, isClosed: () => closed });
		});
		socket.on('error', () => {});
		socket.once('error', reject);
		sockets.push(socket);
	});
}

/** Everything the server sends until it closes the socket (or `limitMs` passes). */
function readUntilClosed(socket: Socket, limitMs: number): Promise<{ text: string; closed: boolean }> {
	return new Promise((resolve) => {
		let text = '';
		const timer = setTimeout(() => resolve({ text, closed: false }), limitMs);
		socket.on('data', (chunk) => {
			text += chunk.toString('latin1');
		});
		socket.once('close', () => {
			clearTimeout(timer);
			resolve({ text, closed: true });
		});
	});
}

/** Sends one keep-alive GET and resolves with its status line ('' when the socket closed instead). */
function get(socket: Socket, path = '/healthz'): Promise<string> {
	return new Promise((resolve) => {
		let text = '';
		const onData = (chunk: Buffer) => {
			text += chunk.toString('latin1');
			// /healthz answers with a short body, sent whole with its headers.
			if (/\r\n\r\n[\s\S]+/.test(text)) done(text.split('\r\n')[0]!);
		};
		const onClose = () => done('');
		const done = (status: string) => {
			socket.off('data', onData);
			socket.off('close', onClose);
			resolve(status);
		};
		socket.on('data', onData);
		socket.once('close', onClose);
		socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
	});
}

/** A connection left idle after one answered request. */
async function idle(from: string): Promise<Held> {
	const held = await open(from);
	expect(await get(held.socket)).toMatch(/^HTTP\/1\.1 200 /);
	return held;
}

/**
 * A connection with a request in flight: a login whose body never comes. The server has taken
 * the request once it answers `Expect: 100-continue`.
 */
async function busy(from: string): Promise<Held> {
	const held = await open(from);
	const continued = new Promise<string>((resolve) => {
		held.socket.once('data', (chunk) => resolve(chunk.toString('latin1')));
		held.socket.once('close', () => resolve(''));
	});
	held.socket.write(
		'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
			'Content-Length: 100\r\nExpect: 100-continue\r\n\r\n',
	);
	expect(await continued).toMatch(/^HTTP\/1\.1 100 /);
	return held;
}

describe('connection bounds', () => {
	it('answers 408 and closes when a request does not arrive whole within the timeout', async () => {
		const { socket } = await open();
		// Headers announcing a body that never comes.
		socket.write('POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n');
		socket.write('Content-Length: 100\r\n\r\n{"email":');
		const answer = await readUntilClosed(socket, 20_000);
		expect(answer.closed).toBe(true);
		expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
	});

	it('serves a fresh connection while 60 idle keep-alive sockets hold the cap, closing the idlest', async () => {
		const held: Held[] = [];
		for (let i = 0; i < MAX; i++) held.push(await idle(i < MAX / 2 ? '127.0.0.2' : '127.0.0.3'));
		const fresh = await open();
		expect(await get(fresh.socket)).toMatch(/^HTTP\/1\.1 200 /);
		// The room came from the idle sockets used longest ago; the latest are still open.
		await held[0]!.closed;
		const closed = held.filter((one) => one.isClosed()).length;
		expect(held.slice(0, closed).every((one) => one.isClosed())).toBe(true);
		expect(closed).toBeLessThanOrEqual(2);
		expect(await get(held.at(-1)!.socket)).toMatch(/^HTTP\/1\.1 200 /);
	});

	it('closes connections past the cap at once while every one is busy, and serves again when one is gone', async () => {
		const held: Held[] = [];
		for (let i = 0; i < MAX; i++) held.push(await busy(i < MAX / 2 ? '127.0.0.6' : '127.0.0.7'));
		const extra = await open();
		expect(await readUntilClosed(extra.socket, 10_000)).toEqual({ text: '', closed: true });
		expect(held.every((one) => !one.isClosed())).toBe(true);
		held.pop()!.socket.destroy();
		// The server counts the closed socket once it has seen it go.
		await expect
			.poll(async () => (await fetch(`${server.url}/healthz`).catch(() => null))?.status ?? 0)
			.toBe(200);
	});

	it('holds one address to its cap: its idlest connection closes, or the newcomer when all are busy', async () => {
		const idleOnes: Held[] = [];
		for (let i = 0; i < PER_ADDRESS; i++) idleOnes.push(await idle('127.0.0.8'));
		const next = await open('127.0.0.8');
		expect(await get(next.socket)).toMatch(/^HTTP\/1\.1 200 /);
		await idleOnes[0]!.closed;
		expect(idleOnes.slice(1).every((one) => !one.isClosed())).toBe(true);
		for (const one of idleOnes) one.socket.destroy();
		next.socket.destroy();

		for (let i = 0; i < PER_ADDRESS; i++) await busy('127.0.0.9');
		const refused = await open('127.0.0.9');
		expect(await readUntilClosed(refused.socket, 10_000)).toEqual({ text: '', closed: true });
		// Another address is still served.
		const other = await open('127.0.0.10');
		expect(await get(other.socket)).toMatch(/^HTTP\/1\.1 200 /);
	});

	it('does not hold the trusted proxy to the per-address cap', async () => {
		const held: Held[] = [];
		for (let i = 0; i < PER_ADDRESS + 5; i++) held.push(await idle(PROXY));
		expect(held.every((one) => !one.isClosed())).toBe(true);
		for (const one of held) expect(await get(one.socket)).toMatch(/^HTTP\/1\.1 200 /);
	});
});
