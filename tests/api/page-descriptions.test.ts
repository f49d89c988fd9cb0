/**
 * What search engines read on the generated pages (issue 44): every page's meta and Open Graph
 * description is at most 160 characters, a long one cut at a word (home, the listings, a
 * platform, an article, a static page); an editor's search title and description replace a
 * page's own <title>, og:title and descriptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX_LENGTH } from '@/lib/search-appearance';
import { articleBody, setUpRoles, type Roles } from '../support/content-fixtures';
import { platformInput } from '../support/platform-fixtures';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startServer({ seed: true });
	roles = await setUpRoles(server);
	await server.siteIdle();
});
afterAll(async () => {
	await server?.stop();
});

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };

/** An attribute's text as a browser reads it. */
function decode(value: string): string {
	return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
		if (name.startsWith('#x') || name.startsWith('#X'))
			return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
		if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
		return ENTITIES[name.toLowerCase()] ?? whole;
	});
}

type Head = { title: string; description: string; ogTitle: string; ogDescription: string };

async function head(path: string): Promise<Head> {
	const response = await fetch(`${server.url}${path}`);
	expect(response.status, path).toBe(200);
	const html = await response.text();
	const attribute = (pattern: RegExp) => decode(html.match(pattern)?.[1] ?? '');
	return {
		title: decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''),
		description: attribute(/<meta name="description" content="([^"]*)"/),
		ogTitle: attribute(/<meta property="og:title" content="([^"]*)"/),
		ogDescription: attribute(/<meta property="og:description" content="([^"]*)"/),
	};
}

const LONG_TEXT =
	'A demand-side platform for retail media that buys on- and off-site inventory across many retailers, with closed-loop measurement, clean-room audiences and self-serve tools for brands and agencies alike. '.repeat(
		2,
	);

describe('meta descriptions on the generated pages', () => {
	it('are at most 160 characters everywhere, a long one cut at a word with an ellipsis', async () => {
		const editor = roles.editor.client;
		const platform = await editor.post<{ id: number }>(
			'/api/admin/platforms',
			platformInput({ description: LONG_TEXT }),
		);
		expect(platform.status).toBe(201);
		const article = await editor.post<{ id: number }>(
			'/api/news',
			articleBody({ excerpt: LONG_TEXT.slice(0, 400) }),
		);
		expect(article.status).toBe(201);
		await server.siteIdle();
		const paths = [
			'/',
			'/news',
			'/education',
			'/platforms',
			'/podcast',
			'/newsletter',
			'/about',
			'/contact',
			'/privacy-policy',
			'/terms-of-service',
			`/platforms/${platform.body.id}`,
			`/news/${article.body.id}`,
		];
		for (const path of paths) {
			const { description, ogDescription } = await head(path);
			expect(description.length, `${path}: ${description}`).toBeGreaterThan(0);
			expect(description.length, `${path}: ${description}`).toBeLessThanOrEqual(META_DESCRIPTION_MAX_LENGTH);
			expect(ogDescription, path).toBe(description);
		}
		for (const path of [`/platforms/${platform.body.id}`, `/news/${article.body.id}`]) {
			const { description } = await head(path);
			expect(description.endsWith('…'), description).toBe(true);
			expect(LONG_TEXT.startsWith(description.slice(0, -1)), description).toBe(true);
		}
	});

	it("shows the editor's search title and description in <title>, the meta description and Open Graph", async () => {
		const editor = roles.editor.client;
		const input = platformInput();
		const platform = await editor.post<{ id: number }>('/api/admin/platforms', input);
		const before = await head(`/platforms/${platform.body.id}`);
		expect(before.title).toBe(`${input.name} | Retail Media Hub`);
		await editor.put(`/api/admin/platforms/${platform.body.id}`, {
			...input,
			metaTitle: `${input.name} reviews & pricing`,
			metaDescription: 'What practitioners say about it.',
		});
		await server.siteIdle();
		const after = await head(`/platforms/${platform.body.id}`);
		expect(after).toEqual({
			title: `${input.name} reviews & pricing`,
			ogTitle: `${input.name} reviews & pricing`,
			description: 'What practitioners say about it.',
			ogDescription: 'What practitioners say about it.',
		});
	});
});
