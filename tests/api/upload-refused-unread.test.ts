/**
 * Uploads and the node's memory (issue 42, F-2), read from /proc. Upload posts the app refuses
 * are refused before their bodies are read: four anonymous posts of 190 MB to the audio upload,
 * four with a session cookie that names no session, and one by a reader who is no editor leave
 * the node within 64 MB of its start and get their 401s and 403s; a cross-site post with a
 * session cookie gets 403 the same way. Before, the host read each body whole first (four such
 * posts took a node from 690 to 1,590 MB). An editor's 200 MB episode is streamed to a
 * temporary file and into the media store, the node again within 64 MB (before, it was held
 * whole in memory). At most MAX_CONCURRENT_UPLOADS run at once (429 with Retry-After past it),
 * and no temporary file outlives its upload: stored, refused or aborted. Both engines (the
 * store differs: a folder, or PostgreSQL's chunks).
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procMemory, sampleRss } from '../../scripts/bench/processes';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { mp3Audio } from '../support/media-fixtures';
import type { TestServer } from '../support/server';

const MB = 1024 * 1024;
const SIZE = 190 * MB;
const MEMORY_BOUND = 64 * MB;
const AUDIO_UPLOAD = '/api/admin/media/audio';
/** The server's temporary folder (TMPDIR), where uploads are written while they arrive. */
const TEMP = mkdtempSync(join(tmpdir(), 'rmh-upload-temp-'));

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer({ env: { TMPDIR: TEMP, MAX_CONCURRENT_UPLOADS: '1' } });
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

const rss = () => procMemory(server.pid, 'VmRSS') ?? 0;
/** The uploads' temporary folders still in TEMP. */
const uploadsInTemp = () => readdirSync(TEMP).filter((name) => name.startsWith('rmh-upload-'));

type Answer = { status: number | 'reset'; body: string; headers: IncomingHttpHeaders };

type Sending = {
	/** Sends the rest of the body; the answer once it comes. */
	answer: Promise<Answer>;
	/** Holds the rest back after `bytes` (the upload then waits half sent). */
	holdAfter(bytes: number): void;
	resume(): void;
	abort(): void;
};

/**
 * Posts `size` bytes (announced in Content-Length), `part` after `part` as the connection takes
 * them, and stops sending once the answer comes. Answers its status, or 'reset' when the server
 * closed the connection before answering.
 */
function send(headers: Record<string, string>, size = SIZE, part: Buffer = Buffer.alloc(MB, 1)): Sending {
	const { hostname, port } = new URL(server.url);
	let sent = 0;
	let answered = false;
	let holdAt = Number.POSITIVE_INFINITY;
	let write = () => {};
	let req!: ReturnType<typeof request>;
	const answer = new Promise<Answer>((resolve) => {
		req = request(
			{
				host: hostname,
				port,
				path: AUDIO_UPLOAD,
				method: 'POST',
				headers: { 'content-type': 'audio/mpeg', 'content-length': String(size), ...headers },
			},
			(res) => {
				answered = true;
				let body = '';
				res.setEncoding('utf8');
				res.on('data', (text: string) => {
					body += text;
				});
				res.once('end', () => {
					req.destroy();
					resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
				});
			},
		);
		req.on('error', () => {
			if (!answered) resolve({ status: 'reset', body: '', headers: {} });
		});
		write = () => {
			while (!answered && sent < size && sent < holdAt) {
				const next = part.subarray(0, Math.min(part.byteLength, size - sent));
				sent += next.byteLength;
				if (!req.write(next)) return void req.once('drain', write);
			}
			if (!answered && sent >= size) req.end();
		};
		write();
	});
	return {
		answer,
		holdAfter: (bytes) => {
			holdAt = bytes;
		},
		resume: () => {
			holdAt = Number.POSITIVE_INFINITY;
			write();
		},
		abort: () => req.destroy(),
	};
}

const post = (headers: Record<string, string>) => send(headers).answer.then((answer) => answer.status);

/** The node's highest memory above its start while `work` runs. */
async function growthDuring(work: () => Promise<unknown>): Promise<number> {
	const start = rss();
	const peak = sampleRss(server.pid, 10);
	await work();
	await new Promise((done) => setTimeout(done, 100));
	return peak() - start;
}

