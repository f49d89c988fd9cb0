/**
 * A long comment in the moderation list shows as its first lines with a "Show all" toggle (a
 * keyboard-reachable button with aria-expanded), not as a card thousands of pixels tall.
 */
import { describe, expect } from 'vitest';
import { COMMUNITY_PASSWORD } from '../../scripts/seed/users';
import { browserTest } from '../support/browser-test';
import { getJson } from '../support/dashboard-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

// 5,000 characters (the most a comment may have) in sentences, as a person would write them.
const SENTENCE = 'This platform reports incremental sales by store cluster and week. ';
const LONG = `Long comment ${Date.now()}. ${SENTENCE.repeat(80)}`.slice(0, 5000);

describe('a 5,000-character comment in moderation', () => {
	it.for([true, false])('is clamped with a Show all toggle (mobile: %s)', async (mobile, { newPage }) => {
		const { context: author } = await newPage({
			as: { email: 'aisha.bello@example.com', password: COMMUNITY_PASSWORD },
		});
		const { body: platforms } = await getJson(author, '/api/platforms?limit=1');
		const text = `${mobile ? 'Phone' : 'Desk'} ${LONG}`.slice(0, 5000);
		const posted = await author.request.post(`/api/platforms/${platforms[0].id}/comments`, {
			data: { comment: text },
		});
		expect(posted.status(), await posted.text()).toBe(201);

		const { page } = await newPage({ as: 'editor', mobile });
		await page.goto('/editor-dashboard?tab=comments');
		const item = page.getByTestId('comment-item').filter({ hasText: text.slice(0, 40) });
		await item.waitFor();
		const clamped = (await item.boundingBox())!.height;
		expect(clamped).toBeLessThan(400);

		const toggle = item.getByRole('button', { name: 'Show all' });
		expect(await toggle.getAttribute('aria-expanded')).toBe('false');
		const controlled = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
		expect(await controlled.innerText()).toContain(text.slice(-30).trim());

		// From the keyboard: focus the toggle, Enter opens the whole text, Enter again closes it.
		await toggle.focus();
		await page.keyboard.press('Enter');
		const less = item.getByRole('button', { name: 'Show less' });
		await expect.poll(() => less.getAttribute('aria-expanded')).toBe('true');
		expect((await item.boundingBox())!.height).toBeGreaterThan(clamped * 2);
		await page.keyboard.press('Enter');
		await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
		expect((await item.boundingBox())!.height).toBe(clamped);
	});

	it('a short comment has no toggle', async ({ newPage }) => {
		const { page } = await newPage({ as: 'editor', mobile: true });
		await page.goto('/editor-dashboard?tab=comments');
		await page.getByLabel('Status').selectOption({ label: 'All' });
		const items = page.getByTestId('comment-item');
		await items.first().waitFor();
		const short = items.filter({ hasNotText: 'Long comment' }).first();
		expect((await short.innerText()).length).toBeLessThan(600);
		expect(await short.getByRole('button', { name: /Show (all|less)/ }).count()).toBe(0);
	});
});
