/**
 * The site generator renders pages in-process, through Astro's handler, as an anonymous visitor
 * gets them on demand: a page it writes is byte for byte the page the server rendered on demand
 * before any file existed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
	// No generation at start: every page renders on demand until the generation below.
	server = await startServer({ seed: true, env: { SITE_GENERATE_ON_START: '0' } });
});
afterAll(async () => {
	await server?.stop();
});

/** The pages compared: the first news article (at its slug), a listing, a static page, a feed. */
async function pages(): Promise<(readonly [path: string, file: string])[]> {
	const { slug } = (await (await fetch(`${server.url}/api/news/1`)).json()) as { slug: string };
	return [
		[`/news/${slug}`, `news/${slug}/index.html`],
		['/platforms', 'platforms/index.html'],
		['/about', 'about/index.html'],
		['/rss', 'rss/index.xml'],
	];
}

describe('a generated page', () => {
	it('equals the page rendered on demand', async () => {
		const PAGES = await pages();
		const onDemand = new Map<string, string>();
		for (const [path] of PAGES) {
			const answer = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
			expect(answer.status, path).toBe(200);
			// Rendered per request, not served from a generated file.
			expect(answer.headers.get('etag'), path).toBeNull();
			onDemand.set(path, await answer.text());
		}
		const status = await server.regenerate();
		expect(status.lastError).toBeNull();
		for (const [path, file] of PAGES) {
			const written = readFileSync(join(server.dir, 'site', file), 'utf8');
			expect(written, path).toBe(onDemand.get(path));
			const served = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
			expect(served.headers.get('etag'), path).toBeTruthy();
			expect(await served.text(), path).toBe(written);
		}
	}, 180_000);
});
