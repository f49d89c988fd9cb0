/**
 * Browser tests of address verification: the profile's notice and "Resend verification mail",
 * why a subscribed but unverified reader gets no newsletter (profile and home band), and the
 * /verify-email page that confirms only when its button is pressed.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { gotoHydrated } from '../support/browser';
import { browserTest, type Smtp } from '../support/browser-test';

const it = browserTest({ smtp: true });

const NEWSLETTER_NOTE =
	'We send the newsletter only to verified addresses, so you will not receive it until you confirm yours with the link we mailed you.';

let counter = 0;

/** Signs a new account up through the API in `context` (the browser then holds its session). */
async function signUp(context: BrowserContext) {
	counter += 1;
	const account = {
		email: `verify${counter}-${process.pid}@example.com`,
		username: `verify_${counter}_${process.pid}`,
		password: `pass-${counter}-word`,
	};
	const answer = await context.request.post('/api/register', { data: account });
	expect(answer.status()).toBe(201);
	return account;
}

/** The path of the newest verification link mailed to `email` (after `after` mails). */
async function verifyPath(smtp: Smtp, email: string, after = 0): Promise<string> {
	const mail = await smtp.waitForMail(
		email,
		(m) => smtp.mails.indexOf(m) >= after && m.text.includes('/verify-email#token='),
	);
	const link = mail.text.match(/http:\/\/\S+\/verify-email#token=[a-z2-7]+/)![0];
	return new URL(link).pathname + new URL(link).hash;
}

async function emailVerified(page: Page): Promise<boolean> {
	return (await (await page.request.get('/api/user')).json()).emailVerified;
}

function toastRegion(page: Page) {
	return page.locator('#toast-root li').last();
}

describe('an unverified account', () => {
	it('is told in the profile, can resend the mail, and sees why no newsletter comes (profile and home band)', async ({
		newPage,
		smtp,
	}) => {
		const { context, page } = await newPage();
		const account = await signUp(context);
		const first = await verifyPath(smtp, account.email);

		await gotoHydrated(page, '/profile');
		const notice = page.getByTestId('email-unverified');
		await expect.poll(() => notice.isVisible()).toBe(true);
		expect(await notice.innerText()).toContain(`We mailed a link to ${account.email}.`);
		expect(await page.getByTestId('newsletter-unverified').count()).toBe(0);

		const before = smtp.mails.length;
		await page.getByRole('button', { name: 'Resend verification mail' }).click();
		await expect.poll(() => toastRegion(page).innerText()).toContain('Verification mail sent');
		expect(await toastRegion(page).innerText()).toContain(
			`We sent a new verification link to ${account.email}.`,
		);
		const second = await verifyPath(smtp, account.email, before);
		expect(second).not.toBe(first);

		await page.getByRole('switch').click();
		await expect.poll(() => page.getByTestId('newsletter-unverified').innerText()).toBe(NEWSLETTER_NOTE);

		await gotoHydrated(page, '/');
		await page.locator('#newsletter').scrollIntoViewIfNeeded();
		const band = page.getByTestId('newsletter-band-unverified');
		await expect.poll(() => band.isVisible()).toBe(true);
		expect(await band.innerText()).toContain(NEWSLETTER_NOTE);
		expect(await band.getByRole('link', { name: 'Resend it from your profile' }).getAttribute('href')).toBe(
			'/profile',
		);

		// The older link was voided by the resend; the newer one verifies, and the notices go.
		const old = await newPage();
		await gotoHydrated(old.page, first);
		await old.page.getByRole('button', { name: 'Confirm my email' }).click();
		await expect
			.poll(() => old.page.getByTestId('verify-outcome').innerText())
			.toContain('This verification link is invalid, has expired or was already used.');
		expect(await emailVerified(page)).toBe(false);

		await gotoHydrated(page, second);
		await page.getByRole('button', { name: 'Confirm my email' }).click();
		await expect
			.poll(() => page.getByTestId('verify-outcome').innerText())
			.toBe(`Your email ${account.email} is verified.`);
		await gotoHydrated(page, '/profile');
		await expect.poll(() => page.getByTestId('profile-username').innerText()).toBe(account.username);
		expect(await page.getByTestId('email-unverified').count()).toBe(0);
		expect(await page.getByTestId('newsletter-unverified').count()).toBe(0);
	});
});

describe('/verify-email', () => {
	it('confirms only when the button is pressed (opening the link changes nothing), once', async ({
		newPage,
		smtp,
	}) => {
		const { context, page } = await newPage();
		const account = await signUp(context);
		const path = await verifyPath(smtp, account.email);

		// A scanner (or another browser, signed out) opening the page verifies nothing.
		const visitor = await newPage();
		await gotoHydrated(visitor.page, path);
		await expect
			.poll(() => visitor.page.getByRole('heading', { name: 'Verify your email' }).isVisible())
			.toBe(true);
		expect(await emailVerified(page)).toBe(false);

		await visitor.page.getByRole('button', { name: 'Confirm my email' }).click();
		await expect
			.poll(() => visitor.page.getByTestId('verify-outcome').innerText())
			.toBe(`Your email ${account.email} is verified.`);
		expect(await visitor.page.getByRole('button', { name: 'Confirm my email' }).isDisabled()).toBe(true);
		// Confirmed from another browser: the sign-up session ends, and signing in shows it verified.
		expect((await page.request.get('/api/user')).status()).toBe(401);
		const signedIn = await page.request.post('/api/login', {
			data: { email: account.email, password: account.password },
		});
		expect((await signedIn.json()).emailVerified).toBe(true);

		// Used once: the same link again says so in a sentence.
		await gotoHydrated(page, path);
		await page.getByRole('button', { name: 'Confirm my email' }).click();
		await expect
			.poll(() => page.getByTestId('verify-outcome').innerText())
			.toContain('This verification link is invalid, has expired or was already used.');
	});

	it('still confirms from a link mailed before, with the token in the query', async ({ newPage, smtp }) => {
		const { context, page } = await newPage();
		const account = await signUp(context);
		const path = (await verifyPath(smtp, account.email)).replace('#token=', '?token=');
		await gotoHydrated(page, path);
		await page.getByRole('button', { name: 'Confirm my email' }).click();
		await expect
			.poll(() => page.getByTestId('verify-outcome').innerText())
			.toBe(`Your email ${account.email} is verified.`);
	});

	it('says a link without a token is invalid, and offers no button to press', async ({ page }) => {
		await gotoHydrated(page, '/verify-email');
		await expect
			.poll(() => page.getByRole('alert').first().innerText())
			.toBe('The verification link is invalid or missing.');
		expect(await page.getByRole('button', { name: 'Confirm my email' }).isDisabled()).toBe(true);
	});
});
