/**
 * The dashboard's Newsletter tab in the browser, with a real SMTP server inside the test: start
 * an issue from this week's articles, preview the mail itself at desktop and phone widths, send a test to oneself, then Send behind the
 * confirmation that names the number of subscribers, and watch the list report the issue sent.
 */
import { describe, expect } from 'vitest';
import { insertArticle } from '../support/content-fixtures';
import { browserTest } from '../support/browser-test';
import { insertAccount, mailHeaders, mailsPerAddress } from '../support/newsletter-fixture';
import { EDITOR, confirmDialog, expectToast, openDashboard } from '../support/dashboard-helpers';

const it = browserTest({ seed: true, smtp: true, env: { NEWSLETTER_POLL_MS: '100' } });

describe('Newsletter tab', () => {
	it('writes an issue from this week’s articles, tests it, and sends it to every subscriber once', async ({
		server,
		browser,
		smtp,
	}) => {
		await server.db.update(server.tables.users).set({ isNewsletterSubscribed: false });
		const subscribers = [
			await insertAccount(server.db),
			await insertAccount(server.db),
			await insertAccount(server.db),
		];
		const article = await insertArticle(server, { title: 'Fresh retail media story' });

		const { page } = await openDashboard(browser, server, 'newsletter');
		await page.getByRole('heading', { name: 'Newsletter', level: 2, exact: true }).waitFor();
		await page.getByText('send it to 3 subscribers').waitFor();

		await page.getByRole('button', { name: 'Start from this week’s articles'.replace('’', "'") }).click();
		const content = page.locator('#newsletter-content');
		await expect
			.poll(() => content.inputValue())
			.toContain(`[Fresh retail media story](/news/${article.slug})`);
		const subject = page.getByLabel('Subject');
		expect(await subject.inputValue()).toMatch(/weekly briefing/i);
		await subject.fill('This week in retail media');

		// The preview is the mail MJML renders, in a sandboxed frame, at desktop and phone widths.
		await page.getByRole('tab', { name: 'Preview', exact: true }).click();
		const desktop = page.locator('iframe[title="Mail preview at desktop width"]');
		await desktop.waitFor();
		expect(await desktop.getAttribute('sandbox')).toBe('');
		expect((await desktop.boundingBox())!.width).toBe(640);
		const mail = page.frameLocator('iframe[title="Mail preview at desktop width"]');
		const link = mail.getByRole('link', { name: 'Fresh retail media story' });
		await link.waitFor();
		expect(await link.getAttribute('href')).toBe(`${server.url}/news/${article.slug}`);
		await mail.getByText('This week in retail media', { exact: true }).last().waitFor();
		await mail.getByRole('link', { name: 'Unsubscribe' }).waitFor();
		await page.getByRole('button', { name: /^Phone/ }).click();
		const phone = page.locator('iframe[title="Mail preview at phone width"]');
		await phone.waitFor();
		expect((await phone.boundingBox())!.width).toBe(375);
		expect(await page.getByRole('button', { name: /^Phone/ }).getAttribute('aria-pressed')).toBe('true');
		await page
			.frameLocator('iframe[title="Mail preview at phone width"]')
			.getByRole('link', { name: 'Fresh retail media story' })
			.waitFor();
		await page.getByRole('tab', { name: 'Write', exact: true }).click();

		await page.getByRole('button', { name: 'Send test to me' }).click();
		await expectToast(page, 'Test mail sent');
		const test = await smtp.waitForMail(EDITOR.email);
		expect(mailHeaders(test.raw).get('subject')).toBe('[Test] This week in retail media');
		expect(test.raw).toContain('This is a test mail.');
		expect(mailsPerAddress(smtp.mails).size).toBe(1);
		// The test saved a draft, listed as such.
		await page.getByRole('list', { name: 'Newsletter issues' }).getByText('draft').waitFor();

		await page.getByRole('button', { name: 'Send…' }).click();
		const dialog = page.getByRole('dialog', { name: 'Send this issue' });
		await dialog.getByText('will go to 3 subscribers now').waitFor();
		await confirmDialog(page, 'Send this issue', 'Send to 3 subscribers');
		await expectToast(page, 'Sending started');

		const item = page.getByRole('listitem').filter({ hasText: 'This week in retail media' });
		await item.getByText('sent', { exact: true }).waitFor({ timeout: 30_000 });
		await expect
			.poll(() => item.getByTestId('issue-counts').innerText())
			.toContain('Queued 0 · Sent 3 · Failed 0');
		await item.getByText(/Completed /).waitFor();

		const counts = mailsPerAddress(smtp.mails);
		for (const subscriber of subscribers) expect(counts.get(subscriber.email)).toBe(1);
		expect(counts.get(EDITOR.email)).toBe(1); // the test mail only
	}, 120_000);

	it('schedules an issue, shows and moves the time, and cancels the schedule', async ({
		server,
		browser,
	}) => {
		const { page } = await openDashboard(browser, server, 'newsletter');
		await page.getByRole('heading', { name: 'Newsletter', level: 2, exact: true }).waitFor();
		await page.getByLabel('Subject').fill('Scheduled briefing');
		await page.locator('#newsletter-content').fill('Coming soon.');
		await page.getByLabel('Send at (your time)').fill('2099-03-01T09:00');
		await page.getByRole('button', { name: 'Schedule', exact: true }).click();
		await expectToast(page, 'Issue scheduled');

		const { newsletterIssues } = server.tables;
		const stored = async () =>
			(await server.db.select().from(newsletterIssues)).find((row) => row.subject === 'Scheduled briefing');
		const browserTime = (local: string) => page.evaluate((value) => new Date(value).getTime(), local);
		expect((await stored())!.sendAt!.getTime()).toBe(await browserTime('2099-03-01T09:00'));
		const item = page.getByRole('listitem').filter({ hasText: 'Scheduled briefing' });
		await item.getByText('scheduled', { exact: true }).waitFor();
		await item.getByText(/Scheduled for /).waitFor();

		await item.getByRole('button', { name: 'Edit Scheduled briefing' }).click();
		const field = page.getByLabel('Send at (your time)');
		await expect.poll(() => field.inputValue()).toBe('2099-03-01T09:00');
		await field.fill('2099-04-02T18:30');
		await page.getByRole('button', { name: 'Schedule', exact: true }).click();
		await expectToast(page, 'Issue scheduled');
		await expect
			.poll(async () => (await stored())!.sendAt!.getTime())
			.toBe(await browserTime('2099-04-02T18:30'));

		await item.getByRole('button', { name: 'Cancel the schedule of Scheduled briefing' }).click();
		await expectToast(page, 'Schedule cancelled');
		await item.getByText('draft', { exact: true }).waitFor();
		expect((await stored())!.sendAt).toBeNull();
		expect((await stored())!.status).toBe('draft');
	}, 120_000);

	it('lists suppressed addresses and lifts one', async ({ server, browser }) => {
		const { newsletterSuppressions } = server.tables;
		await server.db.insert(newsletterSuppressions).values([
			{ email: 'gone@example.com', reason: '550 Mailbox unavailable' },
			{ email: 'bounced@example.com', reason: '554 Rejected' },
		]);
		const { page } = await openDashboard(browser, server, 'newsletter');
		const list = page.getByRole('list', { name: 'Suppressed addresses' });
		await list.getByText('gone@example.com').waitFor();
		await list.getByText(/550 Mailbox unavailable/).waitFor();
		await list.getByRole('button', { name: 'Lift the suppression of gone@example.com' }).click();
		await expectToast(page, 'Suppression lifted');
		await expect.poll(() => list.getByText('gone@example.com').count()).toBe(0);
		await list.getByText('bounced@example.com').waitFor();
		const left = await server.db.select().from(newsletterSuppressions);
		expect(left.map((row) => row.email)).toEqual(['bounced@example.com']);
	}, 120_000);

	it('shows subscribers with their status and counts, searches, filters and exports CSV', async ({
		server,
		browser,
	}) => {
		const { newsletterMembers } = server.tables;
		await server.db.insert(newsletterMembers).values([
			{ email: 'panel-confirmed@example.com', status: 'confirmed', confirmedAt: new Date() },
			{ email: 'panel-pending@example.com', status: 'pending' },
		]);
		const { page } = await openDashboard(browser, server, 'newsletter');
		const list = page.getByRole('list', { name: 'Subscribers' });
		await page.getByLabel('Search by email').fill('panel-');
		await expect
			.poll(() => page.getByTestId('subscriber-counts').innerText())
			.toBe('Confirmed 1 · Pending 1 · Unsubscribed 0 · Suppressed 0');
		await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
		await list
			.getByRole('listitem')
			.filter({ hasText: 'panel-pending@example.com' })
			.getByText('pending', { exact: true })
			.waitFor();
		await page.getByLabel('Status').selectOption('confirmed');
		await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
		await list.getByText('panel-confirmed@example.com').waitFor();
		const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
		expect(href).toBe('/api/admin/newsletters/subscribers.csv?q=panel-&status=confirmed');
		const csv = await page.request.get(href!);
		expect(csv.status()).toBe(200);
		expect((await csv.text()).split('\r\n')[1]).toMatch(/^panel-confirmed@example\.com,member,confirmed,/);
	}, 120_000);
});
