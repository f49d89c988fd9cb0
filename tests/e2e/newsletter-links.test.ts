/**
 * A sent issue's link clicks in the dashboard's Newsletter tab (issue 46): a reader's click
 * through /r/{token} is counted and the table beside the issue's sends shows each link with its
 * clicks, at 1280 and 390 px, with no axe violation.
 */
import { describe, expect } from 'vitest';
import { browserTest } from '../support/browser-test';
import { expectNoAxeViolations } from '../support/axe';
import { testSlug } from '../support/slugs';

const it = browserTest({ seed: true });

const CHROME =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('newsletter link clicks', () => {
	it('shows each link of a sent issue with its clicks, at 1280 and 390 px', async ({ server, newPage }) => {
		const { newsletterIssues, newsletterLinks } = server.tables;
		const sentAt = new Date();
		const [issue] = await server.db
			.insert(newsletterIssues)
			.values({
				subject: 'Clicked briefing',
				slug: testSlug('Clicked briefing'),
				content: 'See [the report](https://example.org/report).',
				status: 'sent',
				sendStartedAt: sentAt,
				sentAt,
			})
			.returning({ id: newsletterIssues.id });
		const report = { token: 'reportReportReport0001', url: 'https://example.org/report' };
		const quiet = { token: 'quietQuietQuietQuiet01', url: 'https://example.org/quiet' };
		await server.db.insert(newsletterLinks).values([
			{ issueId: issue!.id, ...report, clicks: 2 },
			{ issueId: issue!.id, ...quiet },
		]);
		const click = await fetch(`${server.url}/r/${report.token}`, {
			redirect: 'manual',
			headers: { 'user-agent': CHROME },
		});
		expect(click.status).toBe(302);
		expect(click.headers.get('location')).toBe(report.url);

		for (const mobile of [false, true]) {
			const { page } = await newPage({ as: 'editor', mobile });
			await page.goto('/editor-dashboard?tab=newsletter');
			const item = page.locator(`[data-issue-id="${issue!.id}"]`);
			await item.getByTestId('issue-counts').waitFor();
			await item.getByText('Link clicks').click();
			const table = item.getByRole('table', { name: 'Link clicks of Clicked briefing' });
			await table.waitFor();
			const rows = await table.locator('tbody tr').allInnerTexts();
			expect(rows.map((row) => row.split('\t').map((cell) => cell.trim()))).toEqual([
				[report.url, '3'],
				[quiet.url, '0'],
			]);
			await expectNoAxeViolations(page, mobile ? 'link clicks at 390 px' : 'link clicks at 1280 px');
		}
	});
});
