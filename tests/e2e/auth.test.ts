/**
 * Browser tests of the account screens, driven through the UI as a person would:
 * sign up, sign in, sign out, profile changes and a full password reset by mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gotoHydrated, launchBrowser, newPage } from '../setup/browser';
import { startServer, type TestServer } from '../setup/server';
import { startSmtp } from '../setup/smtp';

let server: TestServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let counter = 0;

function newAccount() {
	counter += 1;
	return { email: `e2e${counter}@example.com`, username: `e2e_user${counter}`, password: `pass-${counter}-word` };
}

async function open(path: string, mobile = false): Promise<Page> {
	const { page } = await newPage(browser, server.url, { mobile });
	await gotoHydrated(page, path);
	return page;
}

/** The one toast on screen (SPEC 9: at most one at a time). */
function toastRegion(page: Page) {
	return page.locator('#toast-root li').last();
}

async function signUp(page: Page, account: ReturnType<typeof newAccount>, confirm = account.password) {
	await gotoHydrated(page, '/auth');
	await page.getByRole('tab', { name: 'Sign Up' }).click();
	await page.getByLabel('Email').fill(account.email);
	await page.getByLabel('Username').fill(account.username);
	await page.getByLabel('Password', { exact: true }).fill(account.password);
	await page.getByLabel('Confirm Password').fill(confirm);
	await page.getByRole('button', { name: 'Create Account' }).click();
}

