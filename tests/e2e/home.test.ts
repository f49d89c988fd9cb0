/**
 * Browser tests of the home page: the generated default lists, the News and
 * Education filters kept in the URL, the header's category links, the View All links to the archives and
 * the newsletter band. Expected lists come from the public API, so the tests follow the seed.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrateIslands } from '../support/browser';
import { browserTest, type NewPage } from '../support/browser-test';
import type { TestServer } from '../support/server';
import { registerAccount } from '../support/platform-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

type ListedArticle = { id: number; slug: string; title: string; category: string };

async function api<T>(server: TestServer, path: string): Promise<T> {
	const response = await fetch(server.url + path);
	expect(response.status).toBe(200);
	return (await response.json()) as T;
}

const titlesOf = (articles: ListedArticle[]) => articles.map((article) => article.title);

/** Opens a page and waits until the section's island has hydrated (Astro drops `ssr`). */
async function openHome(newPage: NewPage, path = '/', sections: string[] = ['news']): Promise<Page> {
	const { page } = await newPage();
	await page.goto(path);
	await hydrateIslands(page);
	for (const section of sections) await page.locator(`#${section} astro-island:not([ssr])`).first().waitFor();
	return page;
}

function cardTitles(page: Page, section: string) {
	return page.locator(`#${section} article h3`).allInnerTexts();
}

function toastText(page: Page) {
	return page.locator('#toast-root li').last().innerText();
}

function param(page: Page, name: string) {
	return new URL(page.url()).searchParams.get(name);
}

describe('first paint', () => {
	it('serves the generated page with the six newest articles of each section', async ({
		server,
		newPage,
	}) => {
		const [news, education] = await Promise.all([
			api<ListedArticle[]>(server, '/api/news?limit=6'),
			api<ListedArticle[]>(server, '/api/education?limit=6'),
		]);
		const response = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
		expect(response.headers.get('etag')).toBeTruthy();
		expect(response.headers.get('content-encoding')).toBe('br');
		const html = await response.text();
		const newsLinks = [...html.matchAll(/href="\/news\/([a-z0-9-]+)"/g)].map((match) => match[1]);
		const educationLinks = [...html.matchAll(/href="\/education\/([a-z0-9-]+)"/g)].map((match) => match[1]);
		expect(newsLinks).toEqual(news.map((article) => article.slug));
		expect(educationLinks).toEqual(education.map((article) => article.slug));

		const page = await openHome(newPage, '/', []);
		expect(await cardTitles(page, 'news')).toEqual(titlesOf(news));
		expect(await cardTitles(page, 'education')).toEqual(titlesOf(education));
		// Ages are refreshed in the browser: the stored HTML carries absolute dates.
		await expect.poll(() => page.locator('#news article time').first().innerText()).toMatch(/ago|just now/);
		const firstCard = page.locator('#news article').first();
		expect(await firstCard.getByText(/\d+ min read/).count()).toBe(1);
		expect(await firstCard.locator('ul[aria-label="Tags"] li').count()).toBeLessThanOrEqual(3);
		expect(await firstCard.getByRole('link').getAttribute('href')).toBe(`/news/${news[0]!.slug}`);
		expect(await page.locator('#platforms a[href^="/platforms/"]').count()).toBe(3);
	});
});

