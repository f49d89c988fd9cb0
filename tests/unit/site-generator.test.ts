/**
 * The site generator with a fake renderer: pages are written with compressed twins, a 404
 * removes a page, a failing render keeps the previous file and is reported, a burst of
 * changes is coalesced into one generation, and a stop lets the pages being rendered finish
 * but starts no other.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderedPage } from '@/server/site/page-renderer';

const dir = mkdtempSync(join(tmpdir(), 'rmh-site-'));
process.env.SITE_DIR = dir;

const { generationStatus, requestPaths, resumeSiteGeneration, stopSiteGeneration, useRenderer, whenIdle } =
	await import('@/server/site/generator');
const { fileForPath } = await import('@/server/site/writer');

const pages = new Map<string, RenderedPage | Error>();
const calls: string[] = [];
/** Renders of these paths wait for their promise. */
const gates = new Map<string, Promise<void>>();
useRenderer(async (path) => {
	calls.push(path);
	await gates.get(path);
	const page = pages.get(path);
	if (page instanceof Error) throw page;
	return page ?? { status: 404, contentType: 'text/html', body: Buffer.from('not found') };
});

const html = (text: string): RenderedPage => ({
	status: 200,
	contentType: 'text/html; charset=utf-8',
	body: Buffer.from(`<h1>${text}</h1>`),
});

async function generate(...paths: string[]) {
	requestPaths(paths);
	await new Promise((resolve) => setTimeout(resolve, 0));
	await whenIdle();
}

beforeAll(() => {
	pages.set('/', html('Home v1'));
	pages.set('/news/1', html('Article v1'));
	pages.set('/rss', { status: 200, contentType: 'application/rss+xml', body: Buffer.from('<rss/>') });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('site generator', () => {
	it('writes each page with brotli and gzip twins, feeds as index.xml', async () => {
		await generate('/', '/news/1', '/rss');
		const home = fileForPath('/', 'text/html');
		expect(home).toBe(join(dir, 'index.html'));
		expect(readFileSync(home, 'utf8')).toBe('<h1>Home v1</h1>');
		expect(brotliDecompressSync(readFileSync(`${home}.br`)).toString()).toBe('<h1>Home v1</h1>');
		expect(gunzipSync(readFileSync(`${home}.gz`)).toString()).toBe('<h1>Home v1</h1>');
		expect(readFileSync(join(dir, 'news/1/index.html'), 'utf8')).toBe('<h1>Article v1</h1>');
		expect(readFileSync(join(dir, 'rss/index.xml'), 'utf8')).toBe('<rss/>');
		const status = generationStatus.get();
		expect(status.running).toBe(false);
		expect(status.lastError).toBeNull();
		expect(status.lastSuccessAt).not.toBeNull();
	});

	it('removes a page whose render answers 404 (unpublished or deleted)', async () => {
		pages.delete('/news/1');
		await generate('/news/1');
		expect(existsSync(join(dir, 'news/1/index.html'))).toBe(false);
		expect(existsSync(join(dir, 'news/1/index.html.br'))).toBe(false);
	});

	it('keeps the previous file when a render fails, and reports the failure', async () => {
		pages.set('/', { status: 500, contentType: 'text/html', body: Buffer.from('boom') });
		pages.set('/news/2', new Error('connection refused'));
		await generate('/', '/news/2');
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>Home v1</h1>');
		const status = generationStatus.get();
		expect(status.lastError).toContain('2 of 2 page(s) failed');
		expect(status.lastError).toContain('/ (status 500)');
		expect(status.lastError).toContain('connection refused');
		pages.set('/', html('Home v2'));
		pages.delete('/news/2');
		await generate('/');
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>Home v2</h1>');
		expect(generationStatus.get().lastError).toBeNull();
	});

	it('coalesces a burst of changes into one render per page', async () => {
		calls.length = 0;
		for (let i = 0; i < 20; i += 1) requestPaths(['/', '/rss']);
		await new Promise((resolve) => setTimeout(resolve, 0));
		await whenIdle();
		expect(calls.sort()).toEqual(['/', '/rss']);
	});

	it('on a stop, writes the pages being rendered and starts no other; generates again once resumed', async () => {
		calls.length = 0;
		const paths = Array.from({ length: 8 }, (_, i) => `/slow/${i}`);
		let release!: () => void;
		const gate = new Promise<void>((resolve) => (release = resolve));
		for (const path of paths) {
			pages.set(path, html(path));
			gates.set(path, gate);
		}
		const before = generationStatus.get();
		requestPaths(paths);
		// The generator renders 4 pages at once.
		await expect.poll(() => calls.length).toBe(4);
		const stopped = stopSiteGeneration();
		requestPaths(['/']);
		release();
		await stopped;
		const rendered = [...calls].sort();
		expect(rendered).toEqual(paths.slice(0, 4));
		for (const path of rendered)
			expect(readFileSync(join(dir, path.slice(1), 'index.html'), 'utf8')).toBe(`<h1>${path}</h1>`);
		expect(existsSync(join(dir, 'slow/4/index.html'))).toBe(false);
		// Cut short, it is no generation that went through.
		const after = generationStatus.get();
		expect(after.running).toBe(false);
		expect(after.lastSuccessAt).toBe(before.lastSuccessAt);
		expect(after.lastPageCount).toBe(before.lastPageCount);

		resumeSiteGeneration();
		await expect.poll(() => calls.includes('/')).toBe(true);
		await whenIdle();
		expect(calls.filter((path) => path.startsWith('/slow/'))).toHaveLength(4);
	});

	// Last: the hanging render never ends.
	it('stops waiting for a page that hangs once the time left is used', async () => {
		calls.length = 0;
		pages.set('/hangs', html('Hangs'));
		gates.set('/hangs', new Promise<void>(() => {}));
		requestPaths(['/hangs']);
		await expect.poll(() => calls).toEqual(['/hangs']);
		const began = Date.now();
		await stopSiteGeneration(50);
		expect(Date.now() - began).toBeGreaterThanOrEqual(40);
		resumeSiteGeneration();
	});
});
