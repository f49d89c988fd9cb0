/**
 * Every item of a platform's own feed (/platforms/{id}/rss) links to its platform page with a
 * fragment (#change-…, #review-…), and following it lands on that update or review: the page
 * gives them those ids, opens "All changes" for an older update, and reads further pages of
 * reviews until an older review shows. At desktop and phone width.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { editFirstPlatformPricing } from '../support/platform-helpers';
import type { TestServer } from '../support/server';

type Platform = Record<string, unknown> & { id: number; name: string; pricing: string };

/** More than the page lists at first (REVIEW_PAGE_SIZE, 20), all older than the seeded reviews. */
const OLD_REVIEWS = 25;
let platform: Platform;

/** Four pricing edits (four updates, more than the timeline shows) and many older reviews. */
async function arrange(server: TestServer) {
	platform = await editFirstPlatformPricing(server, [
		'CPM from $4',
		'CPM from $5',
		'CPM from $6',
		'CPM from $7',
	]);
	const { users, platformRatings } = server.tables;
	for (let n = 0; n < OLD_REVIEWS; n++) {
		const [user] = await server.db
			.insert(users)
			.values({ username: `feedreader${n}`, email: `feedreader${n}@test.invalid`, passwordHash: '!' })
			.returning({ id: users.id });
		const createdAt = new Date(Date.UTC(2024, 0, 1 + n));
		await server.db.insert(platformRatings).values({
			platformId: platform.id,
			userId: user!.id,
			rating: 4,
			review: `An older review, number ${n}.`,
			createdAt,
			updatedAt: createdAt,
		});
	}
	const count = await server.db
		.select({ id: platformRatings.id })
		.from(platformRatings)
		.where(eq(platformRatings.platformId, platform.id));
	expect(count.length).toBeGreaterThan(20);
	await server.regenerate();
}

const it = browserTest({ seed: true, ready: arrange });

/** The feed's item links, as paths with their fragments. */
async function feedLinks(server: TestServer): Promise<string[]> {
	const xml = await (await fetch(`${server.url}/platforms/${platform.id}/rss`)).text();
	const items = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((match) => {
		const url = new URL(match[1]!);
		return `${url.pathname}${url.hash}`;
	});
	expect(items.length).toBeGreaterThan(OLD_REVIEWS);
	return items;
}

/** Where the element a fragment names is: missing, or its top relative to the window. */
function placeOf(page: Page, id: string) {
	return page.evaluate((name) => {
		const element = document.getElementById(name);
		if (!element) return 'missing';
		const box = element.getBoundingClientRect();
		return box.height > 0 && box.top >= 0 && box.top < window.innerHeight ? 'in view' : `top at ${box.top}`;
	}, id);
}

describe('a platform feed item links to its place on the page', () => {
	it('lands on every update and review the feed names', async ({ server, newPage }) => {
		const links = await feedLinks(server);
		expect(links.filter((link) => link.includes('#change-'))).toHaveLength(4);
		const { page } = await newPage();
		// The four updates and the first page of reviews: the page's own HTML holds them, so
		// following one from another is a jump within the page.
		for (const link of links.slice(0, 24)) {
			await page.goto(link);
			const id = link.split('#')[1]!;
			await expect.poll(() => placeOf(page, id), { message: link }).toBe('in view');
		}
		await expectNoAxeViolations(page, 'desktop');
		// The first review past the first page, from another page.
		await page.goto('about:blank');
		await page.goto(links[24]!);
		await expect.poll(() => placeOf(page, links[24]!.split('#')[1]!), { timeout: 30_000 }).toBe('in view');
	});

	it('reads further reviews on a phone until the linked one shows', async ({ server, newPage }) => {
		const oldest = (await feedLinks(server)).at(-1)!;
		expect(oldest).toContain('#review-');
		const { page } = await newPage({ mobile: true });
		await page.goto(oldest);
		const id = oldest.split('#')[1]!;
		await expect.poll(() => placeOf(page, id), { timeout: 30_000 }).toBe('in view');
		expect(await page.locator(`#${id}`).innerText()).toContain('An older review, number 0.');
		await expectNoAxeViolations(page, 'phone');
	});
});
