/**
 * Browser tests of the static pages: title, rendered markdown and 'Last updated', the
 * 404 of paths that are not routes, and the 'Page Not Found' screen when a page is missing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDate } from '@/lib/format';
import { browserTest, type NewPage } from '../support/browser-test';
import { expectNoToast } from '../support/dashboard-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

const ROUTES = [
	{ path: '/about', slug: 'about-us' },
	{ path: '/contact', slug: 'contact' },
	{ path: '/privacy-policy', slug: 'privacy-policy' },
	{ path: '/terms-of-service', slug: 'terms-of-service' },
];

type StaticPage = { slug: string; title: string; content: string; updatedAt: string };

async function open(newPage: NewPage, path: string): Promise<{ page: Page; status: number | undefined }> {
	const { page } = await newPage();
	const response = await page.goto(path);
	return { page, status: response?.status() };
}

describe('each static page', () => {
	for (const route of ROUTES) {
		it(`${route.path} shows its title, markdown body and last update`, async ({ server, newPage }) => {
			const source = (await (await fetch(`${server.url}/api/pages/${route.slug}`)).json()) as StaticPage;
			const { page, status } = await open(newPage, route.path);
			expect(status).toBe(200);
			expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(source.title);
			expect(await page.title()).toBe(`${source.title} | Retail Media Hub`);
			const main = await page.locator('main').innerText();
			expect(main).toContain(`Last updated ${formatDate(source.updatedAt)}`);
			// The markdown is HTML now: no '## ' or '**' markers left, and its headings are h2.
			const headings = [...source.content.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());
			expect(await page.locator('main .markdown h2').allInnerTexts()).toEqual(headings);
			expect(main).not.toMatch(/^## /m);
			expect(main).not.toContain('**');
			expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
				new RegExp(`${route.path}$`),
			);
		});
	}

	it('links to the pages from the footer', async ({ server, newPage }) => {
		const { page } = await open(newPage, '/about');
		await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click();
		await page.waitForURL(`${server.url}/terms-of-service`);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/terms/i);
	});
});

describe('not found', () => {
	it('does not route unknown slugs (or the about-us slug itself)', async ({ newPage }) => {
		for (const path of ['/about-us', '/cookie-policy']) {
			const { page, status } = await open(newPage, path);
			expect(status, path).toBe(404);
			expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page Not Found');
		}
	});

	it("shows 'Page Not Found' with a 404, one message and no toast, when the page is gone", async ({
		server,
		newPage,
	}) => {
		const { staticPages } = server.tables;
		await server.db.delete(staticPages).where(eq(staticPages.slug, 'contact'));
		// Deleted behind the app's back: regenerate, so the stored file goes too.
		await server.regenerate();

		const { page, status } = await open(newPage, '/contact');
		expect(status).toBe(404);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page Not Found');
		await expectNoToast(page);
		expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
	});
});
