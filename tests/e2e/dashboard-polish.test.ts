/**
 * The dashboard's finish, in the browser: focus goes back to what opened a dialog, typed work
 * is not thrown away without asking, lists refresh after a conflict, server field errors show
 * at the field, the article lists' status filter, total, page numbers and URL, drafts on their
 * real page, and the Comments tab's Pending view and named buttons.
 */
import { describe, expect } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import { COMMUNITY_PASSWORD } from '../../scripts/seed/users';
import { browserTest } from '../support/browser-test';
import {
	browse,
	expectToast,
	getJson,
	openDashboard,
	USER,
	warnsBeforeLeaving,
} from '../support/dashboard-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

/** The accessible name (aria-label, else text) of the focused element. */
function focusedName(page: Page): Promise<string> {
	return page.evaluate(() => {
		const el = document.activeElement as HTMLElement | null;
		if (!el || el === document.body) return '<body>';
		return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
	});
}

/**
 * Answers the next browser confirm() and records its question. Fails after the actions' own
 * timeout, naming what should have asked, rather than waiting until the whole test times out.
 */
function answerNextConfirm(page: Page, accept: boolean, after: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			page.off('dialog', answer);
			reject(new Error(`no question was asked after ${after}`));
		}, 30_000);
		function answer(dialog: Dialog) {
			clearTimeout(timer);
			// Settled only once the answer reached the page: until then the page is inside
			// confirm(), and a click sent meanwhile may never reach it.
			(accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(dialog.message()), reject);
		}
		page.once('dialog', answer);
	});
}

/** Fails the test if the page asks anything (confirm/alert) meanwhile. */
function refuseQuestions(page: Page): string[] {
	const asked: string[] = [];
	page.on('dialog', (dialog) => {
		asked.push(dialog.message());
		void dialog.dismiss();
	});
	return asked;
}

describe('focus returns to what opened a dialog', () => {
	it('Edit, Delete (cancelled), Change Password and Ban give focus back to their button', {
		timeout: 90_000,
	}, async ({ server, browser }) => {
		const { page } = await openDashboard(browser, server, 'news');
		const card = page.getByTestId('article-card').first();
		const title = (await card.getByRole('heading').innerText()).trim();

		await card.getByRole('button', { name: `Edit ${title}` }).click();
		await page.getByRole('dialog', { name: 'Edit News Article' }).waitFor();
		await page.keyboard.press('Escape');
		await page.getByRole('dialog').waitFor({ state: 'detached' });
		await expect.poll(() => focusedName(page)).toBe(`Edit ${title}`);

		// Opened from the keyboard, closed with Cancel.
		await card.getByRole('button', { name: `Delete ${title}` }).focus();
		await page.keyboard.press('Enter');
		const confirm = page.getByRole('dialog', { name: 'Delete news article' });
		await confirm.getByRole('button', { name: 'Cancel' }).click();
		await confirm.waitFor({ state: 'detached' });
		await expect.poll(() => focusedName(page)).toBe(`Delete ${title}`);
		// The next Tab moves on from there, not to "Skip to content". Focus comes back after the
		// dialog is gone (in a later frame), so each check waits for it rather than reading it once.
		await page.keyboard.press('Tab');
		expect(await focusedName(page)).not.toMatch(/skip to content/i);

		await page.getByRole('tab', { name: 'Users', exact: true }).click();
		const row = page.getByTestId('user-row').filter({ hasText: USER.email });
		const username = (await row.locator('span.font-semibold').innerText()).trim();
		await row.getByRole('button', { name: `Change password of ${username}` }).click();
		const password = page.getByRole('dialog', { name: 'Change Password' });
		await password.getByRole('button', { name: 'Close' }).click();
		await password.waitFor({ state: 'detached' });
		await expect.poll(() => focusedName(page)).toBe(`Change password of ${username}`);

		await row.getByRole('button', { name: `Ban ${username}` }).click();
		const ban = page.getByRole('dialog', { name: 'Ban User' });
		await page.keyboard.press('Escape');
		await ban.waitFor({ state: 'detached' });
		await expect.poll(() => focusedName(page)).toBe(`Ban ${username}`);
	});

	it('after a deletion (the button is gone) focus goes to the panel, not to <body>', {
		timeout: 90_000,
	}, async ({ server, browser }) => {
		const { page, context } = await openDashboard(browser, server, 'platforms');
		const name = `Focus Platform ${Date.now()}`;
		const created = await context.request.post('/api/admin/platforms', {
			data: { name, category: 'Display', description: 'd', pricing: 'p' },
		});
		expect(created.status(), await created.text()).toBe(201);
		await page.reload();
		const row = page.getByTestId('platform-row').filter({ hasText: name });
		await row.getByRole('button', { name: `Delete ${name}` }).click();
		const dialog = page.getByRole('dialog', { name: 'Delete platform' });
		await dialog.getByRole('button', { name: 'Delete Platform' }).click();
		await row.waitFor({ state: 'detached' });
		await expect
			.poll(() => page.evaluate(() => document.activeElement?.closest('section')?.id ?? '<none>'))
			.not.toBe('<none>');
		expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
	});
});

