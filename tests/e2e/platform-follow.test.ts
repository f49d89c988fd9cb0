/**
 * A platform page's feed and Follow button, and the profile's followed platforms, in the
 * browser: the page links its feed (a <link rel="alternate"> and a visible link), which is
 * well-formed RSS carrying an editor's pricing change without the editor; a visitor's press
 * shows the sign-in prompt, an unconfirmed address is told why; a confirmed reader follows, sees
 * it after a reload and on the profile, and unfollows there. axe finds nothing and nothing
 * overflows at desktop and phone width.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { UNVERIFIED_FOLLOW } from '@/lib/validation/platform-messages';
import { expectNoAxeViolations } from '../support/axe';
import { gotoHydrated, hydrateIslands } from '../support/browser';
import { browserTest } from '../support/browser-test';
import { EDITOR } from '../support/dashboard-helpers';
import { Client } from '../support/http';
import { editorCookie, type TestServer } from '../support/server';

type Platform = Record<string, unknown> & { id: number; slug: string; name: string; pricing: string };

let platform: Platform;
const unverified = {
	email: 'follow-unverified@example.com',
	username: 'follow_unverified',
	password: 'unverified-1',
};

/** Changes the first seeded platform's pricing, and signs up an account that is not confirmed. */
async function arrange(server: TestServer) {
	const [first] = (await (await fetch(`${server.url}/api/platforms?limit=1`)).json()) as Platform[];
	const { id, rating, reviewCount, isClaimed, ...form } = first!;
	const answer = await fetch(`${server.url}/api/admin/platforms/${id}`, {
		method: 'PUT',
		headers: {
			cookie: await editorCookie(server.db),
			origin: server.url,
			'content-type': 'application/json',
		},
		body: JSON.stringify({ ...form, pricing: 'CPC from $0.70' }),
	});
	expect(answer.status).toBe(200);
	platform = { ...first!, pricing: 'CPC from $0.70' };
	expect((await new Client(server.url).post('/api/register', unverified)).status).toBe(201);
	await server.siteIdle();
}

const it = browserTest({ seed: true, ready: arrange });

const followButton = (page: Page) => page.getByTestId('follow-platform').getByRole('button');

describe('a platform page: its feed', () => {
	it('links a well-formed feed with the pricing change and never the editor', async ({ newPage }) => {
		const { page } = await newPage();
		await page.goto(`/platforms/${platform.id}`);
		// Beside the site's own feed (/rss), the platform's.
		const feeds = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
		const hrefs = await feeds.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
		expect(hrefs).toEqual(['/rss', `/platforms/${platform.slug}/rss`]);
		const href = hrefs[1]!;
		const visible = page.getByTestId('platform-feed-link');
		expect(await visible.getAttribute('href')).toBe(`/platforms/${platform.slug}/rss`);
		const xml = await (await page.request.get(href)).text();
		const parsed = await page.evaluate((source) => {
			const doc = new DOMParser().parseFromString(source, 'application/xml');
			const error = doc.querySelector('parsererror');
			return {
				error: error?.textContent ?? null,
				items: [...doc.getElementsByTagName('item')].map((item) => ({
					title: item.getElementsByTagName('title')[0]?.textContent,
					description: item.getElementsByTagName('description')[0]?.textContent,
				})),
			};
		}, xml);
		expect(parsed.error).toBeNull();
		expect(parsed.items[0]).toEqual({
			title: `${platform.name} updated: Pricing`,
			description: expect.stringMatching(/^Pricing: .+ → CPC from \$0\.70$/),
		});
		expect(xml).not.toContain(EDITOR.email);
		expect(xml).not.toContain(`>${EDITOR.username}`);
	});
});

