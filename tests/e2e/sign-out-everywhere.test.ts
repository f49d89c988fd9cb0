/**
 * "Sign out everywhere" in the profile: one click ends every session of the account, in this
 * browser and in any other, and lands on the home page signed out.
 */
import { expect } from 'vitest';
import { gotoHydrated } from '../support/browser';
import { browserTest, signIn } from '../support/browser-test';

const it = browserTest();

it('ends every session of the account, this one too, and goes home signed out', async ({ newPage }) => {
	const account = {
		email: 'everywhere@example.com',
		username: 'everywhere_user',
		password: 'pass-everywhere-1',
	};
	const { context, page } = await newPage();
	const registered = await context.request.post('/api/register', { data: account });
	expect(registered.status()).toBe(201);
	// The same account signed in on another device.
	const other = await newPage();
	await signIn(other.context, account);
	expect((await other.context.request.get('/api/user')).status()).toBe(200);

	await gotoHydrated(page, '/profile');
	await expect.poll(() => page.getByTestId('profile-username').innerText()).toBe(account.username);
	const button = page.getByRole('button', { name: 'Sign out everywhere' });
	await expect.poll(() => button.isVisible()).toBe(true);
	await button.click();

	await expect.poll(() => new URL(page.url()).pathname).toBe('/');
	await expect.poll(() => page.locator('#toast-root').innerText()).toContain('Signed out everywhere');
	expect((await context.request.get('/api/user')).status()).toBe(401);
	expect((await other.context.request.get('/api/user')).status()).toBe(401);
	// Back on the profile, the server sends the visitor to sign in.
	await page.goto('/profile');
	expect(new URL(page.url()).pathname).toBe('/auth');
});