describe('news filters', () => {
	it('narrows the list by search, keeps it in the URL and after a reload', async ({ server, newPage }) => {
		const expected = await api<ListedArticle[]>(server, '/api/news?search=clean&limit=6');
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(6);
		const page = await openHome(newPage);
		await page.locator('#news-search').fill('clean');
		await expect.poll(() => cardTitles(page, 'news')).toEqual(titlesOf(expected));
		await expect.poll(() => param(page, 'newsSearch')).toBe('clean');

		// The server renders the address's filters: the list is right before the island loads.
		await page.reload();
		await expect.poll(() => cardTitles(page, 'news')).toEqual(titlesOf(expected));
		expect(await page.locator('#news-search').inputValue()).toBe('clean');
	});

	it('filters by category', async ({ server, newPage }) => {
		const expected = await api<ListedArticle[]>(server, '/api/news?category=Platform%20Updates&limit=6');
		expect(expected.length).toBeGreaterThan(0);
		const page = await openHome(newPage);
		await page.locator('#news-category').selectOption('Platform Updates');
		await expect.poll(() => cardTitles(page, 'news')).toEqual(titlesOf(expected));
		const badges = await page.locator('#news article span.rounded-full').allInnerTexts();
		expect(new Set(badges)).toEqual(new Set(['Platform Updates']));
		expect(param(page, 'newsCategory')).toBe('Platform Updates');
		// Both category lists are offered: the header's sectors and the editors' topics.
		const options = await page.locator('#news-category option').allInnerTexts();
		expect(options[0]).toBe('All News');
		expect(options).toEqual(expect.arrayContaining(['Grocery', 'Ad-Tech', 'Case Studies', 'Trends']));
	});

	it('sorts by title A→Z first, the order control appearing only once a sort is chosen', async ({
		server,
		newPage,
	}) => {
		const [desc, asc] = await Promise.all([
			api<ListedArticle[]>(server, '/api/news?sortBy=title&sortOrder=desc&limit=6'),
			api<ListedArticle[]>(server, '/api/news?sortBy=title&sortOrder=asc&limit=6'),
		]);
		const page = await openHome(newPage);
		expect(await page.locator('#news-order').count()).toBe(0);
		await page.locator('#news-sort').selectOption('title');
		expect(await page.locator('#news-order').inputValue()).toBe('asc');
		await expect.poll(() => cardTitles(page, 'news')).toEqual(titlesOf(asc));
		expect(param(page, 'newsSort')).toBe('title');
		expect(param(page, 'newsOrder')).toBeNull(); // A→Z is the sort's default
		await page.locator('#news-order').selectOption({ label: 'Z-A' });
		await expect.poll(() => cardTitles(page, 'news')).toEqual(titlesOf(desc));
		expect(titlesOf(asc)).not.toEqual(titlesOf(desc));
		expect(param(page, 'newsOrder')).toBe('desc');

		// A shared link with the order comes back as it was.
		const shared = await openHome(newPage, '/?newsSort=title&newsOrder=desc#news');
		expect(await shared.locator('#news-order').inputValue()).toBe('desc');
		await expect.poll(() => cardTitles(shared, 'news')).toEqual(titlesOf(desc));

		await page.locator('#news-sort').selectOption('');
		expect(await page.locator('#news-order').count()).toBe(0);
		await expect.poll(() => param(page, 'newsSort')).toBeNull();
		expect(param(page, 'newsOrder')).toBeNull();
	});

	it('names a search that found nothing and clears it with one button, in both sections', async ({
		newPage,
	}) => {
		const page = await openHome(newPage, '/', ['news', 'education']);
		for (const section of ['news', 'education']) {
			const list = page.getByTestId(`${section}-list`);
			const before = await cardTitles(page, section);
			expect(before.length).toBeGreaterThan(0);
			await page.locator(`#${section}-search`).fill('zzzz');
			await expect.poll(() => list.innerText()).toContain("No results for 'zzzz'");
			expect(await list.innerText()).not.toContain('available at the moment');
			expect(await list.locator('article').count()).toBe(0);
			await list.getByRole('button', { name: 'Clear search' }).click();
			await expect.poll(() => cardTitles(page, section)).toEqual(before);
			expect(await page.locator(`#${section}-search`).inputValue()).toBe('');
			expect(await page.locator(`#${section}-search`).evaluate((box) => box === document.activeElement)).toBe(
				true,
			);
			await expect.poll(() => param(page, `${section}Search`)).toBeNull();
		}
	});
});

describe('header category links', () => {
	it('lands on home with the News category applied, scrolled to #news, and survives a reload', async ({
		server,
		newPage,
	}) => {
		const expected = await api<ListedArticle[]>(server, '/api/news?category=Grocery&limit=6');
		expect(expected.length).toBeGreaterThan(0);
		const page = await openHome(newPage, '/podcast', []);
		await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'News' }).click();
		await page.locator('#menu-news').getByRole('link', { name: 'Grocery' }).click();
		await page.waitForURL(
			(url) => url.pathname === '/' && url.searchParams.get('newsCategory') === 'Grocery',
		);
		expect(new URL(page.url()).hash).toBe('#news');
		// The server renders the category's list, and the browser scrolls to the anchor.
		await expect.poll(() => page.locator('#news-category').inputValue()).toBe('Grocery');
		await expect.poll(() => cardTitles(page, 'news')).toEqual(titlesOf(expected));
		await expect
			.poll(() => page.locator('#news-heading').evaluate((el) => el.getBoundingClientRect().top))
			.toBeLessThan(200);

		await page.reload();
		await expect.poll(() => cardTitles(page, 'news')).toEqual(titlesOf(expected));
		expect(await page.locator('#news-category').inputValue()).toBe('Grocery');
	});

	it('applies an Education category from the header', async ({ server, newPage }) => {
		const expected = await api<ListedArticle[]>(server, '/api/education?category=For%20Data%20Teams&limit=6');
		expect(expected.length).toBeGreaterThan(0);
		const page = await openHome(newPage, '/', ['education']);
		await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Education' }).click();
		await page.locator('#menu-education').getByRole('link', { name: 'For Data Teams' }).click();
		await page.waitForURL((url) => url.searchParams.get('educationCategory') === 'For Data Teams');
		await expect.poll(() => cardTitles(page, 'education')).toEqual(titlesOf(expected));
		expect(await page.locator('#education-category').inputValue()).toBe('For Data Teams');
		// The News list is untouched.
		expect(await cardTitles(page, 'news')).toHaveLength(6);
	});
});

