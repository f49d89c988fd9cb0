/**
 * The editors' media tools in the browser: an episode's audio uploaded from its form fills the
 * address, size, type and the duration read from the file; an image file dropped onto a
 * markdown editor asks for its alt text, goes to the library and lands in the text as
 * `![alt](url)`, at 1280 and 390 px with axe; a platform's logo and an article's cover are
 * chosen from the library ("Choose from library"), and a typed external URL still works.
 */
import { describe, expect } from 'vitest';
import type { Locator } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { expectToast } from '../support/dashboard-helpers';
import { mp3Audio, plainPng } from '../support/media-fixtures';

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

/** Drops a file on `target` as a person dragging it from their desktop would. */
async function dropFile(target: Locator, name: string, type: string, bytes: Buffer): Promise<void> {
	await target.evaluate(
		(element, file) => {
			const data = new DataTransfer();
			const raw = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
			data.items.add(new File([raw], file.name, { type: file.type }));
			for (const kind of ['dragenter', 'dragover', 'drop']) {
				element.dispatchEvent(new DragEvent(kind, { dataTransfer: data, bubbles: true, cancelable: true }));
			}
		},
		{ name, type, base64: bytes.toString('base64') },
	);
}

describe('a markdown editor', () => {
	it.for([false, true])(
		'uploads a dropped image with its alt text and inserts it (mobile: %s)',
		async (mobile, { newPage }) => {
			const { context, page } = await newPage({ as: 'editor', mobile });
			await page.goto('/editor-dashboard?tab=news');
			await page.getByRole('button', { name: 'Add News Article' }).click();
			const dialog = page.getByRole('dialog', { name: 'Add News Article' });
			const content = dialog.getByRole('textbox', { name: 'Content' });
			await content.fill('Before the image.\n');
			await dropFile(content, 'shelf.png', 'image/png', await plainPng(64, 48));

			const describe = page.getByRole('dialog', { name: 'Describe the dropped image' });
			await describe.waitFor();
			await expectNoAxeViolations(page, 'the alt text dialog');
			// The alt text is required, in the library's own words.
			await describe.getByRole('button', { name: 'Upload and insert' }).click();
			await describe.getByText(/^Alt text is required/).waitFor();
			const alt = `A red shelf ${mobile ? 'phone' : 'desk'}`;
			await describe.getByLabel('Alt text').fill(alt);
			await describe.getByRole('button', { name: 'Upload and insert' }).click();
			await describe.waitFor({ state: 'detached' });

			await expect
				.poll(() => content.inputValue())
				.toMatch(/^Before the image\.\n!\[A red shelf \w+\]\(\/media\/[0-9a-f]{32}\.png\)\n$/);
			// Still the article's dialog, unsaved: the drop did not submit it.
			expect(await dialog.isVisible()).toBe(true);
			const library = await (
				await context.request.get(`/api/admin/media?q=${encodeURIComponent(alt)}`)
			).json();
			expect(library.map((item: { alt: string }) => item.alt)).toEqual([alt]);
		},
	);
});

/** A library image uploaded through the API as this context's editor; answers its URL. */
async function libraryImage(context: { request: import('playwright-core').APIRequestContext }, alt: string) {
	const answer = await context.request.post('/api/admin/media', {
		multipart: { file: { name: 'pick.png', mimeType: 'image/png', buffer: await plainPng(80, 60) }, alt },
	});
	expect(answer.status(), await answer.text()).toBe(201);
	return ((await answer.json()) as { url: string }).url;
}

