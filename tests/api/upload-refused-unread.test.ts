/**
 * Upload posts the app refuses from their headers are refused before their bodies are read
 * (issue 42, F-2): four anonymous posts of 190 MB to the audio upload leave the node's memory,
 * read from /proc, within 64 MB of its start, and get their 401s; a cross-site post with a
 * session cookie gets 403 the same way. Before, the host read each body whole first (four such
 * posts took a node from 690 to 1,590 MB).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procMemory, sampleRss } from '../../scripts/bench/processes';
import { startServer, type TestServer } from '../support/server';

const MB = 1024 * 1024;
const SIZE = 190 * MB;
const MEMORY_BOUND = 64 * MB;
const AUDIO_UPLOAD = '/api/admin/media/audio';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
});
afterAll(async () => {
	await server?.stop();
});

const rss = () => procMemory(server.pid, 'VmRSS') ?? 0;

/**
 * Posts SIZE bytes (announced in Content-Length) a megabyte at a time as the connection takes
 * them, and stops sending once the answer comes. Answers its status, or 'reset' when the
 * server closed the connection before answering.
 */
function post(headers: Record<string, string>): Promise<number | 'reset'> {
	return new Promise((resolve) => {
		const { hostname, port } = new URL(server.url);
		const part = Buffer.alloc(MB, 1);
		let sent = 0;
		let answered = false;
		const req = request(
			{
				host: hostname,
				port,
				path: AUDIO_UPLOAD,
				method: 'POST',
				headers: { 'content-type': 'audio/mpeg', 'content-length': String(SIZE), ...headers },
			},
			(res) => {
				answered = true;
				res.resume();
				res.once('end', () => {
					req.destroy();
					resolve(res.statusCode ?? 0);
				});
			},
		);
		req.on('error', () => {
			if (!answered) resolve('reset');
		});
		const write = () => {
			while (!answered && sent < SIZE) {
				sent += part.byteLength;
				if (!req.write(part)) return void req.once('drain', write);
			}
			if (!answered) req.end();
		};
		write();
	});
}

describe('upload posts refused from their headers', () => {
	it('four anonymous 190 MB audio uploads get 401, the node within 64 MB of its start', async () => {
		const start = rss();
		const peak = sampleRss(server.pid, 10);
		const answers = await Promise.all(Array.from({ length: 4 }, () => post({})));
		await new Promise((done) => setTimeout(done, 100));
		const growth = peak() - start;
		console.info(`RSS growth: 4 anonymous 190 MB uploads ${(growth / MB).toFixed(1)} MB`);
		expect(answers).toEqual([401, 401, 401, 401]);
		expect(growth).toBeLessThan(MEMORY_BOUND);
	}, 120_000);

	it('a cross-site upload with a session cookie gets 403 without its body read', async () => {
		const start = rss();
		const peak = sampleRss(server.pid, 10);
		const answer = await post({ cookie: 'session=whoever', origin: 'https://elsewhere.example' });
		const growth = peak() - start;
		expect(answer).toBe(403);
		expect(growth).toBeLessThan(MEMORY_BOUND);
	}, 60_000);
});
