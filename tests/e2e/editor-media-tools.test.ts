/**
 * The editors' media tools in the browser: an episode's audio uploaded from its form fills the
 * address, size, type and the duration read from the file.
 */
import { describe, expect } from 'vitest';
import { browserTest } from '../support/browser-test';
import { expectToast } from '../support/dashboard-helpers';
import { mp3Audio } from '../support/media-fixtures';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

describe('the episode form', () => {
	it('uploads audio and fills the address, size, type and duration from the file', async ({
		server,
		newPage,
	}) => {
		const { page } = await newPage({ as: 'editor' });
		await page.goto('/editor-dashboard?tab=podcast');
		await page.getByRole('button', { name: 'Add Episode' }).click();
		const dialog = page.getByRole('dialog', { name: 'Add Episode' });
		const bytes = mp3Audio(245);
		await dialog
			.getByLabel('Or upload an audio file (MP3 or M4A)')
			.setInputFiles({ name: 'shelf-talk.mp3', mimeType: 'audio/mpeg', buffer: bytes });
		await dialog.getByText('Uploaded shelf-talk.mp3 (4:05).').waitFor();
		expect(await dialog.getByLabel('Audio URL').inputValue()).toMatch(/^\/media\/[0-9a-f]{32}\.mp3$/);
		expect(await dialog.getByLabel('Audio size (bytes)').inputValue()).toBe(String(bytes.byteLength));
		expect(await dialog.getByLabel('Audio type').inputValue()).toBe('audio/mpeg');
		expect(await dialog.getByLabel('Duration (minutes)').inputValue()).toBe('4');

		const title = `Uploaded ${Date.now()}`;
		await dialog.getByLabel('Title').fill(title);
		await dialog.getByRole('textbox', { name: 'Description' }).fill('Recorded in the studio.');
		await dialog.getByLabel('Episode number').fill('9');
		await dialog.getByRole('switch', { name: 'Publish' }).click();
		await dialog.getByRole('button', { name: 'Create Episode' }).click();
		await expectToast(page, 'Podcast episode created');
		await expect.poll(async () => (await fetch(`${server.url}/podcast/rss`)).text()).toContain(title);

		// A WAV is refused in the form's own words.
		await page.getByRole('button', { name: 'Add Episode' }).click();
		await dialog
			.getByLabel('Or upload an audio file (MP3 or M4A)')
			.setInputFiles({ name: 'raw.wav', mimeType: 'audio/wav', buffer: Buffer.from('RIFF\0\0\0\0WAVEfmt ') });
		await dialog.getByText(/^WAV and Ogg files do not play in Apple Podcasts/).waitFor();
		expect(await dialog.getByLabel('Audio URL').inputValue()).toBe('');
	});
});
