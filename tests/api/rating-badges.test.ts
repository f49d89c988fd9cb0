/**
 * Rating badges (/platforms/{slug}/badge.svg): the platform's name, rating to one decimal and
 * review count as SVG; a hostile name stays text (escaped); the answer may be kept by shared
 * caches (public, with an ETag) and is generated again when a review changes the rating; a dark
 * variant with ?theme=dark. Runs on both engines.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { createPlatform } from '../support/platform-fixtures';

let server: TestServer;
let roles: Roles;

/** Waits without timing anything: a busy machine must not fail the test. */
const eventually = <T>(check: () => T) => vi.waitFor(check, { timeout: 30_000, interval: 100 });

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
});

afterAll(async () => {
	await server?.stop();
});

const badge = (slug: string, query = '') => fetch(`${server.url}/platforms/${slug}/badge.svg${query}`);

describe('rating badges', () => {
	it('escape a hostile platform name: no markup, no script', async () => {
		const hostile = `X"/></text><script>alert(1)</script>&'`;
		const platform = await createPlatform(roles.editor, { name: hostile });
		const answer = await badge(platform.slug);
		expect(answer.status).toBe(200);
		const svg = await answer.text();
		expect(svg).not.toContain('<script');
		expect(svg).not.toContain('</text><');
		expect(svg).not.toContain('X"');
		expect(svg).toContain(
			'>X&quot;/&gt;&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&apos;</text>',
		);
	});

	it('are public, cacheable SVG, refreshed when a review changes the rating', async () => {
		const platform = await createPlatform(roles.editor);
		const before = await badge(platform.slug);
		expect(before.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
		expect(before.headers.get('cache-control')).toMatch(/^public\b/);
		const first = await before.text();
		expect(first).toContain(platform.name);
		expect(first).toContain('★ – · 0 reviews');
		// Generated as a file once the platform's pages are: served with an ETag from then on.
		await eventually(async () => expect((await badge(platform.slug)).headers.get('etag')).toBeTruthy());

		const rated = await roles.user.client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 4,
			review: 'Solid reporting.',
		});
		expect(rated.status, JSON.stringify(rated.body)).toBe(201);
		await eventually(async () =>
			expect(await (await badge(platform.slug)).text()).toContain('★ 4.0 · 1 review<'),
		);
		const after = await badge(platform.slug);
		expect(after.headers.get('cache-control')).toMatch(/^public\b/);
		expect(after.headers.get('etag')).toBeTruthy();
	});

	it('have a dark variant', async () => {
		const platform = await createPlatform(roles.editor);
		const light = await (await badge(platform.slug)).text();
		const dark = await (await badge(platform.slug, '?theme=dark')).text();
		expect(light).toContain('#ffffff');
		expect(dark).toContain('#0d1117');
		expect(dark).toContain(platform.name);
	});

	it('answer 404 for an unknown platform', async () => {
		expect((await badge('no-such-platform-anywhere')).status).toBe(404);
	});
});
