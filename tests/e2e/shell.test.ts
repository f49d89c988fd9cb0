/**
 * Browser tests of the shared layout: header links and category menus (mouse and keyboard),
 * the session area for visitors, users and editors, the mobile side panel, the footer, the
 * 404 screen, route protection's spinner, and the one-toast-at-a-time toaster with F8.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { categoryLink } from '@/lib/home-filters';
import { EDUCATION_CATEGORIES, NEWS_CATEGORIES } from '@/lib/categories';
import { gotoHydrated, signInAs } from '../support/browser';
import { Client } from '../support/http';
import { browserTest, type NewPage } from '../support/browser-test';
import type { TestServer } from '../support/server';

async function open(
	newPage: NewPage,
	path: string,
	options: { mobile?: boolean; as?: { email: string; password: string } } = {},
) {
	const { page, context } = await newPage({ mobile: options.mobile });
	if (options.as) await signInAs(context, options.as.email, options.as.password);
	await gotoHydrated(page, path);
	return page;
}

async function register(
	server: TestServer,
	email: string,
	username: string,
	role: 'user' | 'editor' = 'user',
) {
	const client = new Client(server.url);
	const answer = await client.post('/api/register', { email, username, password: 'secret-123' });
	expect(answer.status).toBe(201);
	if (role === 'editor') {
		await server.db
			.update(server.tables.users)
			.set({ role })
			.where(eq(server.tables.users.id, answer.body.id));
	}
	return { email, password: 'secret-123', username };
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

const it = browserTest();

describe('header', () => {
	it('links to platforms, compare and podcast, and offers Sign In and Get Started to visitors', async ({
		newPage,
	}) => {
		const page = await open(newPage, '/');
		const nav = mainNav(page);
		expect(await nav.getByRole('link', { name: 'Platforms' }).getAttribute('href')).toBe('/platforms');
		expect(await nav.getByRole('link', { name: 'Compare' }).getAttribute('href')).toBe('/compare');
		expect(await nav.getByRole('link', { name: 'Podcast' }).getAttribute('href')).toBe('/podcast');
		const signIn = page.getByRole('link', { name: 'Sign In' }).first();
		await expect.poll(() => signIn.isVisible()).toBe(true);
		// Home is where signing in returns anyway; other pages pass themselves (tests/e2e/auth.test.ts).
		expect(await signIn.getAttribute('href')).toBe('/auth');
		expect(await page.getByRole('link', { name: 'Get Started' }).first().getAttribute('href')).toBe(
			'/auth?tab=signup',
		);
	});

	it('lists every News and Education category as a link to the filtered home section', async ({
		newPage,
	}) => {
		const page = await open(newPage, '/');
		await mainNav(page).getByRole('button', { name: 'News' }).click();
		const news = page.locator('#menu-news');
		await expect.poll(() => news.isVisible()).toBe(true);
		expect(await news.getByRole('link', { name: 'All News' }).getAttribute('href')).toBe('/#news');
		for (const category of NEWS_CATEGORIES) {
			expect(await news.getByRole('link', { name: category, exact: true }).getAttribute('href')).toBe(
				categoryLink('news', category),
			);
		}
		await mainNav(page).getByRole('button', { name: 'Education' }).click();
		const education = page.locator('#menu-education');
		await expect.poll(() => education.isVisible()).toBe(true);
		expect(await news.isVisible()).toBe(false);
		expect(await education.getByRole('link', { name: 'All Education' }).getAttribute('href')).toBe(
			'/#education',
		);
		for (const category of EDUCATION_CATEGORIES) {
			expect(await education.getByRole('link', { name: category, exact: true }).getAttribute('href')).toBe(
				categoryLink('education', category),
			);
		}
	});

	it('opens a category menu from the keyboard and closes it with Escape', async ({ newPage }) => {
		const page = await open(newPage, '/');
		const button = mainNav(page).getByRole('button', { name: 'News' });
		await button.focus();
		await page.keyboard.press('ArrowDown');
		await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
		await expect
			.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
			.toBe('All News');
		await page.keyboard.press('ArrowDown');
		await expect
			.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
			.toBe(NEWS_CATEGORIES[0]);
		await page.keyboard.press('Escape');
		await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
		expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('News');
	});

	it('shows a signed-in user their menu without the Editor Dashboard link', async ({ server, newPage }) => {
		const user = await register(server, 'shell-user@example.com', 'shell_user');
		const page = await open(newPage, '/', { as: user });
		// The button's name reads as words: the hidden "Account menu for" keeps its space.
		await page.getByRole('button', { name: 'Account menu for shell_user' }).first().click();
		const menu = page.locator('#menu-user');
		await expect.poll(() => menu.innerText()).toContain('shell-user@example.com');
		expect(await menu.getByRole('link', { name: 'Profile' }).isVisible()).toBe(true);
		expect(await menu.getByRole('link', { name: 'Editor Dashboard' }).isVisible()).toBe(false);
		expect(await page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(false);
	});

	it('shows an editor the Editor Dashboard link', async ({ server, newPage }) => {
		const editor = await register(server, 'shell-editor@example.com', 'shell_editor', 'editor');
		const page = await open(newPage, '/', { as: editor });
		await page
			.getByRole('button', { name: /shell_editor/ })
			.first()
			.click();
		const link = page.locator('#menu-user').getByRole('link', { name: 'Editor Dashboard' });
		await expect.poll(() => link.isVisible()).toBe(true);
		expect(await link.getAttribute('href')).toBe('/editor-dashboard');
	});
});

describe('mobile side panel', () => {
	it('repeats the links and categories, traps focus and closes with Escape', async ({ newPage }) => {
		const page = await open(newPage, '/', { mobile: true });
		expect(await mainNav(page).isVisible()).toBe(false);
		await page.getByRole('button', { name: /menu/i }).first().click();
		const panel = page.getByRole('dialog');
		await expect.poll(() => panel.isVisible()).toBe(true);
		const mobileNav = panel.getByRole('navigation', { name: 'Mobile' });
		for (const name of ['Platforms', 'Compare', 'Podcast', 'All News', 'All Education', ...NEWS_CATEGORIES]) {
			expect(await mobileNav.getByRole('link', { name, exact: true }).count(), name).toBeGreaterThan(0);
		}
		await expect.poll(() => panel.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
		for (let i = 0; i < 40; i += 1) await page.keyboard.press('Tab');
		expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
		await page.keyboard.press('Escape');
		await expect.poll(() => panel.isVisible()).toBe(false);
	});
});

describe('footer', () => {
	it('links to every section and static page, and to social profiles', async ({ newPage }) => {
		const page = await open(newPage, '/');
		const footer = page.locator('footer');
		const hrefs = await footer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
		for (const href of [
			'/#platforms',
			'/#news',
			'/podcast',
			'/about',
			'/contact',
			'/privacy-policy',
			'/terms-of-service',
			'/rss',
		]) {
			expect(hrefs).toContain(href);
		}
		expect(hrefs.filter((href) => href?.startsWith('https://')).length).toBeGreaterThanOrEqual(2);
	});
});

describe('404 and route protection', () => {
	it('answers an unknown path with the 404 screen and status', async ({ server, newPage }) => {
		const { page } = await newPage();
		const response = await page.goto('/no/such/page');
		expect(response?.status()).toBe(404);
		await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Page Not Found');
		// Text beside a link on its own source line keeps its space.
		expect(await page.getByText('Or explore').innerText()).toBe('Or explore Platforms and the Podcast.');
		await page.getByRole('link', { name: 'Back to Home' }).click();
		await page.waitForURL(`${server.url}/`);
	});

	it('sends visitors straight to /auth', async ({ server, newPage }) => {
		const { page } = await newPage();
		const asked: string[] = [];
		page.on('request', (request) => {
			if (request.url().endsWith('/api/user')) asked.push(request.url());
		});
		const response = await page.goto('/profile');
		// The server answers the redirect (the island's guard is for a session that ends later).
		expect(response?.request().redirectedFrom()?.url()).toBe(`${server.url}/profile`);
		expect(new URL(page.url()).pathname).toBe('/auth');
		// Without the signed-in hint cookie no page asks the server who the visitor is.
		expect(asked).toEqual([]);
	});

	it('shows the centred spinner while the session loads, then the protected page', async ({
		server,
		newPage,
	}) => {
		const account = await register(server, 'shell-spinner@example.com', 'shell_spinner');
		const { page, context } = await newPage();
		await signInAs(context, account.email, account.password);
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		await page.route('**/api/user', async (route) => {
			await held;
			await route.continue();
		});
		await page.goto('/profile');
		await expect
			.poll(() =>
				page
					.getByRole('status')
					.filter({ hasText: /loading/i })
					.first()
					.isVisible(),
			)
			.toBe(true);
		release();
		await expect.poll(() => page.getByTestId('profile-username').innerText()).toBe('shell_spinner');
	});
});

describe('toasts', () => {
	it('shows one toast at a time, and F8 moves focus to the notifications', async ({ newPage }) => {
		const page = await open(newPage, '/auth');
		for (const attempt of [1, 2]) {
			await page.getByLabel('Email').fill(`nobody${attempt}@example.com`);
			await page.getByLabel('Password', { exact: true }).fill('wrong-password');
			await page.getByRole('button', { name: 'Sign In', exact: true }).click();
			await expect.poll(() => page.locator('#toast-root li[data-state="open"]').count()).toBe(1);
		}
		await page.keyboard.press('F8');
		await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#toast-root'))).toBe(true);
	});
});
