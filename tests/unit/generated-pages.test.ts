/**
 * src/server/host/generated-pages.ts: generated pages are answered from memory with ready-made
 * headers. The site writer's announcement of a stored or removed page is what replaces it (no
 * file is read or checked per request); pages already on disk at start are read once.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, createServer, IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeneratedPages, type GeneratedPages } from '@/server/host/generated-pages';
import { SHARED_CACHE_CONTROL } from '@/server/http/cache-headers';
import { MAX_REMEMBERED_URL_LENGTH } from '@/server/runtime/remembered-urls';

let dir: string;
let server: Server;
let base: string;
let pages: GeneratedPages;

/** Writes a page's files as src/server/site/writer.ts does; returns the page file. */
function writeFiles(path: string, html: string, { twins = true } = {}) {
	const file = join(dir, path, 'index.html');
	mkdirSync(join(dir, path), { recursive: true });
	writeFileSync(file, html);
	if (twins) {
		writeFileSync(`${file}.br`, brotliCompressSync(html));
		writeFileSync(`${file}.gz`, gzipSync(html));
	}
	return file;
}

/** Stores a page as the writer does: its files, then the announcement. */
function store(path: string, html: string) {
	const file = writeFiles(path, html);
	pages.stored({ file, identity: Buffer.from(html), br: brotliCompressSync(html), gzip: gzipSync(html) });
	return file;
}

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'rmh-pages-'));
	// Present before the server starts, as after a restart.
	writeFiles('earlier', '<h1>From an earlier run</h1>');
	const file = writeFiles('half-written', '<h1>Version two, longer</h1>');
	utimesSync(`${file}.br`, new Date(1_000), new Date(1_000));
	utimesSync(`${file}.gz`, new Date(1_000), new Date(1_000));
	pages = createGeneratedPages(dir, {
		commonHeaders: (pathname, https) => ({ 'X-Common': `${pathname} ${https ? 'https' : 'http'}` }),
	});
	server = createServer((req, res) => {
		if (pages.serve(req, res, req.headers['x-test-https'] === '1')) return;
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

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(`${base}${path}`, { headers, method }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () =>
				resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
			);
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
		store('news/1', '<h1>First</h1>');
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
			expect(answer.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
			expect(answer.headers.vary).toBe('Accept-Encoding');
		}
		// The same page under its other spellings.
		expect(text(await get('/news/1/?from=list'))).toBe('<h1>First</h1>');
	});

	it('carries the common headers for its path and scheme', async () => {
		store('about', '<h1>About</h1>');
		expect((await get('/about')).headers['x-common']).toBe('/about http');
		expect((await get('/about', { 'x-test-https': '1' })).headers['x-common']).toBe('/about https');
		expect((await get('/about', { 'x-test-https': '1', 'accept-encoding': 'br' })).headers['x-common']).toBe(
			'/about https',
		);
	});

	it('answers 304 to its ETag and no body to HEAD', async () => {
		store('contact', '<h1>Contact</h1>');
		const first = await get('/contact');
		const etag = String(first.headers.etag);
		const notModified = await get('/contact', { 'if-none-match': etag });
		expect(notModified.status).toBe(304);
		expect(notModified.headers.etag).toBe(etag);
		expect(notModified.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
		const head = await get('/contact', {}, 'HEAD');
		expect(head.status).toBe(200);
		expect(head.body.length).toBe(0);
	});

	it('reads the request headers it needs from the raw list, repeated ones joined, without building req.headers', async () => {
		store('raw-headers', '<h1>Raw headers</h1>');
		const etag = String((await get('/raw-headers')).headers.etag);
		const headersGetter = Object.getOwnPropertyDescriptor(IncomingMessage.prototype, 'headers')!;
		let built = 0;
		const watching = createServer((req, res) => {
			Object.defineProperty(req, 'headers', {
				get() {
					built += 1;
					return headersGetter.get!.call(this);
				},
			});
			if (!pages.serve(req, res)) res.writeHead(404).end();
		});
		await new Promise<void>((resolve) => watching.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(watching.address() as AddressInfo).port}/raw-headers`;
		const send = (headers: Record<string, string | string[]>) =>
			new Promise<Raw>((resolve, reject) => {
				httpRequest(url, { headers }, (res) => {
					const chunks: Buffer[] = [];
					res.on('data', (chunk: Buffer) => chunks.push(chunk));
					res.on('end', () =>
						resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
					);
				})
					.on('error', reject)
					.end();
			});
		try {
			// Each header on two lines: the values count together, as req.headers joins them.
			const notModified = await send({ 'If-None-Match': ['"another"', etag] });
			expect(notModified.status).toBe(304);
			const compressed = await send({ 'ACCEPT-ENCODING': ['identity;q=0.5', 'br'] });
			expect(compressed.headers['content-encoding']).toBe('br');
			expect(text(compressed)).toBe('<h1>Raw headers</h1>');
			expect(built).toBe(0);
		} finally {
			await new Promise((resolve) => watching.close(resolve));
		}
	});

	it('names the same content by the same ETag (as on every node), other content by another', async () => {
		store('news/10', '<h1>Same</h1>');
		store('news/11', '<h1>Same</h1>');
		const [a, b] = [await get('/news/10'), await get('/news/11')];
		expect(a.headers.etag).toBe(b.headers.etag);
		store('news/11', '<h1>Other</h1>');
		expect((await get('/news/11')).headers.etag).not.toBe(a.headers.etag);
	});

	it('answers a stored version at once, from memory', async () => {
		const file = store('news/2', '<h1>Old title</h1>');
		expect(text(await get('/news/2', { 'accept-encoding': 'br' }))).toBe('<h1>Old title</h1>');
		store('news/2', '<h1>New title</h1>');
		expect(text(await get('/news/2', { 'accept-encoding': 'br' }))).toBe('<h1>New title</h1>');
		expect(text(await get('/news/2'))).toBe('<h1>New title</h1>');
		// Nothing on disk is read per request: the files going away unannounced changes nothing.
		for (const suffix of ['', '.br', '.gz']) rmSync(file + suffix);
		expect(text(await get('/news/2', { 'accept-encoding': 'gzip' }))).toBe('<h1>New title</h1>');
	});

	it('stops answering for a removed page at once', async () => {
		const file = store('news/3', '<h1>Gone soon</h1>');
		expect((await get('/news/3')).status).toBe(200);
		for (const suffix of ['', '.br', '.gz']) rmSync(file + suffix);
		pages.stored({ file, removed: true });
		expect((await get('/news/3')).status).toBe(404);
		// And a page announced later under that path is found again.
		store('news/3', '<h1>Back</h1>');
		expect(text(await get('/news/3'))).toBe('<h1>Back</h1>');
	});

	it('reads pages present at start from their files, never with a twin older than its page', async () => {
		expect(text(await get('/earlier', { 'accept-encoding': 'br' }))).toBe('<h1>From an earlier run</h1>');
		const answer = await get('/half-written', { 'accept-encoding': 'br, gzip' });
		expect(answer.headers['content-encoding']).toBeUndefined();
		expect(text(answer)).toBe('<h1>Version two, longer</h1>');
	});

	it('reads a page dropped from memory again from its files', async () => {
		const small = mkdtempSync(join(tmpdir(), 'rmh-pages-small-'));
		const bounded = createGeneratedPages(small, { maxBytes: 600 });
		const bodies = (html: string) => ({
			identity: Buffer.from(html),
			br: brotliCompressSync(html),
			gzip: gzipSync(html),
		});
		for (const id of [1, 2, 3]) {
			const html = `<p>${String(id).repeat(200)}</p>`;
			const file = join(small, `p${id}`, 'index.html');
			mkdirSync(join(small, `p${id}`));
			writeFileSync(file, html);
			writeFileSync(`${file}.br`, bodies(html).br);
			writeFileSync(`${file}.gz`, bodies(html).gzip);
			bounded.stored({ file, ...bodies(html) });
		}
		expect(bounded.stats().pages).toBe(3);
		expect(bounded.stats().bytes).toBeLessThanOrEqual(600);
		expect(bounded.stats().kept).toBeLessThan(3);
		const local = createServer((req, res) => {
			if (!bounded.serve(req, res)) res.writeHead(404).end();
		});
		await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
		const port = (local.address() as AddressInfo).port;
		for (const id of [1, 2, 3]) {
			const answer = await fetch(`http://127.0.0.1:${port}/p${id}`);
			expect(await answer.text()).toBe(`<p>${String(id).repeat(200)}</p>`);
		}
		await new Promise((resolve) => local.close(resolve));
		rmSync(small, { recursive: true, force: true });
	});

	it('remembers no lookup for a path longer than the bound, and still answers it', async () => {
		const long = `/${'x'.repeat(MAX_REMEMBERED_URL_LENGTH)}`;
		store(long.slice(1, 200), '<h1>Long but kept</h1>');
		const before = pages.stats().remembered;
		for (let i = 0; i < 200; i++) expect((await get(`${long}${i}`)).status).toBe(404);
		// A variant chosen by the query is looked up under a path of its own, as long as the query.
		for (let i = 0; i < 200; i++)
			expect((await get(`/platforms?search=${i}${'y'.repeat(1_500)}`)).status).toBe(404);
		expect(pages.stats().remembered).toBe(before);
		expect((await get(long.slice(0, 200))).status).toBe(200);
	});

	it('serves nothing outside its folder', async () => {
		writeFileSync(join(dir, '..', `rmh-outside-${process.pid}.html`), 'secret');
		for (const path of ['/../secret', '/%2e%2e/secret', '/news/%00', '/%E0%A4%A']) {
			expect((await get(path)).status).toBe(404);
		}
		rmSync(join(dir, '..', `rmh-outside-${process.pid}.html`), { force: true });
	});
});
