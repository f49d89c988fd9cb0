/**
 * The profile's Change Password form says what is wrong beside the field it is about, not only
 * in a toast: empty fields, a confirmation that differs, a new password under 6 characters and a
 * wrong current password (the server names that field). Each message is the field's description
 * (aria-describedby), the field is marked invalid and focused, and the message goes once the
 * field changes. At desktop and phone width, with axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { hydrated } from '../support/platform-helpers';

const it = browserTest({ seed: true });

const CURRENT = '#profile-current-password';
const NEW = '#profile-new-password';
const CONFIRM = '#profile-confirm-password';

/** The field's accessible description (its aria-describedby text), '' when none. */
function description(page: Page, selector: string): Promise<string> {
	return page.locator(selector).evaluate((field) =>
		(field.getAttribute('aria-describedby') ?? '')
			.split(' ')
			.map((id) => document.getElementById(id)?.textContent ?? '')
			.join(' ')
			.trim(),
	);
}

const invalid = (page: Page, selector: string) => page.locator(selector).getAttribute('aria-invalid');
const focused = (page: Page) => page.evaluate(() => `#${document.activeElement?.id}`);

describe('change password: errors beside the fields', () => {
	for (const mobile of [false, true]) {
		it(`shows each refusal at its field (${mobile ? 'phone' : 'desktop'})`, async ({ newPage }) => {
			const { page } = await newPage({ as: 'user', mobile });
			await page.goto('/profile');
			await hydrated(page);
			const submit = page.getByRole('button', { name: 'Update Password' });

			await submit.click();
			for (const field of [CURRENT, NEW, CONFIRM]) {
				await expect.poll(() => description(page, field)).toBe('All fields required');
				expect(await invalid(page, field)).toBe('true');
			}
			expect(await focused(page)).toBe(CURRENT);
			await expectNoAxeViolations(page, mobile ? 'phone' : 'desktop');

			await page.locator(CURRENT).fill('not-the-password');
			expect(await description(page, CURRENT)).toBe('');
			expect(await invalid(page, CURRENT)).toBeNull();
			await page.locator(NEW).fill('abcdef1');
			await page.locator(CONFIRM).fill('abcdef2');
			await submit.click();
			await expect.poll(() => description(page, CONFIRM)).toBe("Passwords don't match");
			expect(await focused(page)).toBe(CONFIRM);

			await page.locator(NEW).fill('abc');
			await page.locator(CONFIRM).fill('abc');
			await submit.click();
			await expect.poll(() => description(page, NEW)).toBe('Password must be at least 6 characters long.');
			expect(await invalid(page, NEW)).toBe('true');

			await page.locator(NEW).fill('brand-new-pass');
			await page.locator(CONFIRM).fill('brand-new-pass');
			await submit.click();
			await expect.poll(() => description(page, CURRENT)).toBe('Current password is incorrect.');
			expect(await invalid(page, CURRENT)).toBe('true');
			expect(await focused(page)).toBe(CURRENT);
			await expectNoAxeViolations(page, mobile ? 'phone' : 'desktop');
		});
	}
});
