/**
 * Small things a second walk through the site found, each checked the way a person meets it:
 * the profile's newsletter switch keeps the keyboard focus, 'Recommended' without a rank, 'No reviews yet' for an unrated platform, field errors
 * that go once fixed, toasts clear of the control just pressed, an empty comment explained,
 * a newsletter starter with nothing new, the podcast's in-page player and truthful durations,
 * and WCAG 2.5.3 Label in Name on the dashboard's News tab.
 */
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SHOW_COVER } from '@/components/podcast/show-cover';
import { axeBuilder } from '../support/axe';
import { signInAs } from '../support/browser';
import { browserTest } from '../support/browser-test';
import type { TestServer } from '../support/server';
import { expectToast, openDashboard, toastRegion } from '../support/dashboard-helpers';
import { apiPlatforms, hydrated, registerAccount } from '../support/platform-helpers';
import { testSlug } from '../support/slugs';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

type Episode = { id: number; title: string; audioUrl: string; imageUrl: string | null; duration: number };

async function episodes(server: TestServer): Promise<Episode[]> {
	const response = await fetch(`${server.url}/api/podcasts`);
	expect(response.status).toBe(200);
	return (await response.json()) as Episode[];
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

async function box(locator: Locator) {
	const found = await locator.boundingBox();
	expect(found).not.toBeNull();
	return found!;
}

/** True when the shown toast and the control overlap on screen. */
async function toastCovers(page: Page, control: Locator): Promise<boolean> {
	const [toast, target] = [await box(toastRegion(page)), await box(control)];
	return (
		toast.x < target.x + target.width &&
		target.x < toast.x + toast.width &&
		toast.y < target.y + target.height &&
		target.y < toast.y + toast.height
	);
}

/**
 * Starts watching, frame by frame, whether a toast on screen overlaps the control, from before
 * the frame that first draws it: a toast that takes its edge only after a frame has shown it
 * over the control passes a check made later but fails this one. Resolves the count of frames
 * that showed a toast and of those where it covered the control, once `frames` have shown one.
 */
async function watchToastFrames(control: Locator, frames = 20) {
	await control.evaluate((element, wanted) => {
		const seen = { withToast: 0, covering: 0 };
		(window as unknown as { toastFrames: Promise<typeof seen> }).toastFrames = new Promise((resolve) => {
			const frame = () => {
				const toast = document.querySelector('#toast-root li');
				if (toast) {
					const [a, b] = [toast.getBoundingClientRect(), element.getBoundingClientRect()];
					seen.withToast += 1;
					if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
						seen.covering += 1;
				}
				if (seen.withToast >= wanted) resolve(seen);
				else requestAnimationFrame(frame);
			};
			requestAnimationFrame(frame);
		});
	}, frames);
	return () =>
		control.page().evaluate(() => (window as unknown as { toastFrames: Promise<unknown> }).toastFrames);
}

/** Scrolls so the control's top sits `top` px below the top of the window. */
async function placeAt(control: Locator, top: number) {
	await control.evaluate((element, y) => window.scrollBy(0, element.getBoundingClientRect().top - y), top);
}

describe('profile', () => {
	it('keeps the keyboard focus on the newsletter switch while Space saves it', async ({
		server,
		newPage,
	}) => {
		const account = await registerAccount(server, 'switcher');
		const { page, context } = await newPage();
		await signInAs(context, account.email, account.password);
		await page.goto('/profile');
		const toggle = page.getByRole('switch', { name: 'Receive the weekly retail media newsletter' });
		await toggle.waitFor();
		await hydrated(page);
		const before = await toggle.getAttribute('aria-checked');
		await toggle.focus();
		await page.keyboard.press('Space');
		await expectToast(page, 'Newsletter preference updated');
		expect(await toggle.getAttribute('aria-checked')).not.toBe(before);
		expect(await isFocused(toggle)).toBe(true);
		// And Space again flips it back, from where the focus still is.
		await page.keyboard.press('Space');
		await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(before);
		await expect
			.poll(async () => (await (await context.request.get('/api/user')).json()).isNewsletterSubscribed)
			.toBe(before === 'true');
		expect(await isFocused(toggle)).toBe(true);
	});
});

describe('platforms', () => {
	it("calls flagged platforms 'Recommended', without a rank", async ({ server, newPage }) => {
		const recommended = (await apiPlatforms(server)).filter((platform) => platform.isRecommended);
		expect(recommended.length).toBeGreaterThan(1);
		const { page } = await newPage();
		await page.goto(`/platforms/${recommended[0]!.id}`);
		const header = page.locator('header', { has: page.getByRole('heading', { level: 1 }) });
		await header.getByText('Recommended', { exact: true }).waitFor();
		expect(await page.locator('main').innerText()).not.toContain('#1');
	});

	it("says 'No reviews yet' for an unrated platform instead of 0.0 and grey stars", async ({
		server,
		newPage,
	}) => {
		const unrated = (await apiPlatforms(server)).find((platform) => platform.reviewCount === 0)!;
		expect(unrated).toBeTruthy();
		const { page } = await newPage();
		await page.goto(`/platforms?search=${encodeURIComponent(unrated.name)}`);
		await hydrated(page);
		const card = page.locator(`[data-platform-card="${unrated.id}"]`);
		await card.waitFor();
		expect(await card.innerText()).toContain('No reviews yet');
		expect(await card.innerText()).not.toContain('0.0');
		expect(await card.innerText()).not.toContain('(0 reviews)');
		expect(await card.getByRole('img', { name: /Rated/ }).count()).toBe(0);

		await page.goto(`/platforms/${unrated.id}`);
		const header = page.locator('header', { has: page.getByRole('heading', { level: 1 }) });
		expect(await header.innerText()).toContain('No reviews yet');
		expect(await header.innerText()).not.toContain('0.0');
		expect(await header.getByRole('img', { name: /Rated/ }).count()).toBe(0);

		// The first rating swaps the header to stars, the average and the count in place.
		const account = await registerAccount(server, 'firstrater');
		await signInAs(page.context(), account.email, account.password);
		await page.reload();
		await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
		await hydrated(page);
		await page.getByRole('button', { name: 'Submit Rating' }).click();
		await expect.poll(() => header.innerText()).toContain('(1 review)');
		expect(await header.innerText()).not.toContain('No reviews yet');
		expect(await header.getByRole('img', { name: /Rated \d\.\d out of 5/ }).count()).toBe(1);
	});

	it('explains why Post Comment with nothing typed posts nothing', async ({ server, newPage }) => {
		const account = await registerAccount(server, 'silent');
		const platform = (await apiPlatforms(server))[0]!;
		const { page, context } = await newPage();
		await signInAs(context, account.email, account.password);
		let posts = 0;
		page.on('request', (request) => {
			if (request.method() === 'POST' && request.url().endsWith('/comments')) posts += 1;
		});
		await page.goto(`/platforms/${platform.id}`);
		await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
		await hydrated(page);
		const box = page.getByLabel('Add a comment');
		await page.getByRole('button', { name: 'Post Comment' }).click();
		await page.getByText('Please write a comment before posting.').waitFor();
		expect(await box.getAttribute('aria-invalid')).toBe('true');
		await expect.poll(() => isFocused(box)).toBe(true);
		expect(posts).toBe(0);
	});
});

describe('toasts', () => {
	it('keep clear of Save Page at the bottom right of a wide screen', async ({ server, browser }) => {
		const { page } = await openDashboard(browser, server, 'pages');
		await page.getByRole('button', { name: /About Us/ }).click();
		const save = page.getByRole('button', { name: 'Save Page' });
		// Where the usual toast corner is: the bottom right.
		await save.evaluate((element) => element.scrollIntoView({ block: 'end' }));
		await save.click();
		await expectToast(page, 'Page updated successfully!');
		expect(await toastCovers(page, save)).toBe(false);
	});

	it('keep clear of the vote buttons at the top of a phone screen', async ({ server, newPage }) => {
		const platform = (await apiPlatforms(server)).find((candidate) => candidate.reviewCount > 0)!;
		const { page } = await newPage({ mobile: true });
		await page.goto(`/platforms/${platform.id}`);
		await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
		await hydrated(page);
		const helpful = page
			.getByRole('group', { name: 'Was this comment helpful?' })
			.first()
			.getByRole('button')
			.first();
		await helpful.waitFor();
		// Just below the sticky header, where a phone shows toasts.
		await placeAt(helpful, 80);
		const frames = await watchToastFrames(helpful);
		await helpful.click();
		await expectToast(page, 'Please sign in to vote on comments');
		expect(await toastCovers(page, helpful)).toBe(false);
		// Not even its first frame shows the toast over the button.
		expect(await frames()).toEqual({ withToast: 20, covering: 0 });
	});
});

describe('editor dashboard', () => {
	it('clears a field error as soon as the field is filled', async ({ server, browser }) => {
		const { page } = await openDashboard(browser, server, 'news');
		await page.getByRole('button', { name: 'Add News Article' }).click();
		const dialog = page.getByRole('dialog', { name: 'Add News Article' });
		await dialog.getByRole('button', { name: 'Create Article' }).click();
		await dialog.getByText('Excerpt is required.').waitFor();
		// The submit moves focus to the first refused field a frame or more after the errors show;
		// typing before that lands would be moved into Title with it.
		await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('news-article-title');
		const excerpt = dialog.getByLabel('Excerpt');
		await excerpt.fill('Now there is an excerpt.');
		await dialog.getByText('Excerpt is required.').waitFor({ state: 'detached' });
		expect(await excerpt.getAttribute('aria-invalid')).toBeNull();
		// The other fields still say what they need.
		await dialog.getByText('Title is required.').waitFor();
	});

	it('says nothing is new when no article came out since the last issue', async ({ server, browser }) => {
		await server.db.insert(server.tables.newsletterIssues).values({
			subject: 'Last week',
			slug: testSlug('Last week'),
			content: 'Sent already.',
			status: 'sent',
			sendStartedAt: new Date(),
			sentAt: new Date(),
		});
		const { page } = await openDashboard(browser, server, 'newsletter');
		const content = page.locator('#newsletter-content');
		await content.waitFor();
		await page.getByRole('button', { name: "Start from this week's articles" }).click();
		await expectToast(page, 'No new articles', 'Nothing was published since');
		expect(await toastRegion(page).innerText()).not.toContain('0 articles');
		expect(await content.inputValue()).toBe('');
		expect(await page.getByLabel('Subject').inputValue()).toBe('');
	});

	it('gives the News tab’s buttons names that contain their visible labels (WCAG 2.5.3)', async ({
		server,
		browser,
	}) => {
		const { page } = await openDashboard(browser, server, 'news');
		await page.getByTestId('article-card').first().waitFor();
		const results = await axeBuilder(page).withRules(['label-content-name-mismatch']).analyze();
		const found = results.violations.flatMap((violation) => violation.nodes.map((node) => node.html));
		expect(found).toEqual([]);
	});
});

describe('podcast', () => {
	it('plays each episode in the page, beside Listen Now, and states what the demo clip lasts', async ({
		server,
		newPage,
	}) => {
		const all = await episodes(server);
		const { page } = await newPage();
		await page.goto('/podcast');
		for (const episode of all) {
			const card = page.locator(`#episode-${episode.id}`);
			const player = card.locator('audio');
			expect(await player.getAttribute('src')).toBe(episode.audioUrl);
			expect(await player.getAttribute('controls')).not.toBeNull();
			expect(await player.getAttribute('aria-label')).toContain(episode.title);
			expect(await card.getByRole('link', { name: /Listen Now/ }).getAttribute('href')).toBe(
				episode.audioUrl,
			);
			// The file's real length, as the browser reads it, in the card's whole minutes.
			const seconds = await player.evaluate(
				(audio: HTMLAudioElement) =>
					new Promise<number>((resolve, reject) => {
						audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
						audio.addEventListener('error', () => reject(new Error('audio failed')), { once: true });
						audio.preload = 'metadata';
						audio.load();
					}),
			);
			expect(seconds).toBeGreaterThan(5);
			expect(episode.duration).toBe(Math.ceil(seconds / 60));
			expect(await card.innerText()).toContain(`${episode.duration}m`);
		}
	});

	it("shows the show's cover for an episode without its own, never an empty frame", async ({
		server,
		newPage,
	}) => {
		const coverless = (await episodes(server)).filter((episode) => !episode.imageUrl);
		expect(coverless.length).toBeGreaterThan(0);
		const { page } = await newPage();
		await page.goto('/podcast');
		for (const episode of coverless) {
			const image = page.locator(`#episode-${episode.id} img`);
			expect(await image.getAttribute('src')).toBe(SHOW_COVER);
			await image.scrollIntoViewIfNeeded();
			await expect
				.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
				.toBe(true);
		}
	});
});
