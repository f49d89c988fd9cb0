/**
 * A graceful stop (SIGTERM): the server stops accepting, lets the request in flight finish and
 * exits 0, logging each step in order.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/account-api';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({ env: { SHUTDOWN_TIMEOUT_MS: '60000' } });
});
afterAll(async () => {
	await server?.stop();
});

/** Everything the socket receives, as text so far. */
function received(socket: Socket): () => string {
	let text = '';
	socket.on('data', (chunk) => (text += chunk.toString('latin1')));
	return () => text;
}

describe('SIGTERM', () => {
	it('finishes the request in flight, refuses new connections, then exits 0', async () => {
		const { hostname, port } = new URL(server.url);
		const socket = connect(Number(port), hostname);
		const text = received(socket);
		const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
		const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
		// `Expect: 100-continue`: the 100 answer says the server has parsed the request and is
		// handling it, so the request is in flight before the signal, whatever the machine's speed.
		socket.write(
			[
				'POST /api/login HTTP/1.1',
				`Host: ${hostname}:${port}`,
				`Origin: ${server.url}`,
				'Content-Type: application/json',
				`Content-Length: ${Buffer.byteLength(body)}`,
				'Expect: 100-continue',
				'',
				'',
			].join('\r\n'),
		);
		await eventually(() => (text().startsWith('HTTP/1.1 100') ? true : undefined));

		const exitCode = server.signal('SIGTERM');
		await eventually(() => (server.logs().includes('stop 2/6') ? true : undefined));
		// A new connection is refused (connections already open may still send a request).
		await expect(
			new Promise((resolve, reject) => {
				const probe = connect(Number(port), hostname, () => resolve(probe.destroy()));
				probe.once('error', reject);
			}),
		).rejects.toThrow(/ECONNREFUSED/);

		// The body arrives after the stop began; the answer still comes, whole.
		socket.write(body);
		await ended;
		const answer = text().slice(text().indexOf('\r\n\r\n') + 4);
		expect(answer).toMatch(/^HTTP\/1\.1 401 /);
		expect(answer).toContain('{"message":"Invalid email or password."}');

		expect(await exitCode).toBe(0);
		const steps = [
			'stop 1/6: readiness answers 503',
			'stop 2/6: no longer accepting connections',
			'stop 3/6: requests in flight finished',
			'stop 4/6: newsletter worker stopped',
			'stop 5/6: relay and database closed',
			'stop 6/6: exiting with 0',
		];
		const logs = server.logs();
		// Each step's own time says when it happened: the asynchronous log stream's last writes,
		// flushed as the process exits, may reach the pipe out of order.
		const lines = logs
			.split('\n')
			.filter((line) => line.startsWith('{'))
			.map((line) => JSON.parse(line) as { msg: string; time: string });
		const at = steps.map((step) => lines.find((line) => line.msg.startsWith(step))?.time);
		expect(
			at.every((time) => time !== undefined),
			logs,
		).toBe(true);
		expect([...at].sort(), logs).toEqual(at);
		// The request that finished during the stop has its access-log line.
		expect(logs).toMatch(/"method":"POST","route":"\/api\/login","path":"\/api\/login","status":401/);
	});
});
