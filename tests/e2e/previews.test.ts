/**
 * Sharing a draft before it goes out, as an editor and as the colleague who gets the link: the
 * dashboard's "Share preview" on a draft shows a link in a dialog; opened in a browser that is
 * signed out, the link shows the draft as its page will look, under the preview band; once the
 * draft is deleted the link shows "Preview Not Found". At 1280 and 390 px, with axe.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { axeBuilder } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { articleBody } from '../support/content-fixtures';
import { episodeBody } from '../support/episode-fixtures';
import { browse, expectToast, openDashboard } from '../support/dashboard-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

/** A new news draft, written through the editor's session. */
async function newDraft(context: BrowserContext, title: string): Promise<number> {
	const answer = await context.request.post('/api/news', {
		data: articleBody({ title, content: 'The **launch plan**, not public yet.', isPublished: false }),
	});
	expect(answer.status()).toBe(201);
	return ((await answer.json()) as { id: number }).id;
}

describe('preview links', () => {
	for (const mobile of [false, true]) {
		it(`an editor shares a draft, a signed-out colleague reads it, and the link dies with the draft (${mobile ? '390 px' : 'desktop'})`, {
			timeout: 120_000,
		}, async ({ server, browser }) => {
			const { context, page } = await openDashboard(browser, server, 'news');
			if (mobile) await page.setViewportSize({ width: 390, height: 844 });
			const title = `Preview draft ${mobile ? 'phone' : 'desk'} ${Date.now()}`;
			const id = await newDraft(context, title);
			await page.reload();
			await page.getByLabel('Search news').fill(title);
			const card = page.getByTestId('article-card').filter({ hasText: title });
			await card.getByRole('button', { name: `Share preview of ${title}` }).click();

			const dialog = page.getByRole('dialog', { name: 'Preview link' });
			await dialog.waitFor();
			const link = dialog.getByLabel('Link');
			await expect.poll(() => link.inputValue()).toMatch(/\/preview\?token=[a-z2-7]{32}$/);
			const url = await link.inputValue();
			await expect.poll(() => dialog.innerText()).toContain('without signing in');
			expect((await axeBuilder(page).include('[role="dialog"]').analyze()).violations).toEqual([]);
			await page.keyboard.press('Escape');
			await dialog.waitFor({ state: 'detached' });

			// Published articles have nothing to preview: the button is on drafts only.
			const published = page.getByTestId('article-card').filter({ has: page.getByText('Published') });
			await page.getByLabel('Search news').fill('');
			await published.first().waitFor();
			expect(
				await published
					.first()
					.getByRole('button', { name: /^Share preview of/ })
					.count(),
			).toBe(0);

			const visitor = await browse(browser, server, undefined, { mobile });
			const { pathname, search } = new URL(url);
			const shown = await visitor.page.goto(pathname + search);
			expect(shown?.status()).toBe(200);
			await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
			await visitor.page.getByTestId('preview-ribbon').waitFor();
			expect(await visitor.page.getByText('launch plan').count()).toBe(1);
			expect(await visitor.page.locator('meta[name="robots"][content="noindex"]').count()).toBe(1);
			expect((await axeBuilder(visitor.page).analyze()).violations).toEqual([]);

			// The draft is still not public.
			const direct = await visitor.page.goto(`/news/${id}`);
			expect(direct?.status()).toBe(404);

			const removed = await context.request.delete(`/api/news/${id}`);
			expect(removed.status()).toBe(200);
			const gone = await visitor.page.goto(pathname + search);
			expect(gone?.status()).toBe(404);
			await visitor.page.getByRole('heading', { name: 'Preview Not Found' }).waitFor();
			expect(await visitor.page.getByText(title).count()).toBe(0);
		});
	}

	it('a draft episode is shared from the Podcast tab and shows as its /podcast card', {
		timeout: 120_000,
	}, async ({ server, browser }) => {
		const { context, page } = await openDashboard(browser, server, 'podcast');
		const title = `Preview episode ${Date.now()}`;
		const created = await context.request.post('/api/podcasts', {
			data: episodeBody({ title, isPublished: false }),
		});
		expect(created.status()).toBe(201);
		await page.reload();
		const card = page.getByTestId('episode-card').filter({ hasText: title });
		await card.getByRole('button', { name: `Share preview of ${title}` }).click();
		const link = page.getByRole('dialog', { name: 'Preview link' }).getByLabel('Link');
		await expect.poll(() => link.inputValue()).toMatch(/\/preview\?token=/);
		const { pathname, search } = new URL(await link.inputValue());

		const visitor = await browse(browser, server);
		expect((await visitor.page.goto(pathname + search))?.status()).toBe(200);
		await visitor.page.getByRole('heading', { name: title }).waitFor();
		await visitor.page.getByTestId('preview-ribbon').waitFor();
		expect((await axeBuilder(visitor.page).analyze()).violations).toEqual([]);

		// Revoked from the dialog (issue 42, F-11): the link shows nothing any more.
		await page
			.getByRole('dialog', { name: 'Preview link' })
			.getByRole('button', { name: 'Revoke link' })
			.click();
		await expectToast(page, 'Preview link revoked');
		expect((await visitor.page.goto(pathname + search))?.status()).toBe(404);
	});
});
