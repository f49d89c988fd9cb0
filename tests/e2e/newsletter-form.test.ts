/**
 * The Newsletter tab's form keeps typed work and says what is missing where it is missing:
 * switching tabs (or leaving the page) with unsaved text asks first, as the article dialog does,
 * and Send checks the subject and content at the fields before the confirmation opens.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserTest, type NewPage } from '../support/browser-test';
import { warnsBeforeLeaving } from '../support/dashboard-helpers';

const it = browserTest({ seed: true });

const DISCARD_QUESTION = 'You have unsaved changes. Discard them?';

/**
 * Answers the dashboard's "discard unsaved changes?" question, whether the browser's confirm()
 * or a dialog of the page asks it.
 */
async function answerDiscardQuestion(page: Page, accept: boolean): Promise<void> {
	const native = new Promise<'native'>((resolve, reject) =>
		page.once('dialog', (dialog) => {
			expect(dialog.message()).toBe(DISCARD_QUESTION);
			// Settled once the answer reached the page: until then it is inside confirm(), and
			// the caller's next action may never reach it.
			(accept ? dialog.accept() : dialog.dismiss()).then(() => resolve('native'), reject);
		}),
	);
	const question = page
		.getByRole('alertdialog')
		.or(page.getByRole('dialog'))
		.filter({ hasText: DISCARD_QUESTION });
	const inPage = question.waitFor().then(() => 'page' as const);
	if ((await Promise.race([native, inPage])) === 'page') {
		if (accept) await question.getByRole('button', { name: /discard/i }).click();
		else await page.keyboard.press('Escape');
		await question.waitFor({ state: 'detached' });
	}
}

async function openNewsletter(newPage: NewPage, mobile: boolean) {
	const { page } = await newPage({ as: 'editor', mobile });
	await page.goto('/editor-dashboard?tab=newsletter');
	await page.getByRole('heading', { name: 'Newsletter', level: 2, exact: true }).waitFor();
	await page
		.getByText('No issues yet.')
		.or(page.getByRole('list', { name: 'Newsletter issues' }))
		.waitFor();
	return page;
}

describe('Newsletter form', () => {
	it.for([false, true])(
		'asks before typed work is dropped by switching tabs or leaving (mobile: %s)',
		async (mobile, { newPage }) => {
			const page = await openNewsletter(newPage, mobile);
			const subject = `Half-written briefing (${mobile ? 'phone' : 'desktop'})`;
			expect(await warnsBeforeLeaving(page)).toBe(false);
			await page.getByLabel('Subject').fill(subject);
			await page.locator('#newsletter-content').fill('Some words worth keeping.');
			expect(await warnsBeforeLeaving(page)).toBe(true);

			// Keeping the work stays on the tab with the text as typed.
			const answered = answerDiscardQuestion(page, false);
			await page.getByRole('tab', { name: 'News', exact: true }).click();
			await answered;
			expect(await page.getByRole('tab', { name: 'Newsletter' }).getAttribute('aria-selected')).toBe('true');
			expect(await page.getByLabel('Subject').inputValue()).toBe(subject);
			expect(await page.locator('#newsletter-content').inputValue()).toBe('Some words worth keeping.');

			// Saving makes it safe to leave without a question.
			await page.getByRole('button', { name: 'Save draft' }).click();
			await page.getByRole('list', { name: 'Newsletter issues' }).getByText(subject).waitFor();
			await expect.poll(() => warnsBeforeLeaving(page)).toBe(false);

			// Changed again, discarding leaves for the other tab.
			await page.locator('#newsletter-content').fill('Changed after saving.');
			expect(await warnsBeforeLeaving(page)).toBe(true);
			const discarded = answerDiscardQuestion(page, true);
			await page.getByRole('tab', { name: 'News', exact: true }).click();
			await discarded;
			await expect
				.poll(() => page.getByRole('tab', { name: 'News', exact: true }).getAttribute('aria-selected'))
				.toBe('true');
			expect(await warnsBeforeLeaving(page)).toBe(false);
		},
	);

	it.for([false, true])(
		'says at the fields what is missing before Send opens the confirmation (mobile: %s)',
		async (mobile, { newPage }) => {
			const page = await openNewsletter(newPage, mobile);
			await page.getByRole('button', { name: 'Send…' }).click();
			const subject = page.getByLabel('Subject');
			const content = page.locator('#newsletter-content');
			await expect.poll(() => subject.getAttribute('aria-invalid')).toBe('true');
			expect(await page.locator('#newsletter-subject-error').innerText()).toBe('Subject is required.');
			expect(await content.getAttribute('aria-invalid')).toBe('true');
			expect(await page.locator('#newsletter-content-error').innerText()).toBe('Content is required.');
			await expect.poll(() => subject.evaluate((el) => el === document.activeElement)).toBe(true);
			expect(await page.getByRole('dialog', { name: 'Send this issue' }).count()).toBe(0);

			// Filling a field clears its message; with both filled, Send asks for confirmation.
			await subject.fill('Ready to go');
			expect(await page.locator('#newsletter-subject-error').count()).toBe(0);
			expect(await page.locator('#newsletter-content-error').innerText()).toBe('Content is required.');
			await page.getByRole('button', { name: 'Send…' }).click();
			await expect.poll(() => content.evaluate((el) => el === document.activeElement)).toBe(true);
			expect(await page.getByRole('dialog', { name: 'Send this issue' }).count()).toBe(0);
			await content.fill('The body.');
			await page.getByRole('button', { name: 'Send…' }).click();
			const dialog = page.getByRole('dialog', { name: 'Send this issue' });
			await dialog.getByText('"Ready to go" will go to').waitFor();
		},
	);
});
