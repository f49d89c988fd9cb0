/**
 * The Integrations tab's webhooks at 1280 and 390 px: an editor adds a webhook (the secret shows
 * once), sees it listed with its state and last delivery, opens its deliveries and deletes it
 * after confirming; axe finds nothing on the tab.
 */
import { describe, expect } from 'vitest';
import { browserTest } from '../support/browser-test';
import { expectNoAxeViolations } from '../support/axe';

const it = browserTest({ seed: true });

describe("the Integrations tab's webhooks", () => {
	it.for([false, true] as const)(
		'adds, lists and deletes a webhook (mobile: %s)',
		async (mobile, { newPage }) => {
			const { page } = await newPage({ as: 'editor', mobile });
			await page.goto('/editor-dashboard?tab=integrations');
			await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
			const url = `https://203.0.114.1/hooks/${mobile ? 'phone' : 'desk'}`;
			await page.getByLabel('URL').fill(url);
			await page.getByRole('checkbox', { name: 'newsletter.sent' }).check();
			await page.getByRole('button', { name: 'Add webhook' }).click();
			const secret = page.getByTestId('webhook-secret');
			await expect.poll(() => secret.textContent()).toMatch(/whsec_[A-Za-z0-9+/]{43}=/);
			const row = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: url });
			await row.waitFor();
			await expect.poll(() => row.textContent()).toContain('Last delivery: No deliveries yet');
			await expectNoAxeViolations(page, `the Integrations tab with webhooks (mobile: ${mobile})`);

			await row.getByRole('button', { name: 'Deliveries' }).click();
			await row.getByText('No deliveries yet.').waitFor();
			await row.getByRole('button', { name: 'Delete' }).click();
			const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
			await confirm.getByRole('button', { name: 'Delete webhook' }).click();
			await expect.poll(() => row.count()).toBe(0);
		},
	);
});