describe('a platform page: Follow', () => {
	it('shows a visitor the sign-in prompt', async ({ newPage }) => {
		const { page } = await newPage();
		await page.goto(`/platforms/${platform.id}`);
		await followButton(page).click();
		const prompt = page
			.getByTestId('follow-platform')
			.getByRole('link', { name: 'Sign in to follow this platform' });
		await expect.poll(() => prompt.isVisible()).toBe(true);
		expect(await prompt.getAttribute('href')).toContain('/auth');
	});

	it('tells an unconfirmed address why it cannot follow', async ({ newPage }) => {
		const { page } = await newPage({ as: unverified });
		await page.goto(`/platforms/${platform.id}`);
		await followButton(page).click();
		const why = page.getByTestId('follow-unverified');
		await expect.poll(() => why.isVisible()).toBe(true);
		expect(await why.innerText()).toContain(UNVERIFIED_FOLLOW);
	});

	it('follows, shows it after a reload and on the profile, and unfollows there', async ({ newPage }) => {
		const { page } = await newPage({ as: 'user' });
		await page.goto(`/platforms/${platform.id}`);
		// Signed in, the button hydrates at once to show whether the reader follows.
		await expect.poll(() => followButton(page).innerText()).toBe(`Follow ${platform.name}`);
		await followButton(page).click();
		await expect.poll(() => followButton(page).innerText()).toBe(`Unfollow ${platform.name}`);
		// Announced once the server has answered, which may be a moment after the list changed.
		await expect
			.poll(() => page.getByTestId('follow-platform').getByRole('status').innerText())
			.toContain(`You follow ${platform.name}`);
		await page.reload();
		await expect.poll(() => followButton(page).innerText()).toBe(`Unfollow ${platform.name}`);

		await page.goto('/profile');
		const list = page.getByTestId('profile-follows');
		const link = list.getByRole('link', { name: platform.name });
		await expect.poll(() => link.isVisible()).toBe(true);
		expect(await link.getAttribute('href')).toBe(`/platforms/${platform.slug}`);
		await list.getByRole('button', { name: `Unfollow ${platform.name}` }).click();
		await expect.poll(() => list.innerText()).toContain('You follow no platforms yet.');

		await page.goto(`/platforms/${platform.id}`);
		await expect.poll(() => followButton(page).innerText()).toBe(`Follow ${platform.name}`);
	});

	it("keeps a click made while a signed-in reader's island is still loading", async ({ newPage }) => {
		const { page } = await newPage({ as: 'user' });
		// The island's code arrives a second late, as on a slow phone, and the reader clicks first.
		await page.route('**/_astro/**/*.js', async (route) => {
			await new Promise((resolve) => setTimeout(resolve, 1_000));
			await route.continue();
		});
		await page.goto(`/platforms/${platform.id}`, { waitUntil: 'domcontentloaded' });
		await followButton(page).click();
		await expect.poll(() => followButton(page).innerText()).toBe(`Unfollow ${platform.name}`);
		await followButton(page).click();
		await expect.poll(() => followButton(page).innerText()).toBe(`Follow ${platform.name}`);
	});

	it('a press made while the follows are still being read neither loses to the old list nor follows twice', async ({
		newPage,
	}) => {
		const { page } = await newPage({ as: 'user' });
		// The list of follows is read before the press but answers after it, as on a slow network:
		// its answer, true when it was read, must not undo the press.
		await page.route('**/api/profile/follows', async (route) => {
			const response = await route.fetch();
			await new Promise((resolve) => setTimeout(resolve, 1_500));
			await route.fulfill({ response });
		});
		// A press that follows; then, following already, one that unfollows rather than following again.
		for (const shown of [`Unfollow ${platform.name}`, `Follow ${platform.name}`]) {
			await gotoHydrated(page, `/platforms/${platform.id}`);
			await hydrateIslands(page);
			await followButton(page).click();
			await expect.poll(() => followButton(page).innerText(), { timeout: 15_000 }).toBe(shown);
			// Past the old list's answer, the button still shows what the server holds.
			await page.waitForTimeout(2_000);
			expect(await followButton(page).innerText()).toBe(shown);
		}
	});

	// Four pages, each checked by axe: over a minute on a busy 2-core machine.
	it('has no axe violation and no sideways scroll at desktop and phone width', { timeout: 180_000 }, async ({
		newPage,
	}) => {
		for (const mobile of [false, true]) {
			for (const as of [undefined, unverified] as const) {
				const { page } = await newPage({ mobile, as });
				await page.goto(`/platforms/${platform.id}`);
				await followButton(page).click();
				await expect.poll(() => page.getByTestId('follow-platform').locator('p').count()).toBe(1);
				const where = `${mobile ? 'phone' : 'desktop'}, ${as ? 'unconfirmed' : 'visitor'}`;
				await expectNoAxeViolations(page, where);
				const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
				expect(overflow, where).toBeLessThanOrEqual(0);
			}
		}
	});
});
