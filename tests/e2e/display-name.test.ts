/**
 * Issue 43, minor 17, in the browser at 1280 and 390 px with axe: an author sets a display name
 * in the profile and their article's byline shows it instead of the login username; the demo
 * editor's seeded articles show the seeded display name.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { expectToast } from '../support/dashboard-helpers';
import { Client } from '../support/http';
import { hydrated, registerAccount } from '../support/platform-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

describe('display names in bylines', () => {
	it.for([false, true])(
		'set in the profile, shown on the article (mobile: %s)',
		async (mobile, { server, newPage }) => {
			const account = await registerAccount(server, 'byline');
			const { users } = server.tables;
			await server.db.update(users).set({ role: 'editor' }).where(eq(users.id, account.id));
			const name = `Pat Lee ${mobile ? 'Phone' : 'Desk'}`;

			const { page } = await newPage({ as: account, mobile });
			await page.goto('/profile');
			await hydrated(page);
			const field = page.getByLabel('Name shown on what you write');
			await field.fill(name);
			await page.getByRole('button', { name: 'Save Display Name' }).click();
			await expectToast(page, 'Display name saved');
			await expectNoAxeViolations(page, `the profile at ${mobile ? 390 : 1280} px`);

			const client = new Client(server.url);
			expect((await client.login(account.email, account.password)).status).toBe(200);
			const article = await client.post('/api/news', {
				title: `By a named author ${mobile ? 'phone' : 'desk'}`,
				excerpt: 'Whose name is on it.',
				content: 'Body text.',
				category: 'Industry News',
				imageUrl: '',
				tags: [],
				readTime: 2,
				isPublished: true,
			});
			expect(article.status, JSON.stringify(article.body)).toBe(201);
			await server.siteIdle();
			await page.goto(`/news/${article.body.id}`);
			// The byline ("By …") names the display name, never the login username.
			const byline = page.locator('p', { has: page.getByText('By', { exact: true }) });
			await expect.poll(() => byline.textContent()).toBe(`By ${name}`);
			await expectNoAxeViolations(page, `the article at ${mobile ? 390 : 1280} px`);
		},
	);

	it('shows the demo editor’s display name on the seeded articles', async ({ server, newPage }) => {
		const articles = (await (await fetch(`${server.url}/api/news`)).json()) as Array<{
			id: number;
			author: { username: string; name: string } | null;
		}>;
		const byEditor = articles.find((article) => article.author?.username === 'editor');
		expect(byEditor?.author?.name).toBe('Morgan Reyes');
		const { page } = await newPage();
		await page.goto(`/news/${byEditor!.id}`);
		expect(await page.locator('main').innerText()).toContain('Morgan Reyes');
	});
});
