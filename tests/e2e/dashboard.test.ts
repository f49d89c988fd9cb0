/**
 * The editor dashboard in the browser: who may open it, the Overview and site
 * generation, the tab kept in the URL, and the News, Education and Pages tabs end to end, with
 * the result checked on the public site once the pages are generated again.
 * Platforms, Comments and Users are in dashboard-admin.test.ts.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDateTime } from '@/lib/format';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { SEED_USERS } from '../../scripts/seed/users';
import {
	EDITOR,
	USER,
	browse,
	confirmDialog,
	expectToast,
	getJson,
	openDashboard,
	publicPage,
} from '../support/dashboard-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

describe('who may open the dashboard', () => {
	it('sends a visitor home', async ({ server, browser }) => {
		const { page } = await browse(browser, server);
		await page.goto('/editor-dashboard');
		await page.waitForURL(`${server.url}/`);
	});

	it('sends a signed-in ordinary user home', async ({ server, browser }) => {
		const { page } = await browse(browser, server, USER);
		await page.goto('/editor-dashboard');
		await page.waitForURL(`${server.url}/`);
	});

	it("shows 'Loading dashboard...' while the session loads, then the editor's welcome", async ({
		server,
		browser,
	}) => {
		const { page } = await browse(browser, server, EDITOR);
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		await page.route('**/api/user', async (route) => {
			await held;
			await route.continue();
		});
		await page.goto('/editor-dashboard');
		await page.getByRole('status').getByText('Loading dashboard...').waitFor();
		release();
		await page.getByRole('heading', { name: 'Editor Dashboard', level: 1 }).waitFor();
		expect(await page.getByText(`Welcome, ${EDITOR.username}`).isVisible()).toBe(true);
		expect(await page.getByRole('link', { name: 'View Site' }).getAttribute('href')).toBe('/');
		const robots = await page.locator('meta[name="robots"]').getAttribute('content');
		expect(robots).toBe('noindex');
	});

	it('shows Access Denied on /admin/platforms to a user, and sends a visitor to /auth', async ({
		server,
		browser,
	}) => {
		const user = await browse(browser, server, USER);
		await user.page.goto('/admin/platforms');
		await user.page.getByRole('heading', { name: 'Access Denied' }).waitFor();
		expect(await user.page.getByText("You don't have permission to access this page.").isVisible()).toBe(
			true,
		);
		expect(await user.page.getByRole('button', { name: 'Add Platform' }).count()).toBe(0);

		const visitor = await browse(browser, server);
		await visitor.page.goto('/admin/platforms');
		await visitor.page.waitForURL((url) => url.pathname === '/auth');
	});

	it('shows the platform panel on /admin/platforms to the editor', async ({ server, browser }) => {
		const { page } = await browse(browser, server, EDITOR);
		await page.goto('/admin/platforms');
		await page.getByRole('heading', { name: 'Manage Platforms' }).waitFor();
		await page.getByRole('button', { name: 'Add Platform' }).waitFor();
		await page.getByTestId('platform-row').filter({ hasText: 'Amazon Ads' }).waitFor();
	});
});

describe('tabs', () => {
	it('keeps the active tab in the URL across a reload, and Back returns to the previous one', async ({
		server,
		browser,
	}) => {
		const { page } = await openDashboard(browser, server);
		await page.getByRole('tab', { name: 'News', exact: true }).click();
		await page.waitForURL(/\?tab=news$/);
		await page.getByRole('heading', { name: 'News Articles' }).waitFor();
		await page.reload();
		await page.getByRole('heading', { name: 'News Articles' }).waitFor();
		expect(await page.getByRole('tab', { name: 'News', exact: true }).getAttribute('aria-selected')).toBe(
			'true',
		);
		await page.getByRole('tab', { name: 'Users', exact: true }).click();
		await page.waitForURL(/\?tab=users$/);
		await page.goBack();
		await page.waitForURL(/\?tab=news$/);
		await page.getByRole('heading', { name: 'News Articles' }).waitFor();
	});

	it('moves between tabs with the arrow keys', async ({ server, browser }) => {
		const { page } = await openDashboard(browser, server);
		await page.getByRole('tab', { name: 'Overview', exact: true }).focus();
		await page.keyboard.press('ArrowRight');
		await page.waitForURL(/\?tab=platforms$/);
		expect(
			await page
				.getByRole('tab', { name: 'Platforms', exact: true })
				.evaluate((el) => el === document.activeElement),
		).toBe(true);
		await page.getByRole('heading', { name: 'Platforms', level: 2 }).waitFor();
	});

	it('walks every tab', async ({ server, browser }) => {
		const { page } = await openDashboard(browser, server);
		const headings: [string, string][] = [
			['Overview', 'Overview'],
			['Platforms', 'Platforms'],
			['News', 'News Articles'],
			['Education', 'Education Articles'],
			['Pages', 'Pages'],
			['Comments', 'Comments'],
			['Users', 'Users'],
		];
		for (const [tab, heading] of headings) {
			await page.getByRole('tab', { name: tab, exact: true }).click();
			await page.getByRole('heading', { name: heading, level: 2, exact: true }).waitFor();
		}
	});
});