/** A session cookie that looks like one but names no session (expired, signed out, made up). */
const NO_SUCH_SESSION = `session=${'a'.repeat(32)}`;

describe('upload posts refused from their headers', () => {
	it('four anonymous 190 MB audio uploads get 401, the node within 64 MB of its start', async () => {
		let answers: unknown[] = [];
		const growth = await growthDuring(async () => {
			answers = await Promise.all(Array.from({ length: 4 }, () => post({})));
		});
		console.info(`RSS growth: 4 anonymous 190 MB uploads ${(growth / MB).toFixed(1)} MB`);
		expect(answers).toEqual([401, 401, 401, 401]);
		expect(growth).toBeLessThan(MEMORY_BOUND);
	}, 120_000);

	it('four 190 MB uploads with a session cookie that names no session get 401 unread', async () => {
		let answers: unknown[] = [];
		const growth = await growthDuring(async () => {
			answers = await Promise.all(Array.from({ length: 4 }, () => post({ cookie: NO_SUCH_SESSION })));
		});
		console.info(`RSS growth: 4 uploads with an unknown session ${(growth / MB).toFixed(1)} MB`);
		expect(answers).toEqual([401, 401, 401, 401]);
		expect(growth).toBeLessThan(MEMORY_BOUND);
	}, 120_000);

	it('a 190 MB upload by a signed-in reader who is no editor gets 403 unread', async () => {
		let answer: unknown;
		const growth = await growthDuring(async () => {
			answer = await post({ cookie: roles.user.client.sessionCookie });
		});
		expect(answer).toBe(403);
		expect(growth).toBeLessThan(MEMORY_BOUND);
	}, 60_000);

	it('a cross-site upload with a session cookie gets 403 without its body read', async () => {
		let answer: unknown;
		const growth = await growthDuring(async () => {
			answer = await post({ cookie: 'session=whoever', origin: 'https://elsewhere.example' });
		});
		expect(answer).toBe(403);
		expect(growth).toBeLessThan(MEMORY_BOUND);
	}, 60_000);
});

describe('an editor’s upload', () => {
	const editor = () => ({ cookie: roles.editor.client.sessionCookie });

	it('streams a 200 MB episode to the store, the node within 64 MB of its start', async () => {
		// Whole MP3 frames, about a megabyte at a time, up to just under the 200 MB cap.
		const part = mp3Audio(60);
		const size = Math.floor((200 * MB) / part.byteLength) * part.byteLength;
		let answer!: Answer;
		const growth = await growthDuring(async () => {
			answer = await send(editor(), size, part).answer;
		});
		console.info(
			`RSS growth: an editor's ${(size / MB).toFixed(0)} MB upload ${(growth / MB).toFixed(1)} MB`,
		);
		expect(answer.status, answer.body).toBe(201);
		const audio = JSON.parse(answer.body);
		expect(audio).toMatchObject({ bytes: size, type: 'audio/mpeg' });
		expect(growth).toBeLessThan(MEMORY_BOUND);
		expect(uploadsInTemp()).toEqual([]);

		// Stored whole: its last bytes are the last frame's.
		const tail = await fetch(`${server.url}${audio.url}`, {
			headers: { range: `bytes=${size - part.byteLength}-` },
		});
		expect(tail.status).toBe(206);
		expect(Buffer.from(await tail.arrayBuffer()).equals(part)).toBe(true);
	}, 300_000);

	it('waits for a slot: past MAX_CONCURRENT_UPLOADS, 429 with Retry-After', async () => {
		const first = send(editor(), 20 * MB);
		first.holdAfter(2 * MB);
		// The first holds the node's one slot once its first bytes are in the temporary file.
		await expect.poll(uploadsInTemp).toHaveLength(1);
		const second = await send(editor(), 20 * MB).answer;
		expect(second.status).toBe(429);
		expect(JSON.parse(second.body).message).toBe(
			'Too many uploads are in progress on this server. Try again in a few seconds.',
		);
		expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);

		// An aborted upload leaves no temporary file, and gives its slot back.
		first.abort();
		await expect.poll(uploadsInTemp).toEqual([]);
		const third = await send(editor(), 1 * MB).answer;
		expect(third.status).toBe(415);
		expect(uploadsInTemp()).toEqual([]);
	}, 120_000);
});
