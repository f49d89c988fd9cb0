/**
 * Switching dashboard tabs with unsaved work asks its question once per attempt: a click on a
 * tab is one choice (its focus and its click do not each ask), on the Pages and Newsletter tabs,
 * on a phone and a desktop.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserTest } from '../support/browser-test';
import { warnsBeforeLeaving } from '../support/dashboard-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

/** Dismisses every question the page asks and records it. */
function countQuestions(page: Page): string[] {
	const asked: string[] = [];
	page.on('dialog', (dialog) => {
		asked.push(dialog.message());
		void dialog.dismiss();
	});
	return asked;
}

/** Clicks a tab, then lets any second question arrive before the caller counts. */
async function clickTab(page: Page, name: string): Promise<void> {
	await page.getByRole('tab', { name, exact: true }).click();
	// A question after the first would come within the same gesture; a round trip through the
	// page after it is enough for it to have been asked.
	await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('one question per refused tab switch', () => {
	it.for([false, true])('on the Pages tab (mobile: %s)', async (mobile, { newPage }) => {
		const { page } = await newPage({ as: 'editor', mobile });
		await page.goto('/editor-dashboard?tab=pages');
		await page.getByRole('button').filter({ hasText: '/about' }).click();
		await page.getByRole('heading', { name: /^Editing: / }).waitFor();
		await page.getByLabel('Title', { exact: true }).fill('Unsaved title');
		await expect.poll(() => warnsBeforeLeaving(page)).toBe(true);

		const asked = countQuestions(page);
		await clickTab(page, 'News');
		expect(asked).toEqual(['You have unsaved changes. Discard them?']);
		expect(await page.getByRole('tab', { name: 'Pages' }).getAttribute('aria-selected')).toBe('true');
		expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Unsaved title');

		// Asking again asks again, once.
		await clickTab(page, 'Users');
		expect(asked).toHaveLength(2);
	});

	it.for([false, true])('on the Newsletter tab (mobile: %s)', async (mobile, { newPage }) => {
		const { page } = await newPage({ as: 'editor', mobile });
		await page.goto('/editor-dashboard?tab=newsletter');
		await page.getByLabel('Subject').fill('Half-written briefing');
		await expect.poll(() => warnsBeforeLeaving(page)).toBe(true);

		const asked = countQuestions(page);
		await clickTab(page, 'Overview');
		expect(asked).toEqual(['You have unsaved changes. Discard them?']);
		expect(await page.getByRole('tab', { name: 'Newsletter' }).getAttribute('aria-selected')).toBe('true');
		expect(await page.getByLabel('Subject').inputValue()).toBe('Half-written briefing');
	});

	it('the arrow keys still select the next tab, asking once when the work is unsaved', async ({
		newPage,
	}) => {
		const { page } = await newPage({ as: 'editor' });
		await page.goto('/editor-dashboard?tab=users');
		await page.getByRole('heading', { name: 'Users', level: 2 }).waitFor();
		await page.getByRole('tab', { name: 'Users', exact: true }).focus();
		await page.keyboard.press('ArrowRight');
		await expect
			.poll(() => page.getByRole('tab', { name: 'Newsletter' }).getAttribute('aria-selected'))
			.toBe('true');
		await page.getByLabel('Subject').fill('Half-written briefing');
		await expect.poll(() => warnsBeforeLeaving(page)).toBe(true);
		const asked = countQuestions(page);
		await page.getByRole('tab', { name: 'Newsletter' }).focus();
		await page.keyboard.press('ArrowLeft');
		await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
		expect(asked).toHaveLength(1);
		expect(await page.getByRole('tab', { name: 'Newsletter' }).getAttribute('aria-selected')).toBe('true');
	});
});
