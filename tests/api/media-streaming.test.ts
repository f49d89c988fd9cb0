/**
 * A large library file (an episode of 100 MB) is served as a stream, on both engines: the
 * node's memory, read from /proc, stays within 64 MB of its start while 16 one-byte ranges and
 * 16 HEADs of it are answered, and while 6 readers stall in the middle of it; the stalled
 * readers are dropped once SEND_TIMEOUT_MS passes without the client taking anything. Ranges
 * are byte-correct wherever they fall (first and last byte, across the store's chunks on
 * PostgreSQL, suffixes), and a range past the end is 416.
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procMemory, sampleRss } from '../../scripts/bench/processes';
import { storeMediaFile } from '../support/media-fixtures';
import { startServer, type TestServer } from '../support/server';

const MB = 1024 * 1024;
const SIZE = 100 * MB;
/** How far the node's memory may grow while the large file is served. */
const MEMORY_BOUND = 64 * MB;
const SEND_TIMEOUT_MS = 2_000;
const STALL_MS = 15_000;

let server: TestServer;
let bytes: Buffer;
let path: string;

beforeAll(async () => {
	server = await startServer({ env: { SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS) } });
	// Random bytes: nothing on the way (a compressor, the store) makes them smaller.
	bytes = randomBytes(SIZE);
	const key = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.mp3`;
	await storeMediaFile(server, key, 'audio/mpeg', bytes);
	path = `/media/${key}`;
	// Storing 100 MB in PostgreSQL through one connection takes a while on a busy machine.
}, 300_000);
afterAll(async () => {
	await server?.stop();
});

const rss = () => procMemory(server.pid, 'VmRSS') ?? 0;

/** How much the node's RSS rose above its value before `work`, at its highest during it. */
async function growthDuring(work: () => Promise<void>): Promise<number> {
	const start = rss();
	const peak = sampleRss(server.pid, 10);
	try {
		await work();
	} finally {
		// Read once more after the work, in case it ended between two samples.
		await new Promise((done) => setTimeout(done, 50));
	}
	return peak() - start;
}

async function range(header: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
	const response = await fetch(`${server.url}${path}`, { headers: { range: header } });
	return {
		status: response.status,
		headers: response.headers,
		body: Buffer.from(await response.arrayBuffer()),
	};
}

/**
 * A reader that asks for the whole file and stops reading after its first bytes. `drain()`
 * then reads what is left and answers how many bytes of the answer arrived in all, once the
 * server has closed the connection.
 */
function stalledReader(): Promise<{ socket: Socket; drain: () => Promise<number> }> {
	return new Promise((resolve, reject) => {
		const { hostname, port } = new URL(server.url);
		const socket = connect(Number(port), hostname);
		let received = 0;
		const closed = new Promise<void>((done) => socket.once('close', () => done()));
		socket.on('error', () => {});
		socket.once('error', reject);
		socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
		socket.on('data', (chunk: Buffer) => {
			received += chunk.byteLength;
		});
		socket.once('data', () => {
			socket.pause();
			resolve({
				socket,
				drain: async () => {
					socket.resume();
					await closed;
					return received;
				},
			});
		});
	});
}

describe('a 100 MB library file', () => {
	it('answers 16 one-byte ranges and 16 HEADs with the node within 64 MB of its start', async () => {
		// Once first, so that what the code needs once (compiled code, pooled connections) is there.
		expect((await range('bytes=0-0')).status).toBe(206);
		const offsets = Array.from({ length: 16 }, (_, i) => Math.floor(((SIZE - 1) * i) / 15));
		const ranges = await growthDuring(async () => {
			const answers = await Promise.all(offsets.map((at) => range(`bytes=${at}-${at}`)));
			answers.forEach((answer, i) => {
				const at = offsets[i]!;
				expect(answer.status).toBe(206);
				expect(answer.headers.get('content-range')).toBe(`bytes ${at}-${at}/${SIZE}`);
				expect(answer.body.equals(bytes.subarray(at, at + 1))).toBe(true);
			});
		});
		const heads = await growthDuring(async () => {
			const answers = await Promise.all(offsets.map(() => fetch(`${server.url}${path}`, { method: 'HEAD' })));
			for (const answer of answers) {
				expect(answer.status).toBe(200);
				expect(answer.headers.get('content-length')).toBe(String(SIZE));
				expect((await answer.arrayBuffer()).byteLength).toBe(0);
			}
		});
		console.info(
			`RSS growth: 16 ranges ${(ranges / MB).toFixed(1)} MB, 16 HEADs ${(heads / MB).toFixed(1)} MB`,
		);
		expect(ranges).toBeLessThan(MEMORY_BOUND);
		expect(heads).toBeLessThan(MEMORY_BOUND);
	});

	it('drops 6 readers that stop reading once SEND_TIMEOUT_MS passes, the node within 64 MB', async () => {
		let readers: Awaited<ReturnType<typeof stalledReader>>[] = [];
		try {
			const growth = await growthDuring(async () => {
				readers = await Promise.all(Array.from({ length: 6 }, () => stalledReader()));
				// Long enough for the node to fill the connections' buffers (about 10 MB each on
				// loopback, at the pace PostgreSQL's parts come on a busy machine) and then to time
				// out: a node without a send timeout holds them, and what it read for them.
				await new Promise((done) => setTimeout(done, STALL_MS));
			});
			console.info(`RSS growth: 6 stalled readers ${(growth / MB).toFixed(1)} MB`);
			expect(growth).toBeLessThan(MEMORY_BOUND);
			// Each was cut off: reading on gets the rest of what was in flight, not the whole file.
			const received = await Promise.all(readers.map((reader) => reader.drain()));
			for (const count of received) expect(count).toBeLessThan(SIZE);
		} finally {
			for (const reader of readers) reader.socket.destroy();
		}
		// The node goes on serving.
		expect((await range(`bytes=${SIZE - 1}-`)).body.equals(bytes.subarray(SIZE - 1))).toBe(true);
	}, 120_000);

	it('answers byte ranges exactly, wherever they fall, and 416 past the end', async () => {
		const chunk = 256 * 1024;
		const cases: Array<[string, number, number]> = [
			['bytes=0-0', 0, 0],
			[`bytes=${SIZE - 1}-${SIZE - 1}`, SIZE - 1, SIZE - 1],
			[`bytes=${SIZE - 1}-`, SIZE - 1, SIZE - 1],
			// Across one chunk boundary of the PostgreSQL store, and across several.
			[`bytes=${chunk - 3}-${chunk + 3}`, chunk - 3, chunk + 3],
			[`bytes=${7 * chunk - 100}-${10 * chunk + 99}`, 7 * chunk - 100, 10 * chunk + 99],
			[`bytes=${SIZE / 2}-${SIZE / 2 + 999}`, SIZE / 2, SIZE / 2 + 999],
			// An end past the file is the file's end.
			[`bytes=${SIZE - 10}-${SIZE + 100}`, SIZE - 10, SIZE - 1],
			// The last 500 bytes, and the last 300 KB (more than a chunk).
			['bytes=-500', SIZE - 500, SIZE - 1],
			[`bytes=-${300 * 1024}`, SIZE - 300 * 1024, SIZE - 1],
		];
		for (const [header, start, end] of cases) {
			const answer = await range(header);
			expect(answer.status, header).toBe(206);
			expect(answer.headers.get('content-range'), header).toBe(`bytes ${start}-${end}/${SIZE}`);
			expect(answer.headers.get('content-length'), header).toBe(String(end - start + 1));
			expect(answer.body.equals(bytes.subarray(start, end + 1)), header).toBe(true);
		}
		for (const header of [`bytes=${SIZE}-`, `bytes=${SIZE + 5}-${SIZE + 10}`, 'bytes=-0']) {
			const answer = await range(header);
			expect(answer.status, header).toBe(416);
			expect(answer.headers.get('content-range'), header).toBe(`bytes */${SIZE}`);
		}
	});

	it('is served whole, byte for byte', async () => {
		const response = await fetch(`${server.url}${path}`);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-length')).toBe(String(SIZE));
		const hash = createHash('sha256');
		let length = 0;
		for await (const part of response.body!) {
			hash.update(part);
			length += part.byteLength;
		}
		expect(length).toBe(SIZE);
		expect(hash.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
	});
});
