/**
 * Readers' pages load their islands' JavaScript only when the reader acts (client:interaction,
 * src/integrations/interaction-directive.js): before that a page carries at most 20 KB of
 * compressed JavaScript and no React, with or without filters or a selection in the address.
 * Every island works on its first interaction, nothing typed or chosen while it hydrates is lost,
 * the server HTML shows what the address asks (filters, the compare selection) to readers
 * without JavaScript, and a platform page's reviews and approved comments are in its HTML.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../support/browser-test';
import type { TestServer } from '../support/server';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

/** The budget of compressed JavaScript before the reader acts. */
const BUDGET_BYTES = 20 * 1024;
const REACT_RUNTIME = /@license React|react\.dev\/errors\//;

type ApiPlatform = { id: number; name: string; reviewCount: number; category: string };
type ApiComment = { id: number; comment: string };
type ApiReview = { id: number; review: string | null };

async function api<T>(server: TestServer, path: string): Promise<T> {
	return (await (await fetch(`${server.url}${path}`)).json()) as T;
}

/** A platform with reviews that have text and approved comments (the seed has several). */
async function discussedPlatform(server: TestServer) {
	for (const platform of await api<ApiPlatform[]>(server, '/api/platforms?limit=100')) {
		const reviews = (await api<ApiReview[]>(server, `/api/platforms/${platform.id}/ratings`)).filter(
			(r) => r.review,
		);
		const comments = await api<ApiComment[]>(server, `/api/platforms/${platform.id}/comments`);
		if (reviews.length > 0 && comments.length > 0) return { platform, reviews, comments };
	}
	throw new Error('the seed has no platform with reviews and comments');
}

/** Compressed JavaScript bytes a page loads until the network is quiet, with or without React. */
async function javaScriptBeforeAction(page: Page, path: string) {
	const scripts: Response[] = [];
	page.on('response', (response) => {
		if (response.request().resourceType() === 'script') scripts.push(response);
	});
	const document = await page.goto(path);
	await page.waitForLoadState('networkidle');
	let bytes = 0;
	let react = false;
	for (const script of scripts) {
		const body = await script.body();
		// What went over the wire: the compressed length the server declared.
		bytes += Number((await script.headerValue('content-length')) ?? gzipSync(body).length);
		react ||= REACT_RUNTIME.test(body.toString('utf8'));
	}
	const html = (await document!.text()).replace(
		/<script type="application\/ld\+json">[\s\S]*?<\/script>/g,
		'',
	);
	const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
		(match) => match[1]!,
	);
	if (inline.length > 0) bytes += gzipSync(inline.join('\n')).length;
	const waiting = await page.locator('astro-island[ssr]').count();
	return { bytes, react, waiting, scripts: scripts.map((script) => new URL(script.url()).pathname) };
}

describe('before the reader acts', () => {
	it('a page loads at most 20 KB of compressed JavaScript and no React', async ({ server, newPage }) => {
		const { platform } = await discussedPlatform(server);
		const figures: Record<string, number> = {};
		const [a, b] = await api<ApiPlatform[]>(server, '/api/platforms?limit=2');
		const readerPages = [
			'/',
			'/?newsCategory=Platform%20Updates#news',
			'/platforms',
			'/platforms?category=Display&sortBy=name&sortOrder=asc',
			`/platforms/${platform.id}`,
			'/compare',
			`/compare?platforms=${a!.id},${b!.id}`,
			'/podcast',
		];
		for (const path of readerPages) {
			const { page } = await newPage();
			const measured = await javaScriptBeforeAction(page, path);
			figures[path] = measured.bytes;
			expect(measured.react, `${path}: ${measured.scripts.join(', ')}`).toBe(false);
			expect(measured.bytes, path).toBeLessThanOrEqual(BUDGET_BYTES);
			if (path !== '/podcast') expect(measured.waiting, path).toBeGreaterThan(0);
			await page.close();
		}
		console.log(`[hydration] compressed JavaScript before any action, bytes: ${JSON.stringify(figures)}`);
	});

	it("a platform page's reviews and approved comments are in its HTML, readable without JavaScript", async ({
		server,
		browser,
	}) => {
		const { platform, reviews, comments } = await discussedPlatform(server);
		const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
		try {
			const page = await context.newPage();
			await page.goto(`/platforms/${platform.id}`);
			const reviewList = page.getByRole('list', { name: 'User reviews' });
			await expect.poll(() => reviewList.isVisible()).toBe(true);
			expect(await reviewList.innerText()).toContain(reviews[0]!.review!.trim().slice(0, 40));
			const commentList = page.getByRole('list', { name: 'Comments' });
			expect(await commentList.innerText()).toContain(comments[0]!.comment.trim().slice(0, 40));
			expect(await page.locator('body').innerText()).not.toMatch(/Loading (reviews|comments)/);
		} finally {
			await context.close();
		}
	});
});