async function signIn(page: Page, email: string, password: string) {
	await gotoHydrated(page, '/auth');
	await page.getByLabel('Email').fill(email);
	await page.getByLabel('Password', { exact: true }).fill(password);
	await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

beforeAll(async () => {
	smtp = await startSmtp();
	[server, browser] = await Promise.all([
		startServer({ env: { SMTP_URL: smtp.url } }),
		launchBrowser(),
	]);
});

afterAll(async () => {
	await browser?.close();
	await server?.stop();
	await smtp?.close();
});

describe('sign up', () => {
	it('creates the account, signs in and shows the success toast on the home page', async () => {
		const account = newAccount();
		const page = await open('/auth');
		await signUp(page, account);
		await page.waitForURL(`${server.url}/`);
		await expect.poll(() => toastRegion(page).innerText()).toContain('Account created successfully!');
		await expect.poll(() => page.getByRole('button', { name: new RegExp(account.username) }).first().isVisible()).toBe(true);
	});

	it('alerts when the passwords do not match and sends nothing', async () => {
		const account = newAccount();
		const page = await open('/auth');
		const alerts: string[] = [];
		page.on('dialog', (dialog) => {
			alerts.push(dialog.message());
			void dialog.accept();
		});
		await signUp(page, account, 'something-else');
		await expect.poll(() => alerts).toEqual(["Passwords don't match"]);
		const login = await fetch(`${server.url}/api/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ email: account.email, password: account.password }),
		});
		expect(login.status).toBe(401);
	});

	it('shows the server message when the email is taken', async () => {
		const account = newAccount();
		const first = await open('/auth');
		await signUp(first, account);
		await first.waitForURL(`${server.url}/`);
		const page = await open('/auth');
		await signUp(page, { ...account, username: `${account.username}b` });
		await expect.poll(() => toastRegion(page).innerText()).toContain('Registration failed');
		expect(await toastRegion(page).innerText()).toContain('An account with this email already exists.');
	});
});

describe('sign in and out', () => {
	it('refuses a wrong password with the Login failed toast', async () => {
		const page = await open('/auth');
		await signIn(page, 'nobody@example.com', 'wrong-password');
		await expect.poll(() => toastRegion(page).innerText()).toContain('Login failed');
		expect(await toastRegion(page).innerText()).toContain('Invalid email or password.');
		expect(new URL(page.url()).pathname).toBe('/auth');
	});

	it('signs in, redirects /auth to home, and signs out from the user menu', async () => {
		const account = newAccount();
		const setup = await open('/auth');
		await signUp(setup, account);
		await setup.waitForURL(`${server.url}/`);

		const page = await open('/');
		await signIn(page, account.email, account.password);
		await page.waitForURL(`${server.url}/`);
		await expect.poll(() => toastRegion(page).innerText()).toContain('Successfully logged in!');

		await page.goto('/auth');
		expect(new URL(page.url()).pathname).toBe('/');

		await page.getByRole('button', { name: new RegExp(account.username) }).first().click();
		const menu = page.locator('#menu-user');
		await expect.poll(() => menu.innerText()).toContain(account.email);
		expect(await menu.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
		expect(await menu.getByRole('link', { name: 'Editor Dashboard' }).isVisible()).toBe(false);
		await menu.getByRole('button', { name: 'Sign Out' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain('Successfully logged out!');
		await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
		const me = await page.request.get('/api/user');
		expect(me.status()).toBe(401);
	});
});

describe('profile', () => {
	it('sends a visitor to /auth', async () => {
		const page = await open('/profile');
		await page.waitForURL(`${server.url}/auth`);
	});

	it('changes email, password and newsletter with the SPEC validation texts', async () => {
		const account = newAccount();
		const page = await open('/auth');
		await signUp(page, account);
		await page.waitForURL(`${server.url}/`);
		await gotoHydrated(page, '/profile');
		await expect.poll(() => page.getByTestId('profile-username').innerText()).toBe(account.username);
		expect(await page.getByTestId('profile-role').innerText()).toMatch(/user/i);

		// Email: the password is required, and the new address must differ.
		await page.getByLabel('New Email').fill('changed@example.com');
		await page.getByRole('button', { name: 'Update Email' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain('Password required');
		await page.getByLabel('New Email').fill(account.email);
		await page.locator('#profile-email-password').fill(account.password);
		await page.getByRole('button', { name: 'Update Email' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain('Please enter a new email address.');
		const newEmail = `moved${counter}@example.com`;
		await page.getByLabel('New Email').fill(newEmail);
		await page.getByRole('button', { name: 'Update Email' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain('Email updated');
		await expect.poll(() => page.getByText(`Current email: ${newEmail}`).isVisible()).toBe(true);

		// Password: all fields, matching, at least 6 characters.
		await page.getByRole('button', { name: 'Update Password' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain('All fields required');
		await page.locator('#profile-current-password').fill(account.password);
		await page.locator('#profile-new-password').fill('abcdef1');
		await page.locator('#profile-confirm-password').fill('abcdef2');
		await page.getByRole('button', { name: 'Update Password' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain("Passwords don't match");
		await page.locator('#profile-new-password').fill('abc');
		await page.locator('#profile-confirm-password').fill('abc');
		await page.getByRole('button', { name: 'Update Password' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain('Password must be at least 6 characters long.');
		await page.locator('#profile-new-password').fill('brand-new-pass');
		await page.locator('#profile-confirm-password').fill('brand-new-pass');
		await page.getByRole('button', { name: 'Update Password' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain('Password updated');

		// Newsletter: flips at once and the server has the new value.
		const toggle = page.getByRole('switch');
		expect(await toggle.getAttribute('aria-checked')).toBe('false');
		await toggle.click();
		await expect.poll(async () => (await (await page.request.get('/api/user')).json()).isNewsletterSubscribed).toBe(true);
		expect(await toggle.getAttribute('aria-checked')).toBe('true');

		// The new credentials work in a fresh browser.
		const other = await open('/auth');
		await signIn(other, newEmail, 'brand-new-pass');
		await other.waitForURL(`${server.url}/`);
	});
});

describe('password reset', () => {
	it('mails a link that sets a new password, then returns to /auth', async () => {
		const account = newAccount();
		const setup = await open('/auth');
		await signUp(setup, account);
		await setup.waitForURL(`${server.url}/`);

		const page = await open('/auth');
		await page.getByRole('button', { name: 'Forgot your password?' }).click();
		const dialog = page.getByRole('dialog');
		await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain('Please enter your email address.');
		await dialog.getByLabel('Email').fill(account.email);
		await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
		await expect.poll(() => dialog.innerText()).toContain('Check your email');
		expect(await dialog.innerText()).toContain(
			'If an account with that email exists, you will receive a password reset link.',
		);

		const mail = await smtp.waitForMail(account.email);
		const link = mail.text.match(/http:\/\/\S+\/reset-password\?token=[a-z2-7]+/)?.[0];
		expect(link, mail.text).toBeTruthy();
		expect(link!.startsWith(server.url)).toBe(true);

		const reset = await open(link!.slice(server.url.length));
		await reset.getByLabel('New Password', { exact: true }).fill('reset-pass-1');
		await reset.getByLabel('Confirm New Password').fill('reset-pass-2');
		await reset.getByRole('button', { name: 'Reset Password' }).click();
		await expect.poll(() => toastRegion(reset).innerText()).toContain("Passwords don't match");
		await reset.getByLabel('Confirm New Password').fill('reset-pass-1');
		await reset.getByRole('button', { name: 'Reset Password' }).click();
		await expect.poll(() => toastRegion(reset).innerText()).toContain('Password reset successful');
		await reset.waitForURL(`${server.url}/auth`, { timeout: 5000 });

		await signIn(reset, account.email, 'reset-pass-1');
		await reset.waitForURL(`${server.url}/`);
	});

	it('explains a missing token and keeps submit disabled', async () => {
		const page = await open('/reset-password');
		await expect.poll(() => page.getByRole('alert').first().innerText()).toContain(
			'The password reset link is invalid or missing.',
		);
		expect(await page.getByRole('button', { name: 'Reset Password' }).isDisabled()).toBe(true);
		await page.getByRole('link', { name: 'Back to Sign In' }).click();
		await page.waitForURL(`${server.url}/auth`);
	});
});
