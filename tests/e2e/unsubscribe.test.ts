/**
 * The unsubscribe page a mail's footer links to, in a browser: it asks, unsubscribes with the
 * page's own form (which posts with the site's Origin), offers an undo, and says a link is not
 * valid once the account has another address, naming neither address.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { gotoHydrated } from '../support/browser';
import { browserTest } from '../support/browser-test';
import { insertAccount } from '../support/newsletter-fixture';

const it = browserTest();

it('asks, unsubscribes, undoes, and refuses the link after an address change', async ({ server, page }) => {
	const reader = await insertAccount(server.db);
	const { users, newsletterUnsubscribeTokens } = server.tables;
	const token = generateToken();
	await server.db
		.insert(newsletterUnsubscribeTokens)
		.values({ id: hashToken(token), userId: reader.id, email: reader.email });
	const subscribed = async () =>
		(await server.db.select().from(users).where(eq(users.id, reader.id)))[0]!.isNewsletterSubscribed;

	await gotoHydrated(page, `/unsubscribe?token=${token}`);
	const status = page.locator('section[aria-labelledby="unsubscribe-heading"]');
	await expect
		.poll(() => status.innerText())
		.toContain(`Stop sending the weekly briefing to ${reader.email}?`);
	await page.getByRole('button', { name: 'Unsubscribe' }).click();
	await expect.poll(() => status.innerText()).toContain('You are unsubscribed.');
	expect(await subscribed()).toBe(false);

	await page.getByRole('button', { name: 'Undo: subscribe again' }).click();
	await expect.poll(() => status.innerText()).toContain('You are subscribed again.');
	expect(await subscribed()).toBe(true);

	const newEmail = `new-${reader.email}`;
	await server.db.update(users).set({ email: newEmail }).where(eq(users.id, reader.id));
	await gotoHydrated(page, `/unsubscribe?token=${token}`);
	const text = await status.innerText();
	// Worded for email-only subscribers too, who have no account to sign in to.
	expect(text).toContain(
		'This unsubscribe link is not valid. Use the unsubscribe link in your most recent issue; with an account, you can also sign in',
	);
	expect(text).not.toContain(newEmail);
	expect(text).not.toContain(reader.email);
	expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
});