describe('Overview', () => {
	it('shows the counts the API reports, each named for what it counts', async ({ server, browser }) => {
		const { page, context } = await openDashboard(browser, server);
		const { body: counts } = await getJson(context, '/api/admin/overview');
		const { body: platforms } = await getJson<{ isRecommended: boolean }[]>(
			context,
			'/api/platforms?limit=100',
		);
		const { body: news } = await getJson<{ isPublished: boolean }[]>(context, '/api/news/all?limit=100');
		const { body: education } = await getJson<unknown[]>(context, '/api/education/all?limit=100');
		expect(counts).toMatchObject({
			platforms: platforms.length,
			articles: news.length,
			published: news.filter((a) => a.isPublished).length,
			featured: platforms.filter((p) => p.isRecommended).length,
			education: education.length,
		});
		expect(counts.education).toBeGreaterThan(0);
		const labels = {
			platforms: 'Platforms',
			articles: 'News articles',
			published: 'Published news',
			featured: 'Featured platforms',
			education: 'Education articles',
			pendingComments: 'Pending comments',
			reportedReviews: 'Reported reviews',
		};
		expect(Object.keys(counts).sort()).toEqual(Object.keys(labels).sort());
		for (const [key, label] of Object.entries(labels)) {
			const tile = page.locator('div', { has: page.getByTestId(`count-${key}`) }).last();
			await expect.poll(() => page.getByTestId(`count-${key}`).innerText()).toBe(String(counts[key]));
			expect(await tile.locator('dt').innerText()).toBe(label);
		}
		await expectNoAxeViolations(page, 'the Overview at 1280 px');
		await page.setViewportSize({ width: 390, height: 844 });
		expect(await page.getByTestId('count-reportedReviews').isVisible()).toBe(true);
		await expectNoAxeViolations(page, 'the Overview at 390 px');
	});

	it('rebuilds the site and shows the new generation time', { timeout: 90_000 }, async ({
		server,
		browser,
	}) => {
		const before = await server.siteIdle();
		const { page } = await openDashboard(browser, server);
		const status = page.getByTestId('generation-status');
		// The server's pages are copies (tests/support/templates.ts) until it generates any itself.
		const shown = before.lastSuccessAt ? formatDateTime(before.lastSuccessAt) : 'Never';
		await expect.poll(() => status.innerText()).toContain(shown);
		await page.getByRole('button', { name: 'Rebuild site' }).click();
		await expectToast(page, 'Site rebuild started');
		await status.getByText('Running').waitFor();
		expect(await page.getByRole('button', { name: 'Rebuild site' }).isDisabled()).toBe(true);
		// The full generation starts after a short coalescing pause, so wait for its result.
		let after = await server.siteIdle();
		await expect
			// biome-ignore lint/suspicious/noAssignInExpressions: keeps the last status read for the checks below
			.poll(async () => (after = await server.siteIdle()).lastSuccessAt)
			.not.toBe(before.lastSuccessAt);
		// The island polls every 2 s while the generation runs, then shows the result.
		await expect.poll(() => status.innerText()).toContain('Up to date');
		expect(await status.innerText()).toContain(formatDateTime(after.lastSuccessAt!));
	});
});

/** The article form of the open dialog. */
async function fillArticle(
	page: Page,
	values: {
		title?: string;
		excerpt?: string;
		content?: string;
		category?: string;
		readTime?: string;
		tags?: string;
	},
) {
	const dialog = page.getByRole('dialog');
	if (values.title !== undefined) await dialog.getByLabel('Title').fill(values.title);
	if (values.excerpt !== undefined) await dialog.getByLabel('Excerpt').fill(values.excerpt);
	if (values.content !== undefined)
		await dialog.getByRole('textbox', { name: 'Content' }).fill(values.content);
	if (values.category !== undefined) await dialog.getByLabel('Category').selectOption(values.category);
	if (values.readTime !== undefined) await dialog.getByLabel('Read time (minutes)').fill(values.readTime);
	if (values.tags !== undefined) await dialog.getByLabel('Tags').fill(values.tags);
}

