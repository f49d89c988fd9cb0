/**
 * The verified work email in the browser (issue 47): the profile's "Work Email" section mails a
 * link, the /profile/work-email page confirms it with its button, and the reviewer's review then
 * says "Verified work email" on the platform page (the address nowhere). axe at 1280 and 390 px.
 */
import { describe, expect } from 'vitest';
import { gotoHydrated } from '../support/browser';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { hydrated } from '../support/platform-helpers';

const it = browserTest({ seed: true, smtp: true, ready: (server) => server.siteIdle() });

let counter = 0;

describe('the work-email flow on the profile', () => {
	for (const mobile of [false, true]) {
		it(`adds, confirms and labels the reviews (${mobile ? '390' : '1280'} px)`, async ({ newPage, smtp }) => {
			counter += 1;
			const { context, page } = await newPage({ mobile });
			const account = {
				email: `work${counter}-${process.pid}@example.com`,
				username: `work_${counter}_${process.pid}`,
				password: `pass-${counter}-word`,
			};
			expect((await context.request.post('/api/register', { data: account })).status()).toBe(201);
			const workEmail = `buyer${counter}-${process.pid}@brand-house.test`;

			await gotoHydrated(page, '/profile');
			const field = page.getByRole('textbox', { name: 'Work email' });
			await field.fill('me@gmail.com');
			await page.getByRole('button', { name: 'Send verification link' }).click();
			const toast = page.locator('#toast-root li').last();
			await expect.poll(() => toast.innerText()).toContain('free email providers');
			await field.fill(workEmail);
			await page.getByRole('button', { name: 'Send verification link' }).click();
			await expect.poll(() => toast.innerText()).toContain(`We sent a confirmation link to ${workEmail}.`);
			await expectNoAxeViolations(page, `the profile's work email at ${mobile ? 390 : 1280} px`);

			const mail = await smtp.waitForMail(workEmail, (m) => m.text.includes('/profile/work-email#token='));
			const link = new URL(mail.text.match(/http:\/\/\S+\/profile\/work-email#token=[a-z2-7]+/)![0]);
			await gotoHydrated(page, link.pathname + link.hash);
			await page.getByRole('button', { name: 'Confirm my work email' }).click();
			await expect
				.poll(() => page.getByTestId('work-email-outcome').innerText())
				.toContain(`Your work email ${workEmail} is verified.`);
			await expectNoAxeViolations(page, `/profile/work-email at ${mobile ? 390 : 1280} px`);

			await gotoHydrated(page, '/profile');
			await expect.poll(() => page.getByTestId('work-email-current').innerText()).toContain(workEmail);

			const [platform] = (await (await context.request.get('/api/platforms')).json()) as {
				id: number;
				slug: string;
			}[];
			const rated = await context.request.post(`/api/platforms/${platform!.id}/ratings`, {
				data: { rating: 4, review: 'Solid reporting.' },
			});
			expect(rated.status()).toBe(201);
			const { id } = (await rated.json()).rating as { id: number };
			await page.goto(`/platforms/${platform!.slug}#review-${id}`);
			await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
			await hydrated(page);
			const review = page.locator(`[data-review="${id}"]`);
			await expect
				.poll(() => review.getByTestId('review-work-email').innerText())
				.toBe('Verified work email');
			expect(await page.content()).not.toContain('brand-house');
			await expectNoAxeViolations(page, `a verified work email's review at ${mobile ? 390 : 1280} px`);
		});
	}
});
