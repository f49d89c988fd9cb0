/**
 * An editor sets a platform's address and search title in the dashboard (issue 44): a slug
 * another platform holds is refused beside the field with the server's sentence, a free one is
 * saved with the search title, and the public page's <title> is then the search title.
 */
import { describe, expect } from 'vitest';
import { browserTest } from '../support/browser-test';
import { expectToast, getJson, openDashboard } from '../support/dashboard-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

const SLUG_TAKEN = 'That address (slug) is already used by another item; choose another.';

type Platform = { id: number; name: string; slug: string };

describe('Platforms tab: address and search appearance', () => {
	it('refuses a taken slug beside the field, then saves a free one and a search title the page shows', async ({
		server,
		browser,
	}) => {
		const { page, context } = await openDashboard(browser, server, 'platforms');
		const { body: platforms } = await getJson<Platform[]>(
			context,
			'/api/admin/platforms?sortBy=name&sortOrder=asc',
		);
		const [edited, other] = platforms as [Platform, Platform];
		const row = page.getByTestId('platform-row').filter({ hasText: edited.name });
		await row.getByRole('button', { name: `Edit ${edited.name}` }).click();
		const dialog = page.getByRole('dialog', { name: 'Edit Platform' });
		const slug = dialog.getByLabel('Address (slug)');
		expect(await slug.inputValue()).toBe(edited.slug);
		expect(await dialog.getByText(`Public address: /platforms/${edited.slug}`).count()).toBe(1);

		await slug.fill(other.slug);
		await dialog.getByRole('button', { name: 'Update Platform' }).click();
		await dialog.getByText(SLUG_TAKEN).waitFor();
		expect(await slug.getAttribute('aria-invalid')).toBe('true');
		expect(await slug.evaluate((input) => input === document.activeElement)).toBe(true);

		const fresh = `${edited.slug}-reviews`;
		await slug.fill(fresh);
		expect(await dialog.getByText(`Public address: /platforms/${fresh}`).count()).toBe(1);
		await dialog.getByText('Search appearance').click();
		const searchTitle = dialog.getByLabel('Search headline');
		expect(await searchTitle.getAttribute('placeholder')).toBe(`${edited.name} | Retail Media Hub`);
		const title = `${edited.name}: reviews and pricing`;
		await searchTitle.fill(title);
		await dialog.getByText(`${title.length}/70 characters`).waitFor();
		await dialog.getByRole('button', { name: 'Update Platform' }).click();
		await expectToast(page, 'Platform updated');

		const { body: saved } = await getJson<Platform & { metaTitle: string }>(
			context,
			`/api/platforms/${edited.id}`,
		);
		expect(saved).toMatchObject({ slug: fresh, metaTitle: title });
		await server.siteIdle();
		const visitor = await browser.newPage();
		await visitor.goto(`${server.url}/platforms/${edited.id}`);
		expect(await visitor.title()).toBe(title);
		await visitor.close();
	});
});