describe('buttons and newsletter', () => {
	it('leads View All News and View All Resources to the archives', async ({ newPage }) => {
		const page = await openHome(newPage, '/', ['news', 'education']);
		await page.getByRole('link', { name: 'View All News' }).click();
		await page.waitForURL((url) => url.pathname === '/news');
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('News');
		await page.goBack();
		await page.getByRole('link', { name: 'View All Resources' }).click();
		await page.waitForURL((url) => url.pathname === '/education');
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Education');
	});

	it('asks for an email, then mails a visitor a link to confirm', async ({ newPage }) => {
		const page = await openHome(newPage, '/', []);
		const band = page.locator('#newsletter');
		expect(await band.innerText()).toContain('15,000+');
		await band.scrollIntoViewIfNeeded();
		await band.locator('astro-island:not([ssr])').waitFor();
		await band.getByRole('button', { name: 'Subscribe' }).click();
		await expect.poll(() => toastText(page)).toContain('Email required');
		expect(await toastText(page)).toContain('Please enter your email address');

		await band.getByLabel('Email address').fill('visitor@example.com');
		await band.getByRole('button', { name: 'Subscribe' }).click();
		await expect
			.poll(() => toastText(page))
			.toContain("we're mailing it a link to confirm your subscription");
		expect(await toastText(page)).toContain('Check your inbox');
	});

	it.for([false, true])(
		'shows a signed-in reader their own state: one click subscribes the account (mobile: %s)',
		async (mobile, { server, newPage }) => {
			const account = await registerAccount(server, mobile ? 'bandphone' : 'banddesk');
			const { context, page } = await newPage({ mobile, as: account });
			await page.goto('/#newsletter');
			const band = page.locator('#newsletter');
			// Opened at the band, it loads its code when the reader acts on it, not before.
			expect(await band.locator('astro-island').getAttribute('ssr')).not.toBeNull();
			await band.locator('astro-island').hover();
			const state = band.getByTestId('newsletter-band-account');
			await state.waitFor();
			// No email field whose value would be ignored: the account's address is the one used.
			expect(await band.getByLabel('Email address').count()).toBe(0);
			expect(await state.innerText()).toContain(account.email);
			const subscribed = page.waitForResponse((response) =>
				response.url().endsWith('/api/newsletter/subscribe'),
			);
			await state.getByRole('button', { name: 'Subscribe' }).click();
			expect((await subscribed).status()).toBe(200);
			await expect.poll(() => toastText(page)).toContain('Subscribed!');
			expect(await toastText(page)).toContain('You are subscribed to our newsletter.');
			await expect.poll(() => state.innerText()).toContain("You're subscribed");
			expect(await state.getByRole('link', { name: 'Manage your subscription' }).getAttribute('href')).toBe(
				'/profile',
			);
			const after = await (await context.request.get('/api/user')).json();
			expect(after.isNewsletterSubscribed).toBe(true);

			// And so it says on the next visit, before anything is pressed.
			await page.goto('/#newsletter');
			await band.locator('astro-island').hover();
			await expect
				.poll(() => band.getByTestId('newsletter-band-account').innerText())
				.toContain("You're subscribed");
			expect(await band.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
		},
	);
});

describe('the browser console', () => {
	it('has no warning about the Permissions-Policy on the pages a reader opens', async ({ newPage }) => {
		for (const mobile of [false, true]) {
			const { page } = await newPage({ mobile });
			const warnings: string[] = [];
			page.on('console', (message) => {
				if (/feature|permissions.policy/i.test(message.text())) warnings.push(message.text());
			});
			for (const path of ['/', '/platforms', '/podcast', '/auth']) {
				await page.goto(path);
				await page.waitForLoadState('load');
			}
			expect(warnings).toEqual([]);
		}
	});
});
