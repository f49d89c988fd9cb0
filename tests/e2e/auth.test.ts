/**
 * Browser tests of the account screens, driven through the UI as a person would:
 * sign up, sign in, sign out, profile changes and a full password reset by mail.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { gotoHydrated, hydrateIslands } from '../support/browser';
import { browserTest, type NewPage } from '../support/browser-test';

const it = browserTest({ smtp: true });

let counter = 0;

function newAccount() {
	counter += 1;
	return {
		email: `e2e${counter}@example.com`,
		username: `e2e_user${counter}`,
		password: `pass-${counter}-word`,
	};
}

async function open(newPage: NewPage, path: string, mobile = false): Promise<Page> {
	const { page } = await newPage({ mobile });
	await gotoHydrated(page, path);
	return page;
}

/** The one toast on screen (at most one shows at a time). */
function toastRegion(page: Page) {
	return page.locator('#toast-root li').last();
}

async function signUp(page: Page, account: ReturnType<typeof newAccount>, confirm = account.password) {
	await gotoHydrated(page, '/auth');
	await page.getByRole('tab', { name: 'Sign Up', exact: true }).click();
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

describe('head metadata', () => {
	it('lets /auth and /profile be indexed and keeps /reset-password out', async ({ server }) => {
		// The lead's decision (README): the two account screens carry no personal data in their
		// HTML; the reset page's URL carries a token.
		const registered = await fetch(`${server.url}/api/register`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(newAccount()),
		});
		expect(registered.status).toBe(201);
		const session = registered.headers.getSetCookie().find((line) => line.startsWith('session='))!;
		const pages = [
			{ path: '/auth', title: 'Sign In | Retail Media Hub', robots: null, cookie: '' },
			// Signed out, /profile is a redirect to /auth (tests/api/profile.test.ts).
			{
				path: '/profile',
				title: 'Profile Settings | Retail Media Hub',
				robots: null,
				cookie: session.split(';')[0]!,
			},
			{ path: '/reset-password', title: 'Reset Password | Retail Media Hub', robots: 'noindex', cookie: '' },
		];
		for (const expected of pages) {
			const response = await fetch(`${server.url}${expected.path}`, {
				headers: expected.cookie ? { cookie: expected.cookie } : {},
				redirect: 'manual',
			});
			expect(response.status, expected.path).toBe(200);
			const html = await response.text();
			const meta = (pattern: RegExp) => html.match(pattern)?.[1] ?? null;
			const head = {
				title: meta(/<title>([^<]*)<\/title>/),
				description: meta(/<meta name="description" content="([^"]*)"/) ?? '',
				canonical: meta(/<link rel="canonical" href="([^"]*)"/),
				robots: meta(/<meta name="robots" content="([^"]*)"/),
			};
			expect(head.title, expected.path).toBe(expected.title);
			expect(head.description.length, expected.path).toBeGreaterThan(30);
			// /reset-password is prerendered: its origin is SITE_URL at build time. The others render
			// on demand, with SITE_URL as the server has it (the test server's own origin).
			expect(head.canonical && new URL(head.canonical).pathname, expected.path).toBe(expected.path);
			if (expected.path !== '/reset-password') {
				expect(head.canonical, expected.path).toBe(`${server.url}${expected.path}`);
			}
			expect(head.robots, expected.path).toBe(expected.robots);
		}
	});
});

