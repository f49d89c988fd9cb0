/**
 * A node reachable without a proxy bounds what one client can hold open: the number of open
 * connections (MAX_CONNECTIONS) and the time a whole request may take to arrive
 * (REQUEST_TIMEOUT_MS; Node's own default is 300 s).
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({ env: { MAX_CONNECTIONS: '3', REQUEST_TIMEOUT_MS: '1500' } });
});

afterAll(async () => {
	await server?.stop();
});

function open(): Promise<Socket> {
	const { hostname, port } = new URL(server.url);
	return new Promise((resolve, reject) => {
		const socket = connect(Number(port), hostname, () => resolve(socket));
		socket.once('error', reject);
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
		socket.on('error', () => {});
		socket.once('close', () => {
			clearTimeout(timer);
			resolve({ text, closed: true });
		});
	});
}

describe('connection bounds', () => {
	it('answers 408 and closes when a request does not arrive whole within the timeout', async () => {
		const socket = await open();
		// Headers announcing a body that never comes.
		socket.write('POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n');
		socket.write('Content-Length: 100\r\n\r\n{"email":');
		const answer = await readUntilClosed(socket, 20_000);
		expect(answer.closed).toBe(true);
		expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
	});

	it('closes connections past the cap at once, and serves again when one is gone', async () => {
		const held = [await open(), await open(), await open()];
		// A held connection is served.
		const first = held[0]!;
		const served = new Promise<string>((resolve) =>
			first.once('data', (chunk) => resolve(chunk.toString('latin1'))),
		);
		first.write('GET /api/platforms HTTP/1.1\r\nHost: localhost\r\n\r\n');
		expect(await served).toMatch(/^HTTP\/1\.1 200 /);
		const extra = await open();
		const refused = await readUntilClosed(extra, 10_000);
		expect(refused).toEqual({ text: '', closed: true });
		held.pop()?.destroy();
		// The server counts the closed socket once it has seen it go.
		await expect
			.poll(async () => (await fetch(`${server.url}/api/platforms`).catch(() => null))?.status ?? 0)
			.toBe(200);
		for (const socket of held) socket.destroy();
	});
});