const KINDS = [
	{ kind: 'news', label: 'News', category: 'Market Analysis' },
	{ kind: 'education', label: 'Education', category: 'For Retailers' },
] as const;

describe.each(KINDS)('$label tab', ({ kind, label, category }) => {
	it('validates the form, previews markdown, then creates a draft, publishes, edits and deletes it', async ({
		server,
		browser,
	}) => {
		const { page, context } = await openDashboard(browser, server, kind);
		await page.getByRole('heading', { name: `${label} Articles` }).waitFor();
		await page.getByRole('button', { name: `Add ${label} Article` }).click();
		const dialog = page.getByRole('dialog', { name: `Add ${label} Article` });
		await dialog.waitFor();

		// The form's own rules refuse it before anything is sent.
		await dialog.getByRole('button', { name: 'Create Article' }).click();
		for (const message of [
			'Title is required.',
			'Excerpt is required.',
			'Content is required.',
			'Category is required.',
		]) {
			await dialog.getByText(message).waitFor();
		}
		expect(await dialog.getByLabel('Title').evaluate((el) => el === document.activeElement)).toBe(true);
		await fillArticle(page, { readTime: '61' });
		await dialog.getByRole('button', { name: 'Create Article' }).click();
		await dialog.getByText('Read time must be between 1 and 60 minutes.').waitFor();

		// Write / Preview: the server's markdown pipeline.
		await dialog.getByRole('tab', { name: 'Preview', exact: true }).click();
		await dialog.getByText('Start typing in the Write tab to see the preview...').waitFor();
		await dialog.getByRole('tab', { name: 'Write', exact: true }).click();
		const title = `E2E ${label} ${Date.now()}`;
		await fillArticle(page, {
			title,
			excerpt: 'Written by the browser test.',
			content:
				'## Measured lift\n\nSome **bold** words and a [link](https://example.com).\n\n<script>window.hacked = 1</script>',
			category,
			readTime: '',
			tags: 'alpha, beta,, gamma , delta',
		});
		await dialog.getByRole('tab', { name: 'Preview', exact: true }).click();
		const preview = dialog.getByTestId(`${kind}-article-content-preview`);
		await preview.locator('h2', { hasText: 'Measured lift' }).waitFor();
		expect(await preview.locator('strong').innerText()).toBe('bold');
		expect(await preview.locator('a').getAttribute('href')).toBe('https://example.com');
		expect(await preview.locator('script').count()).toBe(0);
		expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();

		// Create as a draft (Publish off): not on the public site.
		expect(await dialog.getByRole('switch', { name: 'Publish' }).getAttribute('aria-checked')).toBe('false');
		await dialog.getByRole('button', { name: 'Create Article' }).click();
		await expectToast(page, `${label} article created`);
		await dialog.waitFor({ state: 'detached' });
		const card = page.getByTestId('article-card').filter({ hasText: title });
		await card.waitFor();
		expect(await card.innerText()).toMatch(/Draft/);
		expect(await card.innerText()).toContain('5 min read');
		// Cards name the author by the display name the demo editor has.
		const editorName = SEED_USERS.find((user) => user.email === EDITOR.email)!.displayName!;
		expect(await card.innerText()).toContain(`by ${editorName}`);
		expect(await card.innerText()).toContain('+1 more');
		const { body: found } = await getJson(context, `/api/${kind}/all?search=${encodeURIComponent(title)}`);
		const article = found.find((a: { title: string }) => a.title === title);
		expect(article).toMatchObject({
			isPublished: false,
			readTime: 5,
			tags: ['alpha', 'beta', 'gamma', 'delta'],
			category,
		});
		await server.siteIdle();
		expect((await publicPage(server, `/${kind}/${article.id}`)).status).toBe(404);

		// Edit: new title and Publish on; the public page appears.
		await card.getByRole('button', { name: `Edit ${title}` }).click();
		const edit = page.getByRole('dialog', { name: `Edit ${label} Article` });
		expect(await edit.getByLabel('Title').inputValue()).toBe(title);
		const newTitle = `${title} (edited)`;
		await edit.getByLabel('Title').fill(newTitle);
		await edit.getByRole('switch', { name: 'Publish' }).click();
		await edit.getByRole('button', { name: 'Update Article' }).click();
		await expectToast(page, `${label} article updated`);
		const editedCard = page.getByTestId('article-card').filter({ hasText: newTitle });
		await editedCard.getByText('Published', { exact: true }).waitFor();
		await server.siteIdle();
		const published = await publicPage(server, `/${kind}/${article.id}`);
		expect(published.status).toBe(200);
		expect(published.html).toContain(newTitle);
		expect(published.html).toContain('Measured lift');

		// Delete after the confirmation; the public page is gone.
		await editedCard.getByRole('button', { name: `Delete ${newTitle}` }).click();
		const confirm = page.getByRole('dialog', { name: `Delete ${label.toLowerCase()} article` });
		expect(await confirm.innerText()).toContain(
			`Are you sure you want to delete "${newTitle}"? This action cannot be undone.`,
		);
		await confirmDialog(page, `Delete ${label.toLowerCase()} article`, 'Delete');
		await expectToast(page, `${label} article deleted`);
		await editedCard.waitFor({ state: 'detached' });
		await server.siteIdle();
		expect((await publicPage(server, `/${kind}/${article.id}`)).status).toBe(404);
	});

	it('searches through the API and shows the server message when a save fails', async ({
		server,
		browser,
	}) => {
		const { page, context } = await openDashboard(browser, server, kind);
		const { body: all } = await getJson(context, `/api/${kind}/all?limit=100`);
		const target = all[all.length - 1];
		const word = target.title.split(/\s+/).find((w: string) => w.length > 5) ?? target.title;
		await page.getByLabel(`Search ${label.toLowerCase()} articles`).fill(word.toUpperCase());
		const { body: expected } = await getJson(
			context,
			`/api/${kind}/all?search=${encodeURIComponent(word)}&limit=11`,
		);
		await expect.poll(() => page.getByTestId('article-card').count()).toBe(Math.min(expected.length, 10));
		await page.getByTestId('article-card').filter({ hasText: target.title }).waitFor();

		// The server refuses an image URL the form lets through: its message shows at the field.
		await page.getByRole('button', { name: `Edit ${target.title}` }).click();
		const edit = page.getByRole('dialog', { name: `Edit ${label} Article` });
		await edit.getByLabel('Featured image URL').fill('javascript:alert(1)');
		await edit.getByRole('button', { name: 'Update Article' }).click();
		await edit.getByText('Image URL must be an http(s) URL or a path starting with /.').waitFor();
		expect(await edit.getByLabel('Featured image URL').getAttribute('aria-invalid')).toBe('true');
		expect(await edit.isVisible()).toBe(true);
	});
});

