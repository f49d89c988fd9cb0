/**
 * What an editor's markdown looks like to readers: a `# Heading` is a section heading with the
 * same look on the public page as in the dashboard preview (and the page keeps one h1), a link
 * with a refused address is plain text, and a picture that fails to load shows the placeholder.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { gotoHydrated } from '../support/browser';
import { Client } from '../support/http';
import { browserTest } from '../support/browser-test';
import { EDITOR, openDashboard } from '../support/dashboard-helpers';

let articlePath: string;

const CONTENT = [
	'# Big picture',
	'Opening words with [a refused link](javascript:alert(1)) and [a good one](/about).',
	'## Next step',
	'![A chart that moved](/images/articles/no-such-chart.png)',
].join('\n\n');

const it = browserTest({
	seed: true,
	async ready(server) {
		const editor = new Client(server.url);
		expect((await editor.login(EDITOR.email, EDITOR.password)).status).toBe(200);
		const article = await editor.post('/api/news', {
			title: 'Markdown as readers see it',
			excerpt: 'Headings, links and pictures.',
			content: CONTENT,
			category: 'Industry News',
			imageUrl: '/images/articles/no-such-cover.png',
			tags: [],
			readTime: 2,
			isPublished: true,
		});
		expect(article.status, JSON.stringify(article.body)).toBe(201);
		articlePath = `/news/${article.body.id}`;
		await server.siteIdle();
	},
});

const HEADING_STYLE = ['fontSize', 'fontWeight', 'lineHeight', 'color', 'letterSpacing'] as const;

async function headingStyle(page: Page, selector: string) {
	return page
		.locator(selector)
		.first()
		.evaluate(
			(element, names) => {
				const style = getComputedStyle(element);
				return Object.fromEntries(
					names.map((name) => [
						name,
						style.getPropertyValue(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)),
					]),
				);
			},
			HEADING_STYLE as unknown as string[],
		);
}

describe('an article body', () => {
	it('renders `# Heading` as a styled section heading, the page keeping one h1', async ({ newPage }) => {
		const { page } = await newPage();
		await gotoHydrated(page, articlePath);
		expect(await page.locator('h1').allInnerTexts()).toEqual(['Markdown as readers see it']);
		const headings = page.locator('main .markdown h2');
		expect(await headings.allInnerTexts()).toEqual(['Big picture', 'Next step']);
		const big = await headingStyle(page, 'main .markdown h2:text("Big picture")');
		// A heading, not body text: larger and bolder than the paragraph after it.
		const paragraph = await headingStyle(page, 'main .markdown p');
		expect(parseFloat(big.fontSize!)).toBeGreaterThan(parseFloat(paragraph.fontSize!));
		expect(Number(big.fontWeight)).toBeGreaterThanOrEqual(700);
		expect(await headingStyle(page, 'main .markdown h2:text("Next step")')).toEqual(big);
	});

	it('looks the same in the dashboard preview as on the public page', { timeout: 120_000 }, async ({
		server,
		browser,
		newPage,
	}) => {
		const reader = await newPage();
		await gotoHydrated(reader.page, articlePath);
		const { page } = await openDashboard(browser, server, 'news');
		await page.getByRole('button', { name: 'Add News Article' }).click();
		const dialog = page.getByRole('dialog', { name: 'Add News Article' });
		await dialog.getByRole('textbox', { name: 'Content' }).fill(CONTENT);
		await dialog.getByRole('tab', { name: 'Preview', exact: true }).click();
		const preview = dialog.getByTestId('news-article-content-preview');
		await preview.locator('h2', { hasText: 'Big picture' }).waitFor();
		expect(await preview.locator('h1').count()).toBe(0);
		const previewHeading = await headingStyle(page, '[data-testid="news-article-content-preview"] h2');
		const publicHeading = await headingStyle(reader.page, 'main .markdown h2');
		expect(previewHeading).toEqual(publicHeading);
		const previewText = await headingStyle(page, '[data-testid="news-article-content-preview"] p');
		expect(previewText).toEqual(await headingStyle(reader.page, 'main .markdown p'));
		// The refused link is text there too.
		expect(await preview.locator('a').allInnerTexts()).toEqual(['a good one']);
	});

	it('shows a link with a refused address as plain text, and keeps the good link', async ({ newPage }) => {
		const { page } = await newPage();
		await gotoHydrated(page, articlePath);
		const body = page.locator('main .markdown');
		expect(await body.locator('p').first().innerText()).toContain('with a refused link and a good one');
		expect(await body.locator('a').allInnerTexts()).toEqual(['a good one']);
		expect(await body.locator('a:not([href])').count()).toBe(0);
	});

	it('shows the placeholder, not the broken-image icon, for pictures that fail to load', async ({
		newPage,
	}) => {
		const { page } = await newPage();
		await gotoHydrated(page, articlePath);
		for (const image of [page.locator('main article > img'), page.locator('main .markdown img')]) {
			await expect
				.poll(() =>
					image.evaluate((element: HTMLImageElement) => ({
						src: new URL(element.src).pathname,
						loaded: element.naturalWidth > 0,
					})),
				)
				.toEqual({ src: '/images/placeholder.svg', loaded: true });
		}
		// Its words stay for screen readers.
		expect(await page.locator('main .markdown img').getAttribute('alt')).toBe('A chart that moved');
	});

	it('shows the placeholder for a broken card image on the home page too (an island)', async ({
		newPage,
	}) => {
		const { page } = await newPage();
		await gotoHydrated(page, '/');
		const card = page.locator('#news img[src*="no-such-cover"], #news img[data-image-fallback]').first();
		await card.scrollIntoViewIfNeeded();
		await expect
			.poll(() =>
				card.evaluate((element: HTMLImageElement) => ({
					src: new URL(element.src).pathname,
					loaded: element.naturalWidth > 0,
				})),
			)
			.toEqual({ src: '/images/placeholder.svg', loaded: true });
	});
});
