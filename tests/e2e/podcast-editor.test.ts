/**
 * The dashboard's Podcast tab in the browser, at 1280 and 390 px: an editor creates a draft
 * (absent from /podcast and the feed), publishes it (on /podcast and in the feed with its
 * enclosure), edits it and deletes it; the form refuses bad input in the server's words and
 * guards unsaved changes; axe finds nothing on the tab or the form.
 */
import { describe, expect } from 'vitest';
import { DEMO_AUDIO_BYTES } from '@/lib/demo-audio';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { confirmDialog, expectToast, publicPage, warnsBeforeLeaving } from '../support/dashboard-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

/** The feed's item with this title, as text, or undefined. */
async function feedItem(url: string, title: string): Promise<string | undefined> {
	const xml = await (await fetch(`${url}/podcast/rss`)).text();
	return [...xml.matchAll(/<item>[\s\S]*?<\/item>/g)]
		.map(([item]) => item)
		.find((item) => item.includes(title));
}

describe('the Podcast tab', () => {
	it.for([false, true])(
		'creates a draft, publishes, edits and deletes an episode (mobile: %s)',
		async (mobile, { server, newPage }) => {
			const { page } = await newPage({ as: 'editor', mobile });
			await page.goto('/editor-dashboard?tab=podcast');
			await page.getByRole('heading', { name: 'Podcast Episodes' }).waitFor();
			await page.getByTestId('episode-card').first().waitFor();
			await expectNoAxeViolations(page, 'the episode list');

			await page.getByRole('button', { name: 'Add Episode' }).click();
			const dialog = page.getByRole('dialog', { name: 'Add Episode' });
			await dialog.waitFor();
			// Nothing typed: the server's sentences at the fields, and the first one focused.
			await dialog.getByRole('button', { name: 'Create Episode' }).click();
			await dialog.getByText('Title is required.').waitFor();
			await dialog.getByText('Description is required.').waitFor();
			await dialog.getByText('Audio URL is required.').waitFor();
			await dialog.getByText('Duration must be a whole number of minutes from 1 to 1440.').waitFor();
			await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('episode-title');

			const title = `Shelf talk ${mobile ? 'phone' : 'desk'} ${Date.now()}`;
			await dialog.getByLabel('Title').fill(title);
			await dialog.getByRole('textbox', { name: 'Description' }).fill('Notes with **bold** words.');
			await dialog.getByLabel('Audio URL').fill('/audio/episode-3.mp3');
			await dialog.getByLabel('Duration (minutes)').fill('0');
			await dialog.getByLabel('Episode number').fill('42');
			await dialog.getByLabel('Season number').fill('3');
			await dialog.getByLabel('Tags').fill('shelf, measurement');
			expect(await warnsBeforeLeaving(page)).toBe(true);
			await dialog.getByText('Duration must be a whole number of minutes from 1 to 1440.').waitFor();
			await dialog.getByLabel('Duration (minutes)').fill('12');
			await expect.poll(() => dialog.getByText('Duration must be a whole').count()).toBe(0);
			await expectNoAxeViolations(page, 'the episode form');
			expect(await dialog.getByRole('switch', { name: 'Publish' }).getAttribute('aria-checked')).toBe(
				'false',
			);
			await dialog.getByRole('button', { name: 'Create Episode' }).click();
			await expectToast(page, 'Podcast episode created');
			await dialog.waitFor({ state: 'detached' });
			const card = page.getByTestId('episode-card').filter({ hasText: title });
			await card.getByText('Draft', { exact: true }).waitFor();
			expect(await card.innerText()).toContain('Episode 42 • Season 3');
			expect(await card.getByRole('link', { name: `View on site: ${title}` }).count()).toBe(0);
			expect(await warnsBeforeLeaving(page)).toBe(false);

			// A draft is on no public page.
			await server.siteIdle();
			expect((await publicPage(server, '/podcast')).html).not.toContain(title);
			expect(await feedItem(server.url, title)).toBeUndefined();

			// Publish it, renamed: on /podcast and in the feed, with the demo file's exact size.
			await card.getByRole('button', { name: `Edit ${title}` }).click();
			const edit = page.getByRole('dialog', { name: 'Edit Episode' });
			expect(await edit.getByLabel('Audio URL').inputValue()).toBe('/audio/episode-3.mp3');
			const published = `${title} (live)`;
			await edit.getByLabel('Title').fill(published);
			await edit.getByRole('switch', { name: 'Publish' }).click();
			await edit.getByRole('button', { name: 'Update Episode' }).click();
			await expectToast(page, 'Podcast episode updated');
			const liveCard = page.getByTestId('episode-card').filter({ hasText: published });
			await liveCard.getByText('Published', { exact: true }).waitFor();
			expect(
				await liveCard.getByRole('link', { name: `View on site: ${published}` }).getAttribute('href'),
			).toMatch(/^\/podcast#episode-\d+$/);
			await server.siteIdle();
			expect((await publicPage(server, '/podcast')).html).toContain(published);
			const item = await feedItem(server.url, published);
			expect(item).toContain(`length="${DEMO_AUDIO_BYTES['/audio/episode-3.mp3']}"`);
			expect(item).toContain('type="audio/mpeg"');
			expect(item).toContain('<itunes:duration>00:12:00</itunes:duration>');

			// Delete after the confirmation: gone from the site.
			await liveCard.getByRole('button', { name: `Delete ${published}` }).click();
			const confirm = page.getByRole('dialog', { name: 'Delete podcast episode' });
			expect(await confirm.innerText()).toContain(
				`Are you sure you want to delete "${published}"? This action cannot be undone.`,
			);
			await confirmDialog(page, 'Delete podcast episode', 'Delete');
			await expectToast(page, 'Podcast episode deleted');
			await liveCard.waitFor({ state: 'detached' });
			await server.siteIdle();
			expect((await publicPage(server, '/podcast')).html).not.toContain(published);
			expect(await feedItem(server.url, published)).toBeUndefined();
		},
	);

	it('asks before closing a changed form, and keeps it on No', async ({ newPage }) => {
		const { page } = await newPage({ as: 'editor' });
		await page.goto('/editor-dashboard?tab=podcast');
		await page.getByRole('button', { name: 'Add Episode' }).click();
		const dialog = page.getByRole('dialog', { name: 'Add Episode' });
		await dialog.getByLabel('Title').fill('Half written');
		const asked: string[] = [];
		page.once('dialog', (question) => {
			asked.push(question.message());
			void question.dismiss();
		});
		await page.keyboard.press('Escape');
		await expect.poll(() => asked.length).toBe(1);
		expect(await dialog.getByLabel('Title').inputValue()).toBe('Half written');
	});
});