describe('unsaved work', () => {
	it('the article dialog asks before Escape, a click outside or Cancel throws typed text away', {
		timeout: 90_000,
	}, async ({ server, browser }) => {
		const { page } = await openDashboard(browser, server, 'news');
		await page.getByRole('button', { name: 'Add News Article' }).click();
		const dialog = page.getByRole('dialog', { name: 'Add News Article' });
		// Nothing typed: closing asks nothing.
		const asked = refuseQuestions(page);
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await dialog.waitFor({ state: 'detached' });
		expect(asked).toEqual([]);
		page.removeAllListeners('dialog');

		await page.getByRole('button', { name: 'Add News Article' }).click();
		await dialog.getByLabel('Title').fill('Half-written thoughts');
		// The form holds the typed text as unsaved work before anything tries to close it.
		await expect.poll(() => warnsBeforeLeaving(page)).toBe(true);
		let question = answerNextConfirm(page, false, 'Escape');
		await page.keyboard.press('Escape');
		expect(await question).toBe('You have unsaved changes. Discard them?');
		expect(await dialog.getByLabel('Title').inputValue()).toBe('Half-written thoughts');

		question = answerNextConfirm(page, false, 'a click outside');
		await page.mouse.click(5, 5); // the overlay, outside the dialog
		await question;
		expect(await dialog.isVisible()).toBe(true);

		question = answerNextConfirm(page, false, 'Cancel');
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await question;
		expect(await dialog.getByLabel('Title').inputValue()).toBe('Half-written thoughts');

		// Leaving the page warns too while the text is unsaved.
		expect(await warnsBeforeLeaving(page)).toBe(true);

		question = answerNextConfirm(page, true, 'Cancel (then yes)');
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await question;
		await dialog.waitFor({ state: 'detached' });
		expect(await warnsBeforeLeaving(page)).toBe(false);
	});

	it('the platform dialog asks before discarding an edit', { timeout: 90_000 }, async ({
		server,
		browser,
	}) => {
		const { page } = await openDashboard(browser, server, 'platforms');
		const first = page.getByTestId('platform-row').first();
		const name = (await first.getByRole('rowheader').innerText()).trim();
		await first.getByRole('button', { name: `Edit ${name}` }).click();
		const dialog = page.getByRole('dialog', { name: 'Edit Platform' });
		await dialog.getByLabel('Pricing').fill('Changed pricing');
		await expect.poll(() => warnsBeforeLeaving(page)).toBe(true);
		const question = answerNextConfirm(page, false, 'Escape');
		await page.keyboard.press('Escape');
		await question;
		expect(await dialog.getByLabel('Pricing').inputValue()).toBe('Changed pricing');
		// Undoing the change makes it clean again: no question.
		const original = (await getJson(page.context(), '/api/platforms')).body.find(
			(p: { name: string }) => p.name === name,
		).pricing;
		await dialog.getByLabel('Pricing').fill(original);
		const asked = refuseQuestions(page);
		await page.keyboard.press('Escape');
		await dialog.waitFor({ state: 'detached' });
		expect(asked).toEqual([]);
	});

	it('the Pages tab asks before another page, another tab or View Site drops the edit', {
		timeout: 90_000,
	}, async ({ server, browser }) => {
		const { page } = await openDashboard(browser, server, 'pages');
		const list = page.locator('ul').filter({ has: page.getByText('/about') });
		await list.getByRole('button').filter({ hasText: '/about' }).click();
		await page.getByRole('heading', { name: /^Editing: / }).waitFor();
		const heading = await page.getByRole('heading', { name: /^Editing: / }).innerText();
		await page.getByLabel('Title', { exact: true }).fill('Unsaved title');
		await expect.poll(() => warnsBeforeLeaving(page)).toBe(true);

		let question = answerNextConfirm(page, false, 'picking another page');
		await list.getByRole('button').filter({ hasText: '/contact' }).click();
		await question;
		expect(await page.getByRole('heading', { name: /^Editing: / }).innerText()).toBe(heading);
		expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Unsaved title');

		question = answerNextConfirm(page, false, 'picking another tab');
		await page.getByRole('tab', { name: 'News', exact: true }).click();
		await question;
		expect(page.url()).toMatch(/\?tab=pages$/);
		expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Unsaved title');

		question = answerNextConfirm(page, false, 'View Site');
		await page.getByRole('link', { name: 'View Site' }).click();
		await question;
		expect(page.url()).toMatch(/\?tab=pages$/);

		// Yes to View Site leaves without the page's own warning asking a second time.
		question = answerNextConfirm(page, true, 'View Site (then yes)');
		await page.getByRole('link', { name: 'View Site' }).click();
		await question;
		await page.waitForURL(`${server.url}/`);
	});
});

