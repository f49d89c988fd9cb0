/**
 * Browser tests of the article pages (/news/{id}, and /education/{id} alike): every
 * element, the rendered markdown, the SEO head, and the not-found screen of drafts and unknown ids.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import { avatarColor, formatDate } from '@/lib/format';
import { Client } from '../support/http';
import { browserTest, type NewPage } from '../support/browser-test';
import { expectNoToast } from '../support/dashboard-helpers';

let editor: Client;

type FullArticle = {
	id: number;
	slug: string;
	title: string;
	excerpt: string;
	content: string;
	category: string;
	imageUrl: string | null;
	tags: string[];
	readTime: number;
	isPublished: boolean;
	author: { username: string; name: string } | null;
	createdAt: string;
	updatedAt: string;
};

const it = browserTest({
	seed: true,
	async ready(server) {
		editor = new Client(server.url);
		expect((await editor.login(DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password)).status).toBe(200);
		await server.siteIdle();
	},
});

async function open(newPage: NewPage, path: string): Promise<{ page: Page; status: number | undefined }> {
	const { page } = await newPage();
	const response = await page.goto(path);
	return { page, status: response?.status() };
}

async function firstPublished(kind: 'news' | 'education'): Promise<FullArticle> {
	const list = (await editor.get<FullArticle[]>(`/api/${kind}?limit=1`)).body;
	return list[0]!;
}

describe('a published article', () => {
	it('shows every element of the article page with the markdown rendered', async ({ newPage }) => {
		const article = await firstPublished('news');
		const { page, status } = await open(newPage, `/news/${article.id}`);
		expect(status).toBe(200);
		const main = page.locator('main');

		const back = main.getByRole('link', { name: 'Back to News' });
		expect(await back.getAttribute('href')).toBe('/#news');
		expect(await main.locator('header').getByText(article.category, { exact: true }).count()).toBe(1);
		await expect.poll(() => main.locator('header time').innerText()).toMatch(/ago|just now/);
		expect(await main.locator('header time').getAttribute('datetime')).toBe(article.createdAt);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(article.title);
		expect(await main.innerText()).toContain(article.excerpt);

		// The byline shows the author's display name (the username when none is set).
		const username = article.author!.name;
		const avatar = main.locator('header span[aria-hidden="true"].rounded-full');
		expect(await avatar.innerText()).toBe(username.charAt(0).toUpperCase());
		expect(await avatar.getAttribute('style')).toContain(avatarColor(username));
		expect(await main.locator('header').innerText()).toContain(username);
		expect(await main.locator('header').innerText()).toContain(`${article.readTime} min read`);

		if (article.imageUrl) expect(await main.locator(`img[src="${article.imageUrl}"]`).count()).toBe(1);

		// Markdown became HTML: the source's '## ' headings are h2 elements, lists are lists.
		const body = main.locator('.markdown');
		const headings = [...article.content.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());
		expect(headings.length).toBeGreaterThan(0);
		expect(await body.locator('h2').allInnerTexts()).toEqual(headings);
		expect(await body.locator('li').count()).toBeGreaterThan(0);
		expect(await body.innerText()).not.toContain('## ');

		const tags = await main.locator('ul[aria-label="Tags"] li').allInnerTexts();
		expect(tags).toEqual(article.tags);
	});

	it('has the SEO head: title, description, canonical, Open Graph and Article JSON-LD', async ({
		server,
		newPage,
	}) => {
		const article = await firstPublished('news');
		const { page } = await open(newPage, `/news/${article.id}`);
		expect(await page.title()).toBe(`${article.title} | Retail Media Hub`);
		const meta = (selector: string) => page.locator(selector).getAttribute('content');
		expect(await meta('meta[name="description"]')).toBe(article.excerpt);
		expect(await meta('meta[property="og:type"]')).toBe('article');
		expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
			new RegExp(`/news/${article.slug}$`),
		);
		// The article's generated share card (1200x630 PNG).
		expect(await meta('meta[property="og:image"]')).toBe(`${server.url}/og/news/${article.id}.png`);
		expect(await meta('meta[property="og:image:width"]')).toBe('1200');

		// The Article block, beside the BreadcrumbList (tests/api/breadcrumbs.test.ts).
		const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
		const ld = blocks.map((block) => JSON.parse(block)).find((block) => block['@type'] !== 'BreadcrumbList');
		expect(['Article', 'NewsArticle']).toContain(ld['@type']);
		expect(ld.headline).toBe(article.title);
		expect(ld.description).toBe(article.excerpt);
		expect(ld.datePublished).toBe(article.createdAt);
		expect(ld.dateModified).toBe(article.updatedAt);
		expect(ld.author).toEqual({ '@type': 'Person', name: article.author!.name });
		expect(ld.publisher['@type']).toBe('Organization');
		expect(ld.mainEntityOfPage).toBe(`${server.url}/news/${article.slug}`);
	});

	it('is a generated file with absolute dates, no React and no raw "<" in its JSON-LD', async ({
		server,
	}) => {
		const article = await firstPublished('news');
		const response = await fetch(`${server.url}/news/${article.id}`, {
			headers: { 'accept-encoding': 'br' },
		});
		expect(response.headers.get('etag')).toBeTruthy();
		expect(response.headers.get('content-encoding')).toBe('br');
		const html = await response.text();
		expect(html).toContain(`>${formatDate(article.createdAt)}</time>`);
		expect(html).not.toContain('astro-island');
		const ld = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!;
		expect(ld).not.toContain('<');
	});

	it('opens an education article from its home card', async ({ server, newPage }) => {
		const article = await firstPublished('education');
		const { page } = await open(newPage, '/');
		await page.locator('#education article').first().getByRole('link').click();
		await page.waitForURL(`${server.url}/education/${article.slug}`);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(article.title);
		expect(await page.getByRole('link', { name: 'Back to Education' }).getAttribute('href')).toBe(
			'/#education',
		);
	});

	it("falls back to 'Content coming soon...' when the body is empty", async ({ server, newPage }) => {
		const article = await firstPublished('education');
		const { articles } = server.tables;
		await server.db.update(articles).set({ content: '' }).where(eq(articles.id, article.id));
		// Changed behind the app's back: regenerate, since visitors get the generated file.
		await server.regenerate();
		const { page } = await open(newPage, `/education/${article.id}`);
		expect(await page.locator('main').innerText()).toContain('Content coming soon...');
		expect(await page.locator('main .markdown').count()).toBe(0);
	});
});

describe('not found', () => {
	it("shows 'Article Not Found' with a 404 for a draft, one message and no toast", async ({ newPage }) => {
		const all = (await editor.get<FullArticle[]>('/api/news/all')).body;
		const draft = all.find((article) => !article.isPublished);
		expect(draft).toBeTruthy();
		const { page, status } = await open(newPage, `/news/${draft!.id}`);
		expect(status).toBe(404);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Article Not Found');
		expect(await page.locator('main').innerText()).toContain(
			"The article you're looking for doesn't exist or has been removed.",
		);
		expect(await page.locator('main').innerText()).not.toContain(draft!.title);
		expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
		await expectNoToast(page);
	});

	it('answers 404 for unknown ids and ids of the other kind', async ({ newPage }) => {
		const news = await firstPublished('news');
		for (const path of ['/news/999999', '/news/abc', `/education/${news.id}`]) {
			const { page, status } = await open(newPage, path);
			expect(status, path).toBe(404);
			expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Article Not Found');
			await expectNoToast(page);
		}
	});
});
