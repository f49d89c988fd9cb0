/**
 * The Media tab and library images on the public pages, in Chromium at 1280 and 390 px: an
 * editor uploads by the picker and by dropping a file (with progress), edits an image's alt
 * text, deletes one behind a confirmation that says browsers may keep showing it, inserts it into a page from the markdown editor's library picker, and the page then shows
 * it as a <picture> with AVIF and WebP sources, its width and height, its alt text and lazy
 * loading. The tab lists uploaded episode audio too, deleted behind the same confirmation
 * (issue 42, I-4). axe finds nothing on the tab.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeBuilder } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { expectToast } from '../support/dashboard-helpers';
import { mp3Audio, photoWithGps, plainPng } from '../support/media-fixtures';
import { horizontalOverflow } from '../support/text-fit';
import { articleBody } from '../support/content-fixtures';

const it = browserTest({ seed: true });

async function uploadImageByPicker(page: Page, bytes: Buffer, name: string, alt: string) {
	await page.getByLabel(/^Image \(JPEG/).setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
	await page.getByLabel('Alt text of the new image').fill(alt);
	await page.getByRole('button', { name: 'Upload' }).click();
}

async function uploadByPicker(page: Page, bytes: Buffer, name: string, alt: string) {
	await uploadImageByPicker(page, bytes, name, alt);
	await expectToast(page, 'Image uploaded');
}

describe('the Media tab', () => {
	it.for([false, true] as const)(
		'uploads, lists, edits and deletes images (mobile: %s)',
		async (mobile, { newPage }) => {
			const { page } = await newPage({ as: 'editor', mobile });
			await page.goto('/editor-dashboard?tab=media');
			await page.getByRole('heading', { name: 'Media' }).waitFor();
			const word = `kestrel${Date.now()}${mobile ? 'm' : 'd'}`;

			// The alt text is asked for before anything is sent.
			await page
				.getByLabel(/^Image \(JPEG/)
				.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await plainPng(50, 50) });
			await page.getByRole('button', { name: 'Upload' }).click();
			await page.getByRole('alert').getByText('Alt text is required').waitFor();

			// A larger photo, so the progress bar has time to show.
			const progress = page.getByRole('progressbar', { name: 'Upload progress' });
			const sawProgress = progress.waitFor({ timeout: 30_000 }).then(
				() => true,
				() => false,
			);
			await uploadByPicker(page, await photoWithGps(2400, 1800), `${word}.jpg`, `${word} picked`);
			expect(await sawProgress).toBe(true);

			// Dropped on the zone: the browser hands the file over as a drag would.
			const dropped = (await plainPng(120, 90)).toString('base64');
			await page.getByTestId('media-drop-zone').evaluate((zone, base64) => {
				const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
				const transfer = new DataTransfer();
				transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
				zone.dispatchEvent(
					new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
				);
			}, dropped);
			await page.getByText('Chosen: dropped.png').waitFor();
			await page.getByLabel('Alt text of the new image').fill(`${word} dropped`);
			await page.getByRole('button', { name: 'Upload' }).click();
			await expectToast(page, 'Image uploaded');

			await page.getByLabel('Search images').fill(word);
			const cards = page.getByTestId('media-card');
			await expect.poll(() => cards.count()).toBe(2);
			const picked = cards.filter({ has: page.getByRole('img', { name: `${word} picked` }) });
			await picked.getByLabel('Alt text').fill(`${word} renamed`);
			await picked.getByRole('button', { name: 'Save alt text' }).click();
			await expectToast(page, 'Alt text saved');
			await page.getByRole('img', { name: `${word} renamed` }).waitFor();

			expect((await horizontalOverflow(page)).width).toBe(page.viewportSize()!.width);
			const { violations } = await axeBuilder(page).include('[aria-labelledby="media-heading"]').analyze();
			expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);

			// Deleting asks first, and says what the site cannot take back: browsers' own copies.
			const droppedCard = cards.filter({ has: page.getByRole('img', { name: `${word} dropped` }) });
			await droppedCard.getByRole('button', { name: 'Delete' }).click();
			const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
			await confirm
				.getByText(
					`“${word} dropped” and all its sizes are removed for good. The site stops serving it at once, but browsers that already loaded it may keep showing it for up to 24 hours.`,
				)
				.waitFor();
			await confirm.getByRole('button', { name: 'Delete' }).click();
			await expectToast(page, 'Image deleted');
			await expect.poll(() => cards.count()).toBe(1);
		},
	);
});

describe('the Media tab’s refusals and repeats (issue 43, minor 10)', () => {
	it.for([false, true] as const)(
		'closes the delete confirm on a refusal and keeps one copy of an image uploaded twice (mobile: %s)',
		async (mobile, { newPage }) => {
			const { page, context } = await newPage({ as: 'editor', mobile });
			const word = `heron${Date.now()}${mobile ? 'm' : 'd'}`;
			const png = await plainPng(90, 70);
			const uploaded = await context.request.post('/api/admin/media', {
				multipart: {
					file: { name: `${word}.png`, mimeType: 'image/png', buffer: png },
					alt: `${word} cover`,
				},
			});
			expect(uploaded.status(), await uploaded.text()).toBe(201);
			const { url } = (await uploaded.json()) as { url: string };
			const article = await context.request.post('/api/news', {
				data: articleBody({ title: `Covered by ${word}`, imageUrl: url }),
			});
			expect(article.status(), await article.text()).toBe(201);

			await page.goto('/editor-dashboard?tab=media');
			await page.getByRole('heading', { name: 'Media' }).waitFor();
			await page.getByLabel('Search images').fill(word);
			const cards = page.getByTestId('media-card');
			await expect.poll(() => cards.count()).toBe(1);
			await cards.getByRole('button', { name: 'Delete' }).click();
			const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
			await confirm.getByRole('button', { name: 'Delete' }).click();
			await expectToast(page, 'Not deleted');
			await expectToast(page, 'This image is in use by');
			// The refusal is final: the dialog goes, so the toast is not left behind it.
			await confirm.waitFor({ state: 'detached' });
			expect(await cards.count()).toBe(1);

			await uploadImageByPicker(page, png, `${word}-again.png`, `${word} again`);
			await expectToast(
				page,
				'Already in the library',
				`This image was uploaded before as “${word} cover”; the library keeps one copy.`,
			);
			await page.getByLabel('Search images').fill('');
			await page.getByLabel('Search images').fill(word);
			await expect.poll(() => cards.count()).toBe(1);
			const { violations } = await axeBuilder(page).include('[aria-labelledby="media-heading"]').analyze();
			expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
		},
	);
});

describe('the Media tab’s audio', () => {
	it.for([false, true] as const)(
		'lists uploaded audio and deletes a file behind a confirmation (mobile: %s)',
		async (mobile, { newPage, server }) => {
			const { page, context } = await newPage({ as: 'editor', mobile });
			// Bytes no other upload has (a frame's payload differs), so the file is this test's own.
			const bytes = mp3Audio(2);
			bytes.set(Buffer.from(`${Date.now()}${mobile}`), 100);
			const upload = await fetch(`${server.url}/api/admin/media/audio`, {
				method: 'POST',
				body: new Uint8Array(bytes),
				headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
			});
			expect(upload.status).toBe(201);
			const audio = await upload.json();
			const name = audio.url.slice('/media/'.length);

			await page.goto('/editor-dashboard?tab=media');
			const list = page.getByRole('list', { name: 'Audio files' });
			const row = list.getByTestId('audio-row').filter({ hasText: name });
			await row.waitFor();
			await row.getByText('0:02').waitFor();

			expect((await horizontalOverflow(page)).width).toBe(page.viewportSize()!.width);
			const { violations } = await axeBuilder(page)
				.include('[aria-labelledby="media-audio-heading"]')
				.analyze();
			expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);

			await row.getByRole('button', { name: `Delete ${name}` }).click();
			const confirm = page.getByRole('dialog', { name: 'Delete this audio file?' });
			await confirm
				.getByText(
					`${name} is removed for good. The site stops serving it at once, but browsers and podcast apps that already loaded it may keep playing it for up to 24 hours.`,
				)
				.waitFor();
			await confirm.getByRole('button', { name: 'Delete' }).click();
			await expectToast(page, 'Audio file deleted');
			await row.waitFor({ state: 'detached' });
			expect((await fetch(`${server.url}${audio.url}`)).status).toBe(404);
		},
	);
});

describe('a library image in a page', () => {
	it('is inserted from the editor and shown as a responsive picture', async ({ newPage, server }) => {
		const { page, context } = await newPage({ as: 'editor' });
		const form = new FormData();
		form.set(
			'file',
			new Blob([new Uint8Array(await photoWithGps(2000, 1000))], { type: 'image/jpeg' }),
			'team.jpg',
		);
		form.set('alt', 'The team at the summit');
		const upload = await fetch(`${server.url}/api/admin/media`, {
			method: 'POST',
			body: form,
			headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
		});
		expect(upload.status).toBe(201);
		const image = await upload.json();

		await page.goto('/editor-dashboard?tab=pages');
		await page.getByRole('button', { name: /About/ }).first().click();
		const content = page.getByRole('textbox', { name: 'Content' });
		await content.press('ControlOrMeta+End');
		await page.getByRole('button', { name: 'Insert image' }).click();
		const picker = page.getByRole('dialog', { name: 'Insert an image' });
		await picker.getByLabel('Search images').fill('summit');
		await picker.getByRole('button', { name: 'The team at the summit' }).click();
		await expect.poll(() => content.inputValue()).toContain(`![The team at the summit](${image.url})`);
		await page.getByRole('button', { name: 'Save Page' }).click();
		await expectToast(page, 'Page updated successfully!');

		await expect
			.poll(async () => (await (await fetch(`${server.url}/about`)).text()).includes(image.url))
			.toBe(true);
		await page.goto('/about');
		const img = page.locator(`picture img[src="${image.url}"]`);
		await img.waitFor({ state: 'attached' });
		expect(await img.getAttribute('alt')).toBe('The team at the summit');
		expect(await img.getAttribute('width')).toBe('1600');
		expect(await img.getAttribute('height')).toBe('800');
		expect(await img.getAttribute('loading')).toBe('lazy');
		const sources = await page
			.locator('picture source')
			.evaluateAll((all) =>
				all.map((source) => ({ type: source.getAttribute('type'), srcset: source.getAttribute('srcset') })),
			);
		expect(sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
		expect(sources[0]!.srcset).toMatch(/\/media\/[0-9a-f]{32}\.avif 480w, .+ 960w, .+ 1600w/);
		// The browser picked one of the sources and loaded it.
		await expect
			.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
			.toBe(true);
	});
});
