/**
 * What the server answers for methods and paths it does not serve, over real HTTP: unknown
 * methods get 501 (no page, no stack trace in the log), unknown /api/ paths a JSON 404, a
 * method an API route does not answer a JSON 405 with `Allow`; and a request whose body never
 * arrives leaves one line in the log, not a stack trace.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({ env: { SITE_GENERATE_ON_START: '0' } });
});
afterAll(async () => {
	await server?.stop();
});

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

describe('methods the site does not serve', () => {
	it.each(['TRACE', 'PROPFIND', 'MKCOL'])(
		'%s / answers 501 with JSON and logs no stack trace',
		async (method) => {
			// fetch refuses to send TRACE; a raw request does.
			const raw = await rawRequest(`${method} / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
			expect(raw).toMatch(/^HTTP\/1\.1 501 /);
			expect(raw).toMatch(/\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i);
			expect(raw).toContain('{"message":"This method is not supported."}');
			expect(server.logs()).not.toMatch(STACK_LINE);
		},
	);
});

describe('API paths and methods', () => {
	it('an unknown /api/ path answers a JSON 404 for any method', async () => {
		for (const method of ['GET', 'POST', 'DELETE']) {
			const answer = await fetch(`${server.url}/api/nothing-here`, { method });
			expect(answer.status).toBe(404);
			expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
			expect(await answer.json()).toEqual({ message: 'No such API endpoint.' });
		}
	});

	it('a method an API route does not answer gets 405 with Allow', async () => {
		const wrong = await fetch(`${server.url}/api/platforms`, { method: 'DELETE' });
		expect(wrong.status).toBe(405);
		expect(wrong.headers.get('allow')).toBe('GET, HEAD');
		expect(await wrong.json()).toEqual({ message: 'DELETE is not allowed here.' });
		const put = await fetch(`${server.url}/api/login`, { method: 'PUT' });
		expect(put.status).toBe(405);
		expect(put.headers.get('allow')).toBe('POST');
		// Routes still answer the methods they have.
		expect((await fetch(`${server.url}/api/platforms`)).status).toBe(200);
		expect((await fetch(`${server.url}/api/platforms`, { method: 'HEAD' })).status).toBe(200);
	});
});

describe('an aborted request', () => {
	it('logs one warning and its access line under one request id, not a stack trace', async () => {
		const before = server.logs().length;
		await new Promise<void>((resolve, reject) => {
			// "100 Continue" says the server is handling the request and waits for its body: part
			// of it is sent, then the connection goes away (a fixed pause could end it before the
			// server had even read the headers, on a busy machine).
			const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
				socket.write(
					'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n',
				);
			});
			socket.once('data', (chunk) => {
				if (!String(chunk).startsWith('HTTP/1.1 100 Continue')) {
					reject(new Error(`expected 100 Continue, got ${String(chunk)}`));
					return;
				}
				socket.write('{"email":', () => {
					socket.destroy();
					resolve();
				});
			});
			socket.on('error', reject);
		});
		await expect.poll(() => server.logs().slice(before)).toMatch(/"aborted":true/);
		await expect.poll(() => server.logs().slice(before)).toMatch(/the client aborted the request body/);
		await new Promise((resolve) => setTimeout(resolve, 300));
		const logged = server.logs().slice(before);
		expect(logged).not.toMatch(STACK_LINE);
		const lines = logged
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line) as { msg: string; reqId: string; aborted?: boolean });
		const warning = lines.find((line) => line.msg === 'the client aborted the request body')!;
		const itsLines = lines.filter((line) => line.reqId === warning.reqId);
		expect(itsLines.map((line) => [line.msg, line.aborted])).toEqual(
			expect.arrayContaining([
				['the client aborted the request body', undefined],
				['request', true],
			]),
		);
		expect(itsLines).toHaveLength(2);
	});
});

function rawRequest(text: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write(text));
		let received = '';
		socket.on('data', (chunk) => (received += chunk));
		socket.on('end', () => resolve(received));
		socket.on('error', reject);
	});
}
