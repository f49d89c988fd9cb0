/**
 * The newsletter archive in a browser: from the home page's newsletter band to the archive,
 * page by page, to one issue as a web page; the footer links there too; a draft is not found.
 */
import { expect } from 'vitest';
import { gotoHydrated } from '../support/browser';
import { browserTest } from '../support/browser-test';
import { testSlug } from '../support/slugs';

const it = browserTest();

const DAY = 24 * 60 * 60 * 1000;

it('leads from the home band and the footer to the archive, its pages and an issue', async ({
	server,
	page,
}) => {
	const { newsletterIssues } = server.tables;
	const sent: string[] = [];
	for (let i = 0; i < 13; i += 1) {
		const at = new Date(Date.now() - (i + 1) * DAY);
		const [row] = await server.db
			.insert(newsletterIssues)
			.values({
				subject: `Archive briefing ${i}`,
				slug: testSlug(`Archive briefing ${i}`),
				content: `## Section ${i}\n\nWhat happened in week ${i}.`,
				status: 'sent',
				sendStartedAt: at,
				sentAt: at,
			})
			.returning({ slug: newsletterIssues.slug });
		sent.push(row!.slug);
	}
	const [draft] = await server.db
		.insert(newsletterIssues)
		.values({ subject: 'Unsent draft briefing', slug: testSlug('Unsent draft briefing'), content: 'Not yet' })
		.returning({ id: newsletterIssues.id });
	await server.regenerate();

	await gotoHydrated(page, '/');
	await page.locator('#newsletter').getByRole('link', { name: 'Read past issues' }).click();
	await page.waitForURL('**/newsletter');
	await page.getByRole('heading', { name: 'Newsletter archive', level: 1 }).waitFor();
	const list = page.getByRole('list', { name: 'Sent issues' });
	await expect.poll(() => list.getByRole('listitem').count()).toBe(12);
	expect(await list.getByRole('link').first().innerText()).toBe('Archive briefing 0');
	expect(await page.getByText('Unsent draft briefing').count()).toBe(0);

	await page.getByRole('link', { name: 'Older issues →' }).click();
	await page.waitForURL('**/newsletter?page=2');
	await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
	await page.getByText('Page 2 of 2').waitFor();
	await list.getByRole('link', { name: 'Archive briefing 12' }).click();
	await page.waitForURL(`**/newsletter/${sent[12]}`);
	await page.getByRole('heading', { name: 'Archive briefing 12', level: 1 }).waitFor();
	await page.getByRole('heading', { name: 'Section 12', level: 2 }).waitFor();
	await page.getByText('What happened in week 12.').waitFor();

	await page.getByRole('contentinfo').getByRole('link', { name: 'Newsletter archive' }).click();
	await page.waitForURL('**/newsletter');
	await list.getByRole('link', { name: 'Archive briefing 0' }).waitFor();

	const missing = await page.goto(`/newsletter/${draft!.id}`);
	expect(missing?.status()).toBe(404);
	await page.getByRole('heading', { name: 'Issue Not Found' }).waitFor();
	expect(await page.getByText('Unsent draft briefing').count()).toBe(0);
}, 120_000);
