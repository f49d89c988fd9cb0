/**
 * One build serves any origin: the build's own origin (Astro's `site`, from SITE_URL at build
 * time) must leave no trace in any page, feed or header when the server runs with another
 * SITE_URL; every absolute URL comes from the running SITE_URL. Also the routes and the data of
 * shared links: /404, /favicon.ico, /news and /education, og:image and structured data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
/** The origin the running server is told it has; requests still go to server.url. */
const SERVED_ORIGIN = 'http://served-origin.test:8080';

/** The `site` Astro baked into the build's serialized manifest (a module under dist/server). */
function buildOrigin(): string {
	const dir = join(process.env.DIST_DIR || 'dist', 'server');
	const modules = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
		name.endsWith('.mjs'),
	);
	const site = modules
		.map((name) => readFileSync(join(dir, name), 'utf8').match(/"site":"([^"]+)"/)?.[1])
		.find(Boolean);
	if (!site) throw new Error('No site in the build manifest');
	return new URL(site).origin;
}

beforeAll(async () => {
	server = await startServer({ seed: true, env: { SITE_URL: SERVED_ORIGIN } });
	await server.siteIdle();
});

afterAll(async () => {
	await server?.stop();
});

async function pagePaths(): Promise<string[]> {
	const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
	const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
	expect(listed.length).toBeGreaterThan(20);
	for (const url of listed) expect(url.startsWith(`${SERVED_ORIGIN}/`), url).toBe(true);
	return listed.map((url) => new URL(url).pathname);
}

describe('absolute URLs', () => {
	it('come from the running SITE_URL, never from the build origin, on every page and feed', async () => {
		const built = buildOrigin();
		expect(built).not.toBe(SERVED_ORIGIN);
		const paths = [
			...(await pagePaths()),
			'/auth',
			'/editor-dashboard',
			'/admin/platforms',
			'/reset-password',
			'/verify-email',
			'/404',
			'/no-such-page',
			'/rss',
			'/podcast/rss',
			'/sitemap.xml',
			'/robots.txt',
		];
		const traces: string[] = [];
		for (const path of paths) {
			const response = await fetch(`${server.url}${path}`);
			const text = await response.text();
			if (text.includes(built))
				traces.push(`${path}: ${text.slice(text.indexOf(built) - 60, text.indexOf(built) + 60)}`);
			for (const [name, value] of response.headers) {
				if (value.includes(built)) traces.push(`${path}: header ${name}: ${value}`);
			}
			if (response.headers.get('content-type')?.startsWith('text/html')) {
				const canonical = text.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
				expect(canonical?.startsWith(`${SERVED_ORIGIN}/`), `${path}: canonical ${canonical}`).toBe(true);
			}
		}
		expect(traces).toEqual([]);
	});
});

describe('routes', () => {
	it('/404 answers 404 with the not-found page', async () => {
		const response = await fetch(`${server.url}/404`);
		expect(response.status).toBe(404);
		expect(await response.text()).toContain('Page Not Found');
	});

	it('/favicon.ico answers with the site icon', async () => {
		const response = await fetch(`${server.url}/favicon.ico`);
		expect(response.status).toBe(200);
		const bytes = Buffer.from(await response.arrayBuffer());
		// An ICO directory: reserved 0, type 1, at least one image.
		expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
		expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
	});

	it.each([
		['/news', 'News'],
		['/education', 'Education'],
	])('%s is the archive the home links to', async (path, heading) => {
		const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
		expect(response.status).toBe(200);
		expect(await response.text()).toMatch(new RegExp(`<h1[^>]*>\\s*${heading}`));
		// The home's View All buttons.
		expect(await (await fetch(`${server.url}/`)).text()).toContain(`href="${path}"`);
	});
});

describe('shared links', () => {
	function metaContent(html: string, property: string): string | undefined {
		return html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]+)"`))?.[1];
	}

	it('every public page has an og:image on the running origin that loads as a picture', async () => {
		const missing: string[] = [];
		const images = new Set<string>();
		for (const path of await pagePaths()) {
			const html = await (await fetch(`${server.url}${path}`)).text();
			const image = metaContent(html, 'og:image');
			if (!image?.startsWith(`${SERVED_ORIGIN}/`)) missing.push(`${path}: ${image}`);
			else images.add(new URL(image).pathname);
		}
		expect(missing).toEqual([]);
		for (const path of images) {
			const response = await fetch(`${server.url}${path}`);
			expect(response.status, path).toBe(200);
			// Link previews take PNG and JPEG, not SVG.
			expect(response.headers.get('content-type'), path).toMatch(/^image\/(png|jpeg)/);
		}
	});

	it('home carries WebSite and Organization structured data', async () => {
		const html = await (await fetch(`${server.url}/`)).text();
		const json = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
		expect(json).toBeDefined();
		const graph = JSON.parse(json!)['@graph'] as Record<string, unknown>[];
		const website = graph.find((node) => node['@type'] === 'WebSite');
		const organization = graph.find((node) => node['@type'] === 'Organization');
		expect(website).toMatchObject({ name: 'Retail Media Hub', url: `${SERVED_ORIGIN}/` });
		expect(organization).toMatchObject({ name: 'Retail Media Hub', url: `${SERVED_ORIGIN}/` });
		const logo = await fetch(`${server.url}${new URL(organization!.logo as string).pathname}`);
		expect(logo.headers.get('content-type')).toBe('image/png');
	});

	it('platform pages give a Product only with what Google requires (a rating), on the running origin', async () => {
		const platforms = (await (await fetch(`${server.url}/api/platforms`)).json()) as {
			id: number;
			slug: string;
			reviewCount: number;
		}[];
		const rated = platforms.find((platform) => platform.reviewCount > 0)!;
		const html = await (await fetch(`${server.url}/platforms/${rated.id}`)).text();
		const product = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!);
		expect(product['@type']).toBe('Product');
		expect(product.aggregateRating.reviewCount).toBe(rated.reviewCount);
		expect(product.url).toBe(`${SERVED_ORIGIN}/platforms/${rated.slug}`);
		if (product.image) expect(product.image.startsWith(`${SERVED_ORIGIN}/`)).toBe(true);
	});
});
