/**
 * Readers' pages load their islands' JavaScript only when the reader acts (client:interaction,
 * src/integrations/interaction-directive.js): before that a page carries at most 20 KB of
 * compressed JavaScript and no React. Every island works on its first interaction, nothing typed
 * or chosen while it hydrates is lost, and a platform page's reviews and approved comments are
 * in its HTML for readers without JavaScript.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../setup/browser-test';
import type { TestServer } from '../setup/server';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

/** The budget of compressed JavaScript before the reader acts. */
const BUDGET_BYTES = 20 * 1024;
const REACT_RUNTIME = /@license React|react\.dev\/errors\//;

type ApiPlatform = { id: number; name: string; reviewCount: number };
type ApiComment = { id: number; comment: string };
type ApiReview = { id: number; review: string | null };

async function api<T>(server: TestServer, path: string): Promise<T> {
	return (await (await fetch(`${server.url}${path}`)).json()) as T;
}

/** A platform with reviews that have text and approved comments (the seed has several). */
async function discussedPlatform(server: TestServer) {
	for (const platform of await api<ApiPlatform[]>(server, '/api/platforms?limit=100')) {
		const reviews = (await api<ApiReview[]>(server, `/api/platforms/${platform.id}/ratings`)).filter((r) => r.review);
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
	const html = (await document!.text()).replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');
	const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
	if (inline.length > 0) bytes += gzipSync(inline.join('\n')).length;
	const waiting = await page.locator('astro-island[ssr]').count();
	return { bytes, react, waiting, scripts: scripts.map((script) => new URL(script.url()).pathname) };
}

describe('before the reader acts', () => {
	it('a page loads at most 20 KB of compressed JavaScript and no React', async ({ server, newPage }) => {
		const { platform } = await discussedPlatform(server);
		const figures: Record<string, number> = {};
		for (const path of ['/', '/platforms', `/platforms/${platform.id}`, '/podcast']) {
			const { page } = await newPage();
			const measured = await javaScriptBeforeAction(page, path);
			figures[path] = measured.bytes;
			expect(measured.react, `${path}: ${measured.scripts.join(', ')}`).toBe(false);
			expect(measured.bytes, path).toBeLessThanOrEqual(BUDGET_BYTES);
			if (path !== '/podcast') expect(measured.waiting, path).toBeGreaterThan(0);
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
	it("adds a platform to the comparison on the first click, and the next visit shows it chosen", async ({
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
		await page.getByRole('button', { name: 'Next' }).click();
		await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
		await expect.poll(() => page.locator('[data-platform-card] h2').first().innerText()).not.toBe(first);
	});

	it('filters the home news by the first category chosen', async ({ newPage }) => {
		const { page } = await newPage();
		await page.goto('/');
		await page.locator('#news-category').selectOption('Platform Updates');
		await expect.poll(() => new URL(page.url()).searchParams.get('newsCategory')).toBe('Platform Updates');
	});

	it('wakes the newsletter band and the platform community when scrolled into view', async ({ server, newPage }) => {
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

describe('input while an island hydrates', () => {
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
});