describe('the first interaction', () => {
	it('adds a platform to the comparison on the first click, and the next visit shows it chosen', async ({
		server,
		newPage,
	}) => {
		const { platform } = await discussedPlatform(server);
		const { page } = await newPage();
		await page.goto(`/platforms/${platform.id}`);
		const toggle = page.locator('[data-compare-toggle] button');
		await toggle.click();
		await expect.poll(() => toggle.innerText()).toBe('Remove from compare');
		await expect.poll(() => page.locator('[data-compare-toggle] a').innerText()).toBe('View comparison (1)');
		// The tab has a selection now: the island hydrates at once to show it.
		await page.reload();
		await expect.poll(() => toggle.innerText()).toBe('Remove from compare');
	});

	it('pages the directory on the first click', async ({ newPage }) => {
		const { page } = await newPage();
		await page.goto('/platforms');
		const first = await page.locator('[data-platform-card] h2').first().innerText();
		await page.getByRole('link', { name: 'Next' }).click();
		await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
		await expect.poll(() => page.locator('[data-platform-card] h2').first().innerText()).not.toBe(first);
	});

	it('filters the home news by the first category chosen', async ({ newPage }) => {
		const { page } = await newPage();
		await page.goto('/');
		await page.locator('#news-category').selectOption('Platform Updates');
		await expect.poll(() => new URL(page.url()).searchParams.get('newsCategory')).toBe('Platform Updates');
	});

	it('wakes the newsletter band and the platform community when scrolled into view', async ({
		server,
		newPage,
	}) => {
		const { platform } = await discussedPlatform(server);
		const { page } = await newPage();
		await page.goto('/');
		const band = page.locator('astro-island', { has: page.getByLabel('Email address') });
		expect(await band.getAttribute('ssr')).not.toBeNull();
		await page.getByLabel('Email address').scrollIntoViewIfNeeded();
		await expect.poll(() => band.getAttribute('ssr')).toBeNull();
		await page.goto(`/platforms/${platform.id}`);
		const community = page.locator('astro-island', { has: page.getByRole('heading', { name: 'Comments' }) });
		expect(await community.getAttribute('ssr')).not.toBeNull();
		await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
		await expect.poll(() => community.getAttribute('ssr')).toBeNull();
	});
});

describe('the first interaction, on an address with state', () => {
	it('removes a column of a linked comparison on the first click, and adds one on the first pick and Add', async ({
		server,
		newPage,
	}) => {
		const [a, b, c] = await api<ApiPlatform[]>(server, '/api/platforms?limit=3');
		const { page } = await newPage();
		await page.goto(`/compare?platforms=${a!.id},${b!.id}`);
		const island = page.locator('astro-island', { has: page.getByLabel('Add a platform') });
		expect(await island.getAttribute('ssr')).not.toBeNull();
		await page.getByRole('link', { name: `Remove ${a!.name} from comparison` }).click();
		await expect.poll(() => new URL(page.url()).searchParams.get('platforms')).toBe(String(b!.id));
		await page.getByLabel('Add a platform').selectOption(String(c!.id));
		await page.getByRole('button', { name: 'Add', exact: true }).click();
		await expect.poll(() => new URL(page.url()).searchParams.get('platforms')).toBe(`${b!.id},${c!.id}`);
	});

	it('changes the sort of a filtered directory link on the first choice', async ({ server, newPage }) => {
		const { page } = await newPage();
		await page.goto('/platforms?sortBy=name&sortOrder=asc');
		const island = page.locator('astro-island', { has: page.locator('#platform-sort') });
		expect(await island.getAttribute('ssr')).not.toBeNull();
		await page.locator('#platform-order').selectOption('desc');
		const descending = await api<ApiPlatform[]>(server, '/api/platforms?sortBy=name&sortOrder=desc&limit=6');
		await expect.poll(() => new URL(page.url()).searchParams.get('sortOrder')).toBe('desc');
		await expect
			.poll(() => page.locator('[data-platform-card] h2').allInnerTexts())
			.toEqual(descending.map((platform) => platform.name));
	});
});

