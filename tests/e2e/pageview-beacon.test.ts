/**
 * The reader pages' beacon (issue 46) in a real browser: loading a reader page sends one page
 * view with navigator.sendBeacon, from a script file of under 1 KB compressed (the
 * Content-Security-Policy allows no inline script; the fixture fails on any violation), which the
 * editors' report then counts; the tab keeps the page for sign-up attribution in sessionStorage;
 * the dashboard sends none.
 */
import { gzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../support/browser-test';
import { editorCookie } from '../support/server';
import { expectNoAxeViolations } from '../support/axe';

const it = browserTest({ seed: true, env: { ANALYTICS_FLUSH_MS: '50' } });

/** A desktop Chrome's user agent: the headless browser's own names it a bot (HeadlessChrome). */
const CHROME =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('the page-view beacon', () => {
	it('is sent once after a reader page loads, and the report counts it', async ({ server, browser }) => {
		const context = await browser.newContext({ baseURL: server.url, userAgent: CHROME });
		const page = await context.newPage();
		const beacons: Request[] = [];
		page.on('request', (request) => {
			if (new URL(request.url()).pathname === '/api/events') beacons.push(request);
		});
		// Each body is read as its answer comes, and all are awaited before they are looked at.
		const scriptBodies: Promise<[string, Buffer]>[] = [];
		page.on('response', (response) => {
			if (response.request().resourceType() === 'script')
				scriptBodies.push(response.body().then((body) => [response.url(), body]));
		});
		const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
		await page.goto('/about', { waitUntil: 'load' });
		const answer = await sent;
		expect(answer.status()).toBe(202);
		expect(answer.headers()['set-cookie']).toBeUndefined();
		expect(beacons).toHaveLength(1);
		expect(JSON.parse(beacons[0]!.postData()!)).toEqual({ name: 'pageview', path: '/about', referrer: '' });

		// The script and what it imports, compressed.
		const scripts = new Map(await Promise.all(scriptBodies));
		const beaconScript = [...scripts].find(([, body]) => body.includes('/api/events'));
		expect(beaconScript, 'a script file sends the beacon').toBeDefined();
		const imported = [...beaconScript![1].toString().matchAll(/from"\.\/([^"]+)"/g)].map((m) => m[1]!);
		const bodies = [
			beaconScript![1],
			...[...scripts].filter(([url]) => imported.some((name) => url.endsWith(name))).map(([, body]) => body),
		];
		expect(bodies).toHaveLength(1 + imported.length);
		expect(gzipSync(Buffer.concat(bodies)).length).toBeLessThan(1024);

		expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('rmh-attribution')))!)).toEqual({
			path: '/about',
			referrer: '',
		});

		const cookie = await editorCookie(server.db);
		await expect
			.poll(async () => {
				const report = await (
					await fetch(`${server.url}/api/admin/analytics?days=1`, { headers: { cookie } })
				).json();
				return report.pages.find((row: { path: string }) => row.path === '/about');
			})
			.toEqual({ path: '/about', pageviews: 1, visitors: 1 });
		expect(await context.cookies()).toEqual([]);
	});

	it('is on reader pages, not on the dashboard nor the account pages', async ({ server }) => {
		const html = async (path: string) => (await fetch(`${server.url}${path}`)).text();
		for (const path of ['/', '/about', '/news'])
			expect(await html(path), path).toContain('/_astro/PageviewBeacon');
		for (const path of ['/editor-dashboard', '/auth', '/profile', '/no-such-page'])
			expect(await html(path), path).not.toContain('PageviewBeacon');
	});

	it("shows in the dashboard's Analytics tab, at 1280 and 390 px, with no axe violation", async ({
		server,
		browser,
		newPage,
	}) => {
		const context = await browser.newContext({ baseURL: server.url, userAgent: CHROME });
		const reader = await context.newPage();
		const sent = reader.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
		await reader.goto('/news', { waitUntil: 'load' });
		expect((await sent).status()).toBe(202);
		for (const mobile of [false, true]) {
			const { page } = await newPage({ as: 'editor', mobile });
			await page.goto('/editor-dashboard?tab=analytics');
			await page.getByRole('heading', { name: 'Analytics', level: 2 }).waitFor();
			await page.getByRole('button', { name: 'Today' }).click();
			await page.getByRole('cell', { name: '/news', exact: true }).first().waitFor();
			await expect
				.poll(() => page.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed'))
				.toBe('true');
			expect(await page.getByRole('table', { name: 'Visitors and page views per day' }).count()).toBe(1);
			await expectNoAxeViolations(page, mobile ? 'analytics at 390 px' : 'analytics at 1280 px');
		}
	});

	it("shows each article's and platform's views beside it, for the Analytics tab's period", async ({
		server,
		newPage,
	}) => {
		const cookie = await editorCookie(server.db);
		// The first of each list the dashboard shows.
		const first = async (path: string) =>
			((await (await fetch(`${server.url}${path}`, { headers: { cookie } })).json()) as any[])[0] as {
				title: string;
				name: string;
				slug: string;
			};
		const article = await first('/api/news/all');
		const platform = await first('/api/admin/platforms');
		const articlePath = `/news/${article.slug}`;
		const platformPath = `/platforms/${platform.slug}`;
		const viewsOf = async (path: string) => {
			const answer = await fetch(`${server.url}/api/admin/analytics/views?days=1`, { headers: { cookie } });
			const body = (await answer.json()) as { pages: Array<{ path: string; pageviews: number }> };
			return body.pages.find((page) => page.path === path)?.pageviews ?? 0;
		};
		const before = { article: await viewsOf(articlePath), platform: await viewsOf(platformPath) };
		for (const path of [articlePath, articlePath, platformPath]) {
			const answer = await fetch(`${server.url}/api/events`, {
				method: 'POST',
				headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
				body: JSON.stringify({ name: 'pageview', path }),
			});
			expect(answer.status).toBe(202);
		}
		await expect.poll(() => viewsOf(platformPath), { timeout: 20_000 }).toBe(before.platform + 1);
		const articleViews = before.article + 2;
		const words = (views: number, period: string) => `${views} ${views === 1 ? 'view' : 'views'} ${period}`;

		const { page } = await newPage({ as: 'editor' });
		await page.goto('/editor-dashboard?tab=analytics');
		await page.getByRole('button', { name: 'Today' }).click();
		await page.getByRole('tab', { name: 'News', exact: true }).click();
		const card = page
			.getByTestId('article-card')
			.filter({ has: page.getByRole('heading', { name: article.title }) });
		await card.getByText(words(articleViews, 'today')).waitFor();
		await page.getByRole('tab', { name: 'Platforms', exact: true }).click();
		const row = page.getByTestId('platform-row').filter({ hasText: platform.name });
		await expect
			.poll(() => row.getByTestId('platform-views').innerText())
			.toBe(words(before.platform + 1, 'today'));
		await expectNoAxeViolations(page, 'platform views');
	});
});