describe('image address fields', () => {
	it.for([false, true])(
		'take a platform logo and an article cover from the library (mobile: %s)',
		async (mobile, { newPage }) => {
			const { context, page } = await newPage({ as: 'editor', mobile });
			const alt = `Library logo ${mobile ? 'phone' : 'desk'} ${Date.now()}`;
			const url = await libraryImage(context, alt);

			await page.goto('/editor-dashboard?tab=platforms');
			await page.getByRole('button', { name: 'Add Platform' }).click();
			const platform = page.getByRole('dialog', { name: 'Add Platform' });
			await platform.getByRole('button', { name: 'Choose from library: logo' }).click();
			const picker = page.getByRole('dialog', { name: 'Choose the logo' });
			await picker.getByRole('searchbox').fill(alt);
			await picker.getByRole('button', { name: alt }).click();
			await picker.waitFor({ state: 'detached' });
			expect(await platform.getByLabel('Logo URL').inputValue()).toBe(url);
			await expectNoAxeViolations(page, 'the platform form with a chosen logo');
			const name = `Picked logo ${Date.now()}`;
			await platform.getByLabel('Name').fill(name);
			await platform.getByLabel('Category').selectOption('DSP');
			await platform.getByLabel('Description').fill('Its logo comes from the library.');
			await platform.getByLabel('Pricing').fill('CPM');
			await platform.getByRole('button', { name: 'Create Platform' }).click();
			await platform.waitFor({ state: 'detached' });
			const platforms = (await (await context.request.get('/api/platforms')).json()) as Array<{
				name: string;
				logo: string | null;
			}>;
			expect(platforms.find((each) => each.name === name)?.logo).toBe(url);

			await page.goto('/editor-dashboard?tab=news');
			await page.getByRole('button', { name: 'Add News Article' }).click();
			const article = page.getByRole('dialog', { name: 'Add News Article' });
			// A typed external address stays as typed until a library image replaces it.
			await article.getByLabel('Featured image URL').fill('https://img.example.com/cover.jpg');
			await article.getByRole('button', { name: 'Choose from library: featured image' }).click();
			const coverPicker = page.getByRole('dialog', { name: 'Choose the featured image' });
			await coverPicker.getByRole('searchbox').fill(alt);
			await coverPicker.getByRole('button', { name: alt }).click();
			await coverPicker.waitFor({ state: 'detached' });
			expect(await article.getByLabel('Featured image URL').inputValue()).toBe(url);
		},
	);
});

describe('image pickers', () => {
	it.for([false, true])(
		'upload a new image from "Insert image" and "Choose from library" and use it (mobile: %s)',
		async (mobile, { newPage }) => {
			const { context, page } = await newPage({ as: 'editor', mobile });
			await page.goto('/editor-dashboard?tab=news');
			await page.getByRole('button', { name: 'Add News Article' }).click();
			const article = page.getByRole('dialog', { name: 'Add News Article' });
			const content = article.getByRole('textbox', { name: 'Content' });
			await content.fill('Before the image.\n');

			// "Insert image": a new file uploaded in the picker goes into the body.
			await article.getByRole('button', { name: 'Insert image' }).click();
			const picker = page.getByRole('dialog', { name: 'Insert an image' });
			await picker.getByText('Upload a new image').click();
			const alt = `Picked upload ${mobile ? 'phone' : 'desk'} ${Date.now()}`;
			await picker.getByLabel(/^Image \(JPEG/).setInputFiles({
				name: 'fresh.png',
				mimeType: 'image/png',
				buffer: await plainPng(72, 40),
			});
			await picker.getByLabel('Alt text of the new image').fill(alt);
			await expectNoAxeViolations(page, `the picker's upload form at ${mobile ? 390 : 1280} px`);
			await picker.getByRole('button', { name: 'Upload', exact: true }).click();
			await picker.waitFor({ state: 'detached' });
			await expect
				.poll(() => content.inputValue())
				.toMatch(new RegExp(`^Before the image\\.\\n!\\[${alt}\\]\\(/media/[0-9a-f]{32}\\.png\\)`));
			// The upload did not submit the article: its dialog is still open, unsaved.
			expect(await article.isVisible()).toBe(true);
			const library = (await (
				await context.request.get(`/api/admin/media?q=${encodeURIComponent(alt)}`)
			).json()) as Array<{ alt: string; url: string }>;
			expect(library.map((item) => item.alt)).toEqual([alt]);

			// "Choose from library": a cover uploaded in its picker fills the address field.
			await article.getByRole('button', { name: 'Choose from library: featured image' }).click();
			const coverPicker = page.getByRole('dialog', { name: 'Choose the featured image' });
			await coverPicker.getByText('Upload a new image').click();
			const coverAlt = `${alt} cover`;
			await coverPicker.getByLabel(/^Image \(JPEG/).setInputFiles({
				name: 'cover.png',
				mimeType: 'image/png',
				buffer: await plainPng(90, 50),
			});
			await coverPicker.getByLabel('Alt text of the new image').fill(coverAlt);
			await coverPicker.getByRole('button', { name: 'Upload', exact: true }).click();
			await coverPicker.waitFor({ state: 'detached' });
			const cover = (await (
				await context.request.get(`/api/admin/media?q=${encodeURIComponent(coverAlt)}`)
			).json()) as Array<{ url: string }>;
			expect(await article.getByLabel('Featured image URL').inputValue()).toBe(cover[0]!.url);
			await expectNoAxeViolations(page, `the article form with picked uploads at ${mobile ? 390 : 1280} px`);
		},
	);
});