describe('Pages tab', () => {
	it('asks to select a page first, then edits About Us, resets, saves and shows it on /about', async ({
		server,
		browser,
	}) => {
		const { page } = await openDashboard(browser, server, 'pages');
		await page.getByRole('heading', { name: 'Pages', level: 2 }).waitFor();
		await page.getByRole('button', { name: 'Save Page' }).click();
		await expectToast(page, 'Please select a page to edit');

		const about = page.getByRole('button', { name: /About Us/ });
		// The path readers use (the about-us page lives at /about; /about-us is a 404).
		expect(await about.innerText()).toMatch(/\n\/about\n[\s\S]*Last modified by/);
		expect(await about.innerText()).not.toContain('/about-us');
		await about.click();
		const title = page.getByLabel('Title');
		// The editor fills in once the page is chosen: wait for it rather than read it once.
		await expect.poll(() => title.inputValue()).toBe('About Us');
		await title.fill('Something else');
		await page.getByRole('button', { name: 'Reset' }).click();
		expect(await title.inputValue()).toBe('About Us');

		const marker = `Edited by the dashboard test ${Date.now()}`;
		await title.fill('About Retail Media Hub');
		const content = page.getByRole('textbox', { name: 'Content' });
		await content.fill(`## Our mission\n\n${marker}`);
		await page.getByRole('button', { name: 'Save Page' }).click();
		await expectToast(page, 'Success', 'Page updated successfully!');
		await page
			.getByRole('button', { name: /About Retail Media Hub/ })
			.getByText(`Last modified by ${EDITOR.username}`)
			.waitFor();

		await server.siteIdle();
		const { status, html } = await publicPage(server, '/about');
		expect(status).toBe(200);
		expect(html).toContain('About Retail Media Hub');
		expect(html).toContain(marker);
	});

	it('shows the server message when saving fails', async ({ server, browser }) => {
		const { page } = await openDashboard(browser, server, 'pages');
		await page.getByRole('button', { name: /Contact/ }).click();
		await page.route('**/api/pages/contact', (route) =>
			route.request().method() === 'PUT'
				? route.fulfill({
						status: 500,
						contentType: 'application/json',
						body: JSON.stringify({ message: 'Disk full' }),
					})
				: route.continue(),
		);
		await page.getByRole('button', { name: 'Save Page' }).click();
		await expectToast(page, 'Error', 'Disk full');
	});
});