describe('input while an island hydrates', () => {
	/** Holds an island's code back until `release()`. */
	async function holdCode(page: Page, glob: string) {
		let release!: () => void;
		const done = new Promise<void>((resolve) => (release = resolve));
		await page.route(glob, async (route) => {
			await done;
			await route.continue();
		});
		return release;
	}

	it('keeps a category chosen in a filtered directory before its code ran', async ({ server, newPage }) => {
		const { page } = await newPage();
		const release = await holdCode(page, '**/_astro/PlatformDirectory*.js');
		await page.goto('/platforms?sortBy=name&sortOrder=asc&page=2');
		const category = (await api<ApiPlatform[]>(server, '/api/platforms?limit=1'))[0]!.category;
		await page.locator('#platform-category').selectOption(category);
		release();
		await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe(category);
		expect(new URL(page.url()).searchParams.get('sortBy')).toBe('name');
		// A new category starts on page 1.
		expect(new URL(page.url()).searchParams.get('page')).toBeNull();
		expect(await page.locator('#platform-category').inputValue()).toBe(category);
	});

	it('keeps a search cleared in a filtered home section before its code ran', async ({ newPage }) => {
		const { page } = await newPage();
		const release = await holdCode(page, '**/_astro/ArticleFeed*.js');
		await page.goto('/?newsSearch=retail');
		expect(await page.locator('#news-search').inputValue()).toBe('retail');
		await page.locator('#news-search').fill('');
		release();
		await expect.poll(() => new URL(page.url()).searchParams.get('newsSearch')).toBeNull();
		expect(await page.locator('#news-search').inputValue()).toBe('');
	});

	it('keeps a platform picked and added on /compare before its code ran', async ({ server, newPage }) => {
		const [a, b] = await api<ApiPlatform[]>(server, '/api/platforms?limit=2');
		const { page } = await newPage();
		const release = await holdCode(page, '**/_astro/CompareView*.js');
		await page.goto(`/compare?platforms=${a!.id}`);
		await page.getByLabel('Add a platform').selectOption(String(b!.id));
		await page.getByRole('button', { name: 'Add', exact: true }).click();
		release();
		await expect.poll(() => new URL(page.url()).searchParams.get('platforms')).toBe(`${a!.id},${b!.id}`);
		await expect
			.poll(() => page.locator('thead th[data-compare-column] a[href^="/platforms/"]').allInnerTexts())
			.toEqual([a!.name, b!.name]);
	});

	it('keeps the text typed into the home search and filters by it', async ({ newPage }) => {
		const { page } = await newPage();
		// Hold the island's code back until the reader has typed.
		let release!: () => void;
		const typed = new Promise<void>((resolve) => (release = resolve));
		await page.route('**/_astro/ArticleFeed*.js', async (route) => {
			await typed;
			await route.continue();
		});
		await page.goto('/');
		await page.locator('#news-search').fill('clean');
		expect(await page.locator('#news astro-island').first().getAttribute('ssr')).not.toBeNull();
		release();
		await expect.poll(() => new URL(page.url()).searchParams.get('newsSearch')).toBe('clean');
		expect(await page.locator('#news-search').inputValue()).toBe('clean');
	});

	it('keeps a comment typed before the community island ran, and posts it', async ({ server, newPage }) => {
		const { platform } = await discussedPlatform(server);
		const { page } = await newPage({ as: 'user' });
		let release!: () => void;
		const typed = new Promise<void>((resolve) => (release = resolve));
		await page.route('**/_astro/PlatformCommunity*.js', async (route) => {
			await typed;
			await route.continue();
		});
		await page.goto(`/platforms/${platform.id}`);
		const text = `Typed before hydration ${Date.now()}`;
		await page.locator('#comment-text').fill(text);
		release();
		const community = page.locator('astro-island', { has: page.locator('#comment-text') });
		await expect.poll(() => community.getAttribute('ssr')).toBeNull();
		expect(await page.locator('#comment-text').inputValue()).toBe(text);
		await page.getByRole('button', { name: 'Post Comment' }).click();
		await expect.poll(() => page.getByRole('list', { name: 'Comments' }).innerText()).toContain(text);
	});

	// A button pressed while the code loads is pressed again as soon as React listens; React then
	// hydrates at once to handle it, so the form must already hold what was typed.
	it('sends the newsletter band once its code ran, with the email typed and Subscribe pressed before', async ({
		newPage,
	}) => {
		const { page } = await newPage();
		const release = await holdCode(page, '**/_astro/NewsletterSignup*.js');
		await page.goto('/#newsletter');
		const band = page.locator('#newsletter');
		await band.getByLabel('Email address').fill('held-click@example.com');
		const subscribed = page.waitForResponse((response) =>
			response.url().endsWith('/api/newsletter/subscribe'),
		);
		await band.getByRole('button', { name: 'Subscribe' }).click();
		expect(await band.locator('astro-island').getAttribute('ssr')).not.toBeNull();
		release();
		// Accepted: a visitor's address is subscribed once the mailed link confirms it.
		expect((await subscribed).status()).toBe(202);
		await expect.poll(() => page.locator('#toast-root li').last().innerText()).toContain('Check your inbox');
		expect(await page.locator('#toast-root').innerText()).not.toContain('Email required');
	});

	it('posts a comment typed and sent before the community island ran', async ({ server, newPage }) => {
		const { platform } = await discussedPlatform(server);
		const { page } = await newPage({ as: 'user' });
		const release = await holdCode(page, '**/_astro/PlatformCommunity*.js');
		await page.goto(`/platforms/${platform.id}`);
		const text = `Sent before hydration ${Date.now()}`;
		await page.locator('#comment-text').fill(text);
		await page.getByRole('button', { name: 'Post Comment' }).click();
		release();
		await expect.poll(() => page.getByRole('list', { name: 'Comments' }).innerText()).toContain(text);
	});
});

