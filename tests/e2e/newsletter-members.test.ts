/**
 * A visitor subscribes from the home page's newsletter band with an email, opens the mailed
 * link, and confirms on the /newsletter/confirm page (opening it confirms nothing; the button
 * does); the link works once. Real SMTP capture.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { gotoHydrated } from '../support/browser';
import { browserTest } from '../support/browser-test';

const it = browserTest({ smtp: true });

it('subscribes a visitor by email from the home band and confirms on the page, once', async ({
	server,
	page,
	smtp,
}) => {
	const email = `band-visitor-${process.pid}@example.com`;
	const { newsletterMembers } = server.tables;
	const status = async () =>
		(await server.db.select().from(newsletterMembers).where(eq(newsletterMembers.email, email)))[0]?.status;

	await gotoHydrated(page, '/');
	const band = page.locator('#newsletter');
	await band.scrollIntoViewIfNeeded();
	await band.locator('astro-island:not([ssr])').waitFor();
	await band.getByLabel('Email address').fill(email);
	await band.getByRole('button', { name: 'Subscribe' }).click();
	const toast = page.locator('#toast-root li').last();
	await expect.poll(() => toast.innerText()).toContain('Check your inbox');
	expect(await toast.innerText()).toContain(
		"unless this address is subscribed already, we're mailing it a link to confirm your subscription",
	);
	expect(await band.getByLabel('Email address').inputValue()).toBe('');
	expect(await status()).toBe('pending');

	const mail = await smtp.waitForMail(email);
	const link = mail.text.match(/http:\/\/\S+\/newsletter\/confirm#token=[a-z2-7]{32}/)![0];
	const path = new URL(link).pathname + new URL(link).hash;

	// Opening the page (as a mail scanner would) confirms nothing.
	await gotoHydrated(page, path);
	await page.getByRole('heading', { name: 'Confirm your subscription', level: 1 }).waitFor();
	expect(await status()).toBe('pending');
	await page.getByRole('button', { name: 'Confirm my subscription' }).click();
	const outcome = page.getByTestId('confirm-outcome');
	await expect.poll(() => outcome.innerText()).toContain('Your subscription is confirmed.');
	expect(await status()).toBe('confirmed');
	expect(await page.getByRole('button', { name: 'Confirm my subscription' }).isDisabled()).toBe(true);
	await page.getByRole('link', { name: 'Read past issues' }).waitFor();

	// The link works once; after the refusal, pressing again is pointless, and a new link is offered.
	// (Opened afresh: from the same address, a link that differs only in its fragment would not
	// load the page again.)
	await page.goto('about:blank');
	await gotoHydrated(page, path);
	expect(await page.getByRole('link', { name: 'Send me a new link' }).count()).toBe(0);
	await page.getByRole('button', { name: 'Confirm my subscription' }).click();
	await expect.poll(() => outcome.innerText()).toContain('This confirmation link is invalid or has expired.');
	expect(await page.getByRole('button', { name: 'Confirm my subscription' }).isDisabled()).toBe(true);
	expect(await page.getByRole('link', { name: 'Send me a new link' }).getAttribute('href')).toBe(
		'/#newsletter',
	);

	// Without a token the page says so and offers nothing to press.
	await gotoHydrated(page, '/newsletter/confirm');
	await page.getByRole('alert').filter({ hasText: 'The confirmation link is invalid or missing.' }).waitFor();
	expect(await page.getByRole('button', { name: 'Confirm my subscription' }).isDisabled()).toBe(true);
}, 120_000);