describe('stale lists after a conflict', () => {
	it('deleting a platform another editor already deleted removes the stale row', { timeout: 90_000 }, async ({
		server,
		browser,
	}) => {
		const { page, context } = await openDashboard(browser, server, 'platforms');
		const name = `Gone Platform ${Date.now()}`;
		const created = await context.request.post('/api/admin/platforms', {
			data: { name, category: 'Display', description: 'd', pricing: 'p' },
		});
		const { id } = await created.json();
		await page.reload();
		const row = page.getByTestId('platform-row').filter({ hasText: name });
		await row.waitFor();
		// Another editor deletes it meanwhile.
		expect((await context.request.delete(`/api/admin/platforms/${id}`)).status()).toBe(200);
		await row.getByRole('button', { name: `Delete ${name}` }).click();
		await page
			.getByRole('dialog', { name: 'Delete platform' })
			.getByRole('button', { name: 'Delete Platform' })
			.click();
		await expectToast(page, 'Failed to delete platform');
		await row.waitFor({ state: 'detached' });
	});

	it('approving a comment another editor already approved refreshes the Pending list', {
		timeout: 90_000,
	}, async ({ server, browser }) => {
		const author = await browse(browser, server, {
			email: 'aisha.bello@example.com',
			password: COMMUNITY_PASSWORD,
		});
		const { body: platforms } = await getJson(author.context, '/api/platforms?limit=1');
		const text = `Approved twice ${Date.now()}`;
		const posted = await author.context.request.post(`/api/platforms/${platforms[0].id}/comments`, {
			data: { comment: text },
		});
		const { id } = await posted.json();
		const { page, context } = await openDashboard(browser, server, 'comments');
		const item = page.getByTestId('comment-item').filter({ hasText: text });
		await item.waitFor();
		const moderated = await context.request.patch(`/api/admin/comments/${id}/moderate`, {
			data: { status: 'approved' },
		});
		expect(moderated.status()).toBe(200);
		await item.getByRole('button', { name: /^Approve / }).click();
		await expectToast(page, 'Failed to moderate comment');
		await item.waitFor({ state: 'detached' });
	});
});

describe('server field errors show at the field', () => {
	it('marks the platform field the server refused and says why under it, without a toast', {
		timeout: 90_000,
	}, async ({ server, browser }) => {
		const { page } = await openDashboard(browser, server, 'platforms');
		const first = page.getByTestId('platform-row').first();
		const name = (await first.getByRole('rowheader').innerText()).trim();
		await first.getByRole('button', { name: `Edit ${name}` }).click();
		const dialog = page.getByRole('dialog', { name: 'Edit Platform' });
		const website = dialog.getByLabel('Website URL');
		await website.fill('ftp://example.com');
		await dialog.getByRole('button', { name: 'Update Platform' }).click();
		await expect.poll(() => website.getAttribute('aria-invalid')).toBe('true');
		const describedBy = await website.getAttribute('aria-describedby');
		const message = await page.locator(`[id="${describedBy}"]`).innerText();
		expect(message).toContain('Website URL must start with http:// or https://.');
		await expect.poll(() => website.evaluate((el) => el === document.activeElement)).toBe(true);
		expect(await page.locator('#toast-root li').count()).toBe(0);
	});
});

