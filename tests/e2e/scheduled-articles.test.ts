/**
 * Scheduling from the dashboard, in the editor's own time zone (the browser runs in New York):
 * the form's "Publish at" takes a local time, the server stores that instant, the card says
 * "Scheduled" with the local time, and Publish turned on publishes at once.
 */
import { describe, expect } from 'vitest';
import { browserTest, signIn } from '../support/browser-test';
import { expectToast } from '../support/dashboard-helpers';

const it = browserTest({ seed: true });

describe('a news article scheduled from the dashboard', () => {
	it('is stored at the instant the editor meant, shown in their zone, and published on demand', async ({
		server,
		browser,
	}) => {
		const context = await browser.newContext({
			baseURL: server.url,
			viewport: { width: 1280, height: 900 },
			timezoneId: 'America/New_York',
		});
		context.setDefaultTimeout(30_000);
		await signIn(context, 'editor');
		const page = await context.newPage();
		await page.goto('/editor-dashboard?tab=news');
		await page.getByRole('button', { name: 'Add News Article' }).click();
		const dialog = page.getByRole('dialog', { name: 'Add News Article' });
		const title = `Scheduled ${Date.now()}`;
		await dialog.getByLabel('Title').fill(title);
		await dialog.getByLabel('Excerpt').fill('Goes out by itself.');
		await dialog.getByRole('textbox', { name: 'Content' }).fill('Body.');
		await dialog.getByLabel('Category').selectOption('Market Analysis');
		// 9:30 in New York on a summer day is 13:30 UTC.
		await dialog.getByLabel('Publish at').fill('2031-06-15T09:30');
		await dialog.getByText('Scheduled: goes public at the time below').waitFor();
		await dialog.getByRole('button', { name: 'Create Article' }).click();
		await expectToast(page, 'News article created');

		const stored = await context.request.get('/api/news/all?status=draft&limit=100');
		const article = (await stored.json()).find((each: { title: string }) => each.title === title);
		expect(article).toMatchObject({ isPublished: false, publishAt: '2031-06-15T13:30:00.000Z' });
		expect((await fetch(`${server.url}/api/news/${article.id}`)).status).toBe(404);

		const card = page.getByTestId('article-card').filter({ has: page.getByRole('heading', { name: title }) });
		await card.getByText(/^Scheduled: .*9:30/).waitFor();

		await card.getByRole('button', { name: `Edit ${title}` }).click();
		const edit = page.getByRole('dialog', { name: 'Edit News Article' });
		expect(await edit.getByLabel('Publish at').inputValue()).toBe('2031-06-15T09:30');
		await edit.getByRole('switch', { name: 'Publish' }).click();
		await edit.getByRole('button', { name: 'Update Article' }).click();
		await expectToast(page, 'News article updated');
		await expect.poll(async () => (await fetch(`${server.url}/api/news/${article.id}`)).status).toBe(200);
		await context.close();
	});
});