describe('the address, without JavaScript', () => {
	async function withoutScript<T>(
		server: TestServer,
		browser: Browser,
		run: (page: Page) => Promise<T>,
	): Promise<T> {
		const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
		try {
			return await run(await context.newPage());
		} finally {
			await context.close();
		}
	}

	it("/platforms shows the address's filters and page, and its toolbar filters as a form", async ({
		server,
		browser,
	}) => {
		const sorted = await api<ApiPlatform[]>(server, '/api/platforms?sortBy=name&sortOrder=asc&limit=100');
		await withoutScript(server, browser, async (page) => {
			await page.goto('/platforms?sortBy=name&sortOrder=asc&page=2');
			const names = await page.locator('[data-platform-card] h2').allInnerTexts();
			expect(names).toEqual(sorted.slice(6, 12).map((platform) => platform.name));
			expect(await page.locator('#platform-sort').inputValue()).toBe('name');
			expect(await page.locator('#platform-order').inputValue()).toBe('asc');
			expect(await page.getByTestId('platform-count').innerText()).toBe(
				`Showing 7-12 of ${sorted.length} platforms`,
			);

			const category = sorted[0]!.category;
			const inCategory = await api<ApiPlatform[]>(
				server,
				`/api/platforms?category=${encodeURIComponent(category)}&limit=100`,
			);
			await page.locator('#platform-category').selectOption(category);
			await page.getByRole('button', { name: 'Apply filters' }).click();
			await page.waitForURL((url) => url.searchParams.get('category') === category);
			expect(await page.locator('[data-platform-card] h2').allInnerTexts()).toEqual(
				inCategory.slice(0, 6).map((platform) => platform.name),
			);
		});
	});

	it("the home shows a section's search and category from the address", async ({ server, browser }) => {
		const found = await api<Array<{ title: string }>>(
			server,
			'/api/news?category=Platform%20Updates&limit=6',
		);
		expect(found.length).toBeGreaterThan(0);
		await withoutScript(server, browser, async (page) => {
			await page.goto('/?newsCategory=Platform%20Updates&educationSearch=zzznothingmatches#news');
			expect(await page.locator('#news-category').inputValue()).toBe('Platform Updates');
			const titles = await page.getByTestId('news-list').locator('li h3').allInnerTexts();
			expect(titles).toEqual(found.map((article) => article.title));
			expect(await page.locator('#education-search').inputValue()).toBe('zzznothingmatches');
			expect(await page.getByTestId('education-list').innerText()).toContain('zzznothingmatches');
		});
	});

	it('/compare shows the selection the address carries, and its picker adds one as a form', async ({
		server,
		browser,
	}) => {
		const [a, b, c] = await api<ApiPlatform[]>(server, '/api/platforms?limit=3');
		await withoutScript(server, browser, async (page) => {
			await page.goto(`/compare?platforms=${a!.id},${b!.id}`);
			const columns = () =>
				page.locator('thead th[data-compare-column] a[href^="/platforms/"]').allInnerTexts();
			expect(await columns()).toEqual([a!.name, b!.name]);
			await page.getByLabel('Add a platform').selectOption(String(c!.id));
			await page.getByRole('button', { name: 'Add', exact: true }).click();
			await page.waitForURL((url) => url.searchParams.getAll('platforms').length === 2);
			expect(await columns()).toEqual([a!.name, b!.name, c!.name]);
		});
	});
});