describe('the sign-in panel', () => {
	it('is an ARIA tablist: one tab in the Tab order, arrows, Home and End switch the panel', async ({
		newPage,
	}) => {
		const page = await open(newPage, '/auth');
		const signInTab = page.getByRole('tab', { name: 'Sign In', exact: true });
		const signUpTab = page.getByRole('tab', { name: 'Sign Up', exact: true });
		expect(await signInTab.getAttribute('aria-selected')).toBe('true');
		expect(await signInTab.getAttribute('tabindex')).toBe('0');
		expect(await signUpTab.getAttribute('tabindex')).toBe('-1');
		const panel = page.getByRole('tabpanel');
		expect(await panel.getAttribute('aria-labelledby')).toBe(await signInTab.getAttribute('id'));
		expect(await signInTab.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
		expect(await panel.getByRole('form', { name: 'Sign in' }).isVisible()).toBe(true);

		await signInTab.focus();
		await page.keyboard.press('ArrowRight');
		await expect.poll(() => signUpTab.getAttribute('aria-selected')).toBe('true');
		expect(await signUpTab.evaluate((el) => el === document.activeElement)).toBe(true);
		expect(await page.getByRole('tabpanel').getByRole('form', { name: 'Sign up' }).isVisible()).toBe(true);
		expect(await page.getByRole('form', { name: 'Sign in' }).count()).toBe(0);
		await page.keyboard.press('ArrowRight'); // wraps around
		await expect.poll(() => signInTab.getAttribute('aria-selected')).toBe('true');
		await page.keyboard.press('End');
		await expect.poll(() => signUpTab.getAttribute('aria-selected')).toBe('true');
		await page.keyboard.press('Home');
		await expect.poll(() => signInTab.getAttribute('aria-selected')).toBe('true');
		await page.keyboard.press('ArrowLeft');
		await expect.poll(() => signUpTab.getAttribute('aria-selected')).toBe('true');
		await signInTab.click();
		await expect.poll(() => signInTab.getAttribute('aria-selected')).toBe('true');
	});

	it.for([false, true])(
		'Tab goes from the email to the password, then to "Forgot your password?" (mobile: %s)',
		async (mobile, { newPage }) => {
			const page = await open(newPage, '/auth', mobile);
			await page.getByLabel('Email').focus();
			const focused = () =>
				page.evaluate(() => {
					const element = document.activeElement;
					return element?.id || element?.textContent?.trim() || element?.tagName;
				});
			await page.keyboard.press('Tab');
			expect(await focused()).toBe('signin-password');
			await page.keyboard.press('Tab');
			expect(await focused()).toBe('Forgot your password?');
			await page.keyboard.press('Tab');
			expect(await focused()).toBe('Sign In');
		},
	);

	it('loads the forgot-password dialog on demand; Escape closes it and the focus returns', async ({
		newPage,
	}) => {
		const page = await open(newPage, '/auth');
		const scripts: string[] = [];
		page.on('request', (request) => {
			if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
		});
		// Not by role: while the modal is open, Radix hides the rest of the page from it.
		const link = page.locator('button', { hasText: 'Forgot your password?' });
		expect(await link.getAttribute('aria-expanded')).toBe('false');
		await link.click();
		const dialog = page.getByRole('dialog', { name: 'Reset your password' });
		await dialog.waitFor();
		expect(scripts.some((path) => /ForgotPasswordDialog/.test(path))).toBe(true);
		expect(await link.getAttribute('aria-expanded')).toBe('true');
		await dialog.getByLabel('Email').fill('someone@example.com');
		await page.keyboard.press('Escape');
		await dialog.waitFor({ state: 'detached' });
		await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
		expect(await link.getAttribute('aria-expanded')).toBe('false');
		// Opened again, it starts over.
		await link.click();
		await dialog.waitFor();
		expect(await dialog.getByLabel('Email').inputValue()).toBe('');
	});

	it.for([false, true])(
		'refuses a malformed address at the field (mobile: %s)',
		async (mobile, { newPage }) => {
			const page = await open(newPage, '/auth', mobile);
			await page.locator('button', { hasText: 'Forgot your password?' }).click();
			const dialog = page.getByRole('dialog', { name: 'Reset your password' });
			await dialog.waitFor();
			const email = dialog.getByLabel('Email');
			await email.fill('not-an-email');
			await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
			const error = dialog.locator('#forgot-email-error');
			await expect.poll(() => error.textContent()).toBe('Please enter a valid email address.');
			expect(await email.getAttribute('aria-invalid')).toBe('true');
			expect(await email.getAttribute('aria-describedby')).toBe('forgot-email-error');
			// Still the form, not "Check your email".
			expect(await page.getByRole('dialog', { name: 'Check your email' }).count()).toBe(0);
			// Fixing the address clears the message.
			await email.fill('someone@example.com');
			expect(await error.count()).toBe(0);
		},
	);
});

describe('sign up', () => {
	it('creates the account, signs in and shows the success toast on the home page', async ({
		server,
		newPage,
	}) => {
		const account = newAccount();
		const page = await open(newPage, '/auth');
		await signUp(page, account);
		await page.waitForURL(`${server.url}/`);
		// The SPEC's sentence, and where the verification link went.
		await expect
			.poll(() => toastRegion(page).innerText())
			.toContain(`Account created successfully! We sent a link to verify your address to ${account.email}.`);
		await expect
			.poll(() =>
				page
					.getByRole('button', { name: new RegExp(account.username) })
					.first()
					.isVisible(),
			)
			.toBe(true);
	});

	it('says at the field when the passwords do not match, and sends nothing', async ({ server, newPage }) => {
		const account = newAccount();
		const page = await open(newPage, '/auth');
		const nativeDialogs: string[] = [];
		page.on('dialog', (dialog) => {
			nativeDialogs.push(dialog.message());
			void dialog.dismiss();
		});
		await signUp(page, account, 'something-else');
		const confirm = page.getByLabel('Confirm Password');
		await page.getByText("Passwords don't match").waitFor();
		await expect.poll(() => confirm.evaluate((element) => element === document.activeElement)).toBe(true);
		expect(await confirm.getAttribute('aria-invalid')).toBe('true');
		expect(await confirm.getAttribute('aria-describedby')).toBe('signup-confirm-error');
		// Fixing the confirmation takes the message away at once.
		await confirm.fill(account.password);
		await page.getByText("Passwords don't match").waitFor({ state: 'detached' });
		expect(nativeDialogs).toEqual([]);
		const login = await fetch(`${server.url}/api/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ email: account.email, password: account.password }),
		});
		expect(login.status).toBe(401);
	});

	it('shows the server message when the email is taken', async ({ server, newPage }) => {
		const account = newAccount();
		const first = await open(newPage, '/auth');
		await signUp(first, account);
		await first.waitForURL(`${server.url}/`);
		const page = await open(newPage, '/auth');
		await signUp(page, { ...account, username: `${account.username}b` });
		await expect.poll(() => toastRegion(page).innerText()).toContain('Registration failed');
		expect(await toastRegion(page).innerText()).toContain('An account with this email already exists.');
	});
});

describe('sign in and out', () => {
	it('refuses a wrong password with the Login failed toast', async ({ newPage }) => {
		const page = await open(newPage, '/auth');
		await signIn(page, 'nobody@example.com', 'wrong-password');
		await expect.poll(() => toastRegion(page).innerText()).toContain('Login failed');
		expect(await toastRegion(page).innerText()).toContain('Invalid email or password.');
		expect(new URL(page.url()).pathname).toBe('/auth');
	});

	it('signs in, redirects /auth to home, and signs out from the user menu', async ({ server, newPage }) => {
		const account = newAccount();
		const setup = await open(newPage, '/auth');
		await signUp(setup, account);
		await setup.waitForURL(`${server.url}/`);

		const page = await open(newPage, '/');
		await signIn(page, account.email, account.password);
		await page.waitForURL(`${server.url}/`);
		await expect.poll(() => toastRegion(page).innerText()).toContain('Successfully logged in!');

		await page.goto('/auth');
		expect(new URL(page.url()).pathname).toBe('/');

		await page
			.getByRole('button', { name: new RegExp(account.username) })
			.first()
			.click();
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

describe('coming back after signing in', () => {
	it('"Get Started" opens the Sign Up tab and signing up returns to the page it was clicked on', async ({
		server,
		newPage,
	}) => {
		const account = newAccount();
		const page = await open(newPage, '/compare');
		const getStarted = page.getByRole('link', { name: 'Get Started' }).first();
		await expect.poll(() => getStarted.isVisible()).toBe(true);
		await getStarted.click();
		await page.waitForURL((url) => url.pathname === '/auth');
		expect(new URL(page.url()).search).toBe('?tab=signup&next=%2Fcompare');
		await hydrateIslands(page);
		expect(await page.getByRole('tab', { name: 'Sign Up', exact: true }).getAttribute('aria-selected')).toBe(
			'true',
		);
		await page.getByLabel('Email').fill(account.email);
		await page.getByLabel('Username').fill(account.username);
		await page.getByLabel('Password', { exact: true }).fill(account.password);
		await page.getByLabel('Confirm Password').fill(account.password);
		await page.getByRole('button', { name: 'Create Account' }).click();
		await page.waitForURL(`${server.url}/compare`);
		await expect.poll(() => toastRegion(page).innerText()).toContain('Account created successfully!');
	});

	it('"Sign In" in the header returns to the page it was clicked on', async ({ server, newPage }) => {
		const account = newAccount();
		const registered = await fetch(`${server.url}/api/register`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(account),
		});
		expect(registered.status).toBe(201);
		const page = await open(newPage, '/podcast');
		const signInLink = page.getByRole('link', { name: 'Sign In' }).first();
		await expect.poll(() => signInLink.isVisible()).toBe(true);
		await signInLink.click();
		await page.waitForURL((url) => url.pathname === '/auth');
		await hydrateIslands(page);
		expect(await page.getByRole('tab', { name: 'Sign In', exact: true }).getAttribute('aria-selected')).toBe(
			'true',
		);
		await page.getByLabel('Email').fill(account.email);
		await page.getByLabel('Password', { exact: true }).fill(account.password);
		await page.getByRole('button', { name: 'Sign In', exact: true }).click();
		await page.waitForURL(`${server.url}/podcast`);
		await expect.poll(() => toastRegion(page).innerText()).toContain('Successfully logged in!');
		// Signed in, /auth sends the visitor straight on to the page it names.
		await page.goto('/auth?next=%2Fplatforms');
		expect(new URL(page.url()).pathname).toBe('/platforms');
	});

	it.for(['//evil.example/', '/\\evil.example', 'https://evil.example/', '%2F%2Fevil.example'])(
		'never follows a return path off the site (%s)',
		async (next, { server, newPage }) => {
			const account = newAccount();
			await fetch(`${server.url}/api/register`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(account),
			});
			const page = await open(newPage, `/auth?next=${encodeURIComponent(next)}`);
			await page.getByLabel('Email').fill(account.email);
			await page.getByLabel('Password', { exact: true }).fill(account.password);
			await page.getByRole('button', { name: 'Sign In', exact: true }).click();
			await page.waitForURL(`${server.url}/`);
			await page.context().close();
		},
	);
});

describe('profile', () => {
	it('sends a visitor to /auth from the server, before any of its page loads', async ({
		server,
		newPage,
	}) => {
		const { page } = await newPage();
		const loaded: string[] = [];
		page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
		const response = await page.goto('/profile');
		expect(new URL(page.url()).pathname).toBe('/auth');
		expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
		const redirect = response!.request().redirectedFrom();
		expect(redirect?.url()).toBe(`${server.url}/profile`);
		expect((await redirect!.response())?.status()).toBe(302);
		expect(loaded.filter((path) => /ProfileSettings/.test(path))).toEqual([]);
	});

	it('hydrates for a signed-in user without a mismatch or console error', async ({ newPage }) => {
		// Signed in before the page loads: the header script loads the user while the island
		// hydrates. When the header wins that race, an island whose first render used the known
		// user differed from the server's spinner (React error #418). The island's code is held
		// back here until the header shows the user, so the test always takes that path.
		const account = newAccount();
		const { context, page } = await newPage();
		const registered = await context.request.post('/api/register', { data: account });
		expect(registered.ok()).toBe(true);
		const errors: string[] = [];
		page.on('pageerror', (error) => errors.push(error.message));
		page.on('console', (message) => {
			if (message.type() === 'error') errors.push(message.text());
		});
		const headerKnowsUser = page
			.getByRole('button', { name: new RegExp(account.username) })
			.first()
			.waitFor();
		let held = false;
		await page.route(/\/_astro\/ProfileSettings\.[\w-]+\.js$/, async (route) => {
			held = true;
			await headerKnowsUser;
			await route.continue();
		});
		await gotoHydrated(page, '/profile');
		await expect.poll(() => page.getByTestId('profile-username').innerText()).toBe(account.username);
		expect(held).toBe(true);
		expect(errors).toEqual([]);
	});

	describe('when the session ends in another tab', () => {
		/** Two tabs of one browser, both on /profile; the second signs out as its header would. */
		async function twoTabs(newPage: NewPage) {
			const account = newAccount();
			const { context, page } = await newPage();
			const registered = await context.request.post('/api/register', { data: account });
			expect(registered.status()).toBe(201);
			await gotoHydrated(page, '/profile');
			await expect.poll(() => page.getByTestId('profile-username').innerText()).toBe(account.username);
			const other = await context.newPage();
			await gotoHydrated(other, '/profile');
			const signedOut = await other.evaluate(
				async () => (await fetch('/api/logout', { method: 'POST' })).status,
			);
			expect(signedOut).toBeLessThan(300);
			return { account, page };
		}

		it('goes to /auth on the next 401 instead of leaving the form there', async ({ newPage }) => {
			const { account, page } = await twoTabs(newPage);
			await page.locator('#profile-current-password').fill(account.password);
			await page.locator('#profile-new-password').fill('brand-new-pass');
			await page.locator('#profile-confirm-password').fill('brand-new-pass');
			await page.getByRole('button', { name: 'Update Password' }).click();
			await page.waitForURL((url) => url.pathname === '/auth');
			expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
			await expect
				.poll(() => toastRegion(page).innerText())
				.toContain('Your session has ended. Please sign in again.');
		});

		it('goes to /auth as soon as the tab is focused again', async ({ newPage }) => {
			const { page } = await twoTabs(newPage);
			// What the browser fires when the visitor comes back to this tab.
			await page.evaluate(() => window.dispatchEvent(new Event('focus')));
			await page.waitForURL((url) => url.pathname === '/auth');
			expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
		});
	});

	it('changes email, password and newsletter with the validation texts people are shown', async ({
		server,
		newPage,
		smtp,
	}) => {
		const account = newAccount();
		const page = await open(newPage, '/auth');
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
		await expect.poll(() => toastRegion(page).innerText()).toContain('Check your inbox');
		expect(await toastRegion(page).innerText()).toContain(
			`Your email stays ${account.email} until you open it.`,
		);
		expect(await page.getByText(`Current email: ${account.email}`).isVisible()).toBe(true);
		// The change happens through the link mailed to the new address.
		const confirmation = await smtp.waitForMail(newEmail, (m) => m.text.includes('/verify-email#token='));
		const link = confirmation.text.match(/http:\/\/\S+\/verify-email#token=[a-z2-7]+/)![0];
		await gotoHydrated(page, link.slice(server.url.length));
		await page.getByRole('button', { name: 'Confirm my email' }).click();
		await expect
			.poll(() => page.getByTestId('verify-outcome').innerText())
			.toContain(`Your email is now ${newEmail}`);
		await gotoHydrated(page, '/profile');
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
		await expect
			.poll(() => toastRegion(page).innerText())
			.toContain('Password must be at least 6 characters long.');
		await page.locator('#profile-new-password').fill('brand-new-pass');
		await page.locator('#profile-confirm-password').fill('brand-new-pass');
		await page.getByRole('button', { name: 'Update Password' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain('Password updated');

		// Newsletter: flips at once and the server has the new value.
		const toggle = page.getByRole('switch');
		expect(await toggle.getAttribute('aria-checked')).toBe('false');
		await toggle.click();
		await expect
			.poll(async () => (await (await page.request.get('/api/user')).json()).isNewsletterSubscribed)
			.toBe(true);
		expect(await toggle.getAttribute('aria-checked')).toBe('true');

		// The new credentials work in a fresh browser.
		const other = await open(newPage, '/auth');
		await signIn(other, newEmail, 'brand-new-pass');
		await other.waitForURL(`${server.url}/`);
	});
});

describe('password reset', () => {
	it('mails a link that sets a new password, then returns to /auth', async ({ server, newPage, smtp }) => {
		const account = newAccount();
		const setup = await open(newPage, '/auth');
		await signUp(setup, account);
		await setup.waitForURL(`${server.url}/`);

		const page = await open(newPage, '/auth');
		await page.getByRole('button', { name: 'Forgot your password?' }).click();
		const dialog = page.getByRole('dialog');
		await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
		// Said at the field, as a malformed address is.
		await expect
			.poll(() => dialog.locator('#forgot-email-error').innerText())
			.toBe('Please enter your email address.');
		await dialog.getByLabel('Email').fill(account.email);
		await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
		await expect.poll(() => dialog.innerText()).toContain('Check your email');
		expect(await dialog.innerText()).toContain(
			'If an account with that email exists, you will receive a password reset link.',
		);

		const mail = await smtp.waitForMail(account.email, (m) => m.text.includes('/reset-password#token='));
		const link = mail.text.match(/http:\/\/\S+\/reset-password#token=[a-z2-7]+/)?.[0];
		expect(link, mail.text).toBeTruthy();
		expect(link!.startsWith(server.url)).toBe(true);

		const reset = await open(newPage, link!.slice(server.url.length));
		await reset.getByLabel('New Password', { exact: true }).fill('reset-pass-1');
		await reset.getByLabel('Confirm New Password').fill('reset-pass-2');
		await reset.getByRole('button', { name: 'Reset Password' }).click();
		await expect.poll(() => toastRegion(reset).innerText()).toContain("Passwords don't match");
		await reset.getByLabel('Confirm New Password').fill('reset-pass-1');
		await reset.getByRole('button', { name: 'Reset Password' }).click();
		await expect.poll(() => toastRegion(reset).innerText()).toContain('Password reset successful');
		await reset.waitForURL(`${server.url}/auth`);

		await signIn(reset, account.email, 'reset-pass-1');
		await reset.waitForURL(`${server.url}/`);
	});

	it('explains a missing token and keeps submit disabled', async ({ server, newPage }) => {
		const page = await open(newPage, '/reset-password');
		await expect
			.poll(() => page.getByRole('alert').first().innerText())
			.toContain('The password reset link is invalid or missing.');
		expect(await page.getByRole('button', { name: 'Reset Password' }).isDisabled()).toBe(true);
		await page.getByRole('link', { name: 'Back to Sign In' }).click();
		await page.waitForURL(`${server.url}/auth`);
	});
});