describe('article lists', () => {
	it('filters by status, shows the total and page numbers, and keeps the page in the URL', {
		timeout: 90_000,
	}, async ({ server, browser }) => {
		const { page, context } = await openDashboard(browser, server, 'education');
		// Enough drafts for two pages of drafts.
		for (let i = 0; i < 12; i += 1) {
			const answer = await context.request.post('/api/education', {
				data: {
					title: `Paged draft ${i}`,
					excerpt: 'e',
					content: 'c',
					category: 'For Brands',
					isPublished: false,
				},
			});
			expect(answer.status(), await answer.text()).toBe(201);
		}
		const all = (await getJson(context, '/api/education/all')).body as { isPublished: boolean }[];
		const drafts = all.filter((a) => !a.isPublished).length;
		await page.reload();
		await page.getByTestId('article-total').getByText(`${all.length} articles`).waitFor();

		await page.getByLabel('Status').selectOption({ label: 'Drafts' });
		await page.waitForURL(/[?&]status=draft/);
		await page.getByTestId('article-total').getByText(`${drafts} articles`).waitFor();
		const pager = page.getByRole('navigation', { name: 'Education articles pages' });
		await pager.getByRole('button', { name: 'Page 2' }).click();
		await page.waitForURL(/[?&]page=2/);
		// The address changes first; the pager marks its page when the list has rendered.
		await expect
			.poll(() => pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'))
			.toBe('page');
		await pager.getByText(`Showing 11-${Math.min(20, drafts)} of ${drafts}`).waitFor();
		const cards = page.getByTestId('article-card');
		await expect.poll(() => cards.filter({ hasText: 'Published' }).count()).toBe(0);

		// A reload (or a shared link) opens the same filter and page.
		await page.reload();
		await pager.getByText(`Showing 11-${Math.min(20, drafts)} of ${drafts}`).waitFor();
		expect(await page.getByLabel('Status').inputValue()).toBe('draft');

		// Another tab starts clean.
		await page.getByRole('tab', { name: 'News', exact: true }).click();
		await page.waitForURL(/\?tab=news$/);
	});

	it('"View on site" opens a draft on its real page for the editor; others get 404', {
		timeout: 90_000,
	}, async ({ server, browser }) => {
		const { page, context } = await openDashboard(browser, server, 'news');
		const title = `Draft to view ${Date.now()}`;
		const created = await context.request.post('/api/news', {
			data: {
				title,
				excerpt: 'e',
				content: 'Draft body',
				category: 'Industry News',
				isPublished: false,
			},
		});
		const { id, slug } = await created.json();
		await page.reload();
		const card = page.getByTestId('article-card').filter({ hasText: title });
		const link = card.getByRole('link', { name: `View on site: ${title}` });
		expect(await link.getAttribute('href')).toBe(`/news/${slug}`);
		await link.click();
		await page.waitForURL(`${server.url}/news/${slug}`);
		await page.getByRole('heading', { name: title, level: 1 }).waitFor();
		await page.getByTestId('draft-notice').waitFor();

		for (const account of [undefined, USER]) {
			const other = await browse(browser, server, account);
			const response = await other.page.goto(`/news/${id}`);
			expect(response?.status()).toBe(404);
			expect(await other.page.getByText(title).count()).toBe(0);
		}
	});
});

describe('Comments tab', () => {
	it('opens on Pending with the pending count; each button names its comment', { timeout: 90_000 }, async ({
		server,
		browser,
	}) => {
		const author = await browse(browser, server, {
			email: 'aisha.bello@example.com',
			password: COMMUNITY_PASSWORD,
		});
		const { body: platforms } = await getJson(author.context, '/api/platforms?limit=1');
		const posted = await author.context.request.post(`/api/platforms/${platforms[0].id}/comments`, {
			data: { comment: `Waiting for review ${Date.now()}` },
		});
		expect(posted.status()).toBe(201);
		const { page, context } = await openDashboard(browser, server, 'comments');
		const { body } = await getJson(context, '/api/admin/comments?status=pending&limit=1');
		expect(body.total).toBeGreaterThan(0);
		expect(await page.getByLabel('Status').inputValue()).toBe('pending');
		await page.getByTestId('pending-count').getByText(`${body.total} pending`).waitFor();
		const items = page.getByTestId('comment-item');
		{
			await items.first().waitFor();
			await expect.poll(() => items.filter({ hasText: 'Approved' }).count()).toBe(0);
			const item = items.first();
			const text = (await item.locator('p.whitespace-pre-line').innerText()).trim();
			const author = (await item.locator('span.font-semibold').innerText()).trim();
			for (const action of ['Approve', 'Reject', 'Delete']) {
				const label = await item
					.getByRole('button', { name: action, exact: false })
					.getAttribute('aria-label');
				expect(label).toContain(`${action} comment by ${author}`);
				expect(label).toContain(text.slice(0, 20));
			}
		}
	});
});
