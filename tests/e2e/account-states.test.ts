/**
 * What the account screens say about states kept on the server, after a reload too: an email
 * change waiting for its link (with resend and cancel) on the profile.
 */
import { describe, expect } from 'vitest';
import { signInAs } from '../support/browser';
import { browserTest } from '../support/browser-test';
import { expectToast } from '../support/dashboard-helpers';
import { hydrated, registerAccount } from '../support/platform-helpers';

const it = browserTest();

describe('profile: an email change waiting for its link', () => {
	it.for([false, true])(
		'shows after a reload, resends and cancels (mobile: %s)',
		async (mobile, { server, newPage }) => {
			const account = await registerAccount(server, 'mover');
			const { page, context } = await newPage({ mobile });
			await signInAs(context, account.email, account.password);
			const newEmail = `moved-${account.email}`;
			const asked = await context.request.put('/api/profile/email', {
				data: { email: newEmail, currentPassword: account.password },
				headers: { origin: server.url },
			});
			expect(asked.status()).toBe(200);

			// A fresh load of the page, as after a reload or on another day.
			await page.goto('/profile');
			await hydrated(page);
			const notice = page.getByRole('region', { name: 'Email change waiting for confirmation' });
			await expect.poll(() => notice.innerText().catch(() => '')).toContain(newEmail);
			expect(await notice.innerText()).toContain(`Your email stays ${account.email} until you open it.`);

			await notice.getByRole('button', { name: 'Resend link' }).click();
			await expectToast(page, `We sent a new confirmation link to ${newEmail}.`);

			await notice.getByRole('button', { name: 'Cancel change' }).click();
			await expectToast(page, `The change to ${newEmail} is cancelled. Your email stays ${account.email}.`);
			await notice.waitFor({ state: 'detached' });
			await page.reload();
			await hydrated(page);
			await page.getByRole('heading', { name: 'Change Email' }).waitFor();
			expect(await page.getByText('Email change waiting for confirmation').count()).toBe(0);
		},
	);

	it('appears as soon as a change is asked for in the form', async ({ server, newPage }) => {
		const account = await registerAccount(server, 'asker');
		const { page, context } = await newPage();
		await signInAs(context, account.email, account.password);
		await page.goto('/profile');
		await hydrated(page);
		const newEmail = `asked-${account.email}`;
		await page.getByLabel('New Email').fill(newEmail);
		await page.locator('#profile-email-password').fill(account.password);
		await page.getByRole('button', { name: 'Update Email' }).click();
		const notice = page.getByRole('region', { name: 'Email change waiting for confirmation' });
		await expect.poll(() => notice.innerText().catch(() => '')).toContain(newEmail);
	});
});
