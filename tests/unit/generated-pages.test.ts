/**
 * src/server/host/generated-pages.ts: generated files are answered from memory, yet a page
 * swapped in by rename (even one of the same size) or removed is seen by the very next request.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeneratedPages } from '@/server/host/generated-pages';

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'rmh-pages-'));
	const serve = createGeneratedPages(dir);
	server = createServer((req, res) => {
		if (serve(req, res)) return;
		res.statusCode = 404;
		res.end('not generated');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
	await new Promise((resolve) => server.close(resolve));
	rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
/** Writes like src/server/site/writer.ts: temp file and rename, the page first, then twins. */
function writePage(path: string, html: string, { twins = true } = {}) {
	const file = join(dir, path, 'index.html');
	mkdirSync(join(dir, path), { recursive: true });
	const put = (target: string, data: Buffer) => {
		const temp = `${target}.${++counter}.tmp`;
		writeFileSync(temp, data);
		renameSync(temp, target);
	};
	put(file, Buffer.from(html));
	if (twins) {
		put(`${file}.br`, brotliCompressSync(html));
		put(`${file}.gz`, gzipSync(html));
	}
	return file;
}

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(`${base}${path}`, { headers, method }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
		});
		req.on('error', reject);
		req.end();
	});
}

const text = (answer: Raw) => {
	const encoding = answer.headers['content-encoding'];
	if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
	if (encoding === 'gzip') return gunzipSync(answer.body).toString();
	return answer.body.toString();
};

describe('generated pages', () => {
	it('answers with the twin the client prefers, and the same page each way', async () => {
		writePage('news/1', '<h1>First</h1>');
		const br = await get('/news/1', { 'accept-encoding': 'gzip, deflate, br' });
		const gzip = await get('/news/1', { 'accept-encoding': 'gzip' });
		const identity = await get('/news/1');
		const refused = await get('/news/1', { 'accept-encoding': 'br;q=0, gzip;q=0' });
		expect([br, gzip, identity, refused].map((a) => a.headers['content-encoding'])).toEqual([
			'br',
			'gzip',
			undefined,
			undefined,
		]);
		for (const answer of [br, gzip, identity, refused]) {
			expect(answer.status).toBe(200);
			expect(text(answer)).toBe('<h1>First</h1>');
			expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
			expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
		}
	});

	it('answers 304 to its ETag and no body to HEAD', async () => {
		writePage('about', '<h1>About</h1>');
		const first = await get('/about');
		const etag = String(first.headers.etag);
		expect((await get('/about', { 'if-none-match': etag })).status).toBe(304);
		const head = await get('/about', {}, 'HEAD');
		expect(head.status).toBe(200);
		expect(head.body.length).toBe(0);
	});

	it('sees a page swapped in by rename at once, even one of the same size and time', async () => {
		const file = writePage('news/2', '<h1>Old title</h1>');
		utimesSync(file, new Date(1_000_000), new Date(1_000_000));
		expect(text(await get('/news/2', { 'accept-encoding': 'br' }))).toBe('<h1>Old title</h1>');
		expect(text(await get('/news/2', { 'accept-encoding': 'br' }))).toBe('<h1>Old title</h1>');
		writePage('news/2', '<h1>New title</h1>');
		// Same size, and the same modification time as before: only the file itself differs.
		utimesSync(file, new Date(1_000_000), new Date(1_000_000));
		expect(text(await get('/news/2', { 'accept-encoding': 'br' }))).toBe('<h1>New title</h1>');
		expect(text(await get('/news/2'))).toBe('<h1>New title</h1>');
	});

	it('stops answering for a removed page at once', async () => {
		const file = writePage('news/3', '<h1>Gone soon</h1>');
		expect((await get('/news/3')).status).toBe(200);
		for (const suffix of ['', '.br', '.gz']) rmSync(file + suffix);
		expect((await get('/news/3')).status).toBe(404);
	});

	it('never answers with a twin older than its page', async () => {
		const file = writePage('news/4', '<h1>Version one</h1>');
		writePage('news/4', '<h1>Version two, longer</h1>', { twins: false });
		utimesSync(`${file}.br`, new Date(1_000), new Date(1_000));
		utimesSync(`${file}.gz`, new Date(1_000), new Date(1_000));
		const answer = await get('/news/4', { 'accept-encoding': 'br, gzip' });
		expect(answer.headers['content-encoding']).toBeUndefined();
		expect(text(answer)).toBe('<h1>Version two, longer</h1>');
	});

	it('serves nothing outside its folder', async () => {
		writeFileSync(join(dir, '..', `rmh-outside-${process.pid}.html`), 'secret');
		for (const path of ['/../secret', '/%2e%2e/secret', '/news/%00', '/%E0%A4%A']) {
			expect((await get(path)).status).toBe(404);
		}
		rmSync(join(dir, '..', `rmh-outside-${process.pid}.html`), { force: true });
	});
});
