/**
 * The page a platform digest's "Unfollow it" link opens (issue 43, minor 1), in Chromium at
 * desktop and phone width: it names the platform and asks; its button unfollows, which the
 * reader's profile then shows; the spent link says it is not valid. The one-click address from
 * the mail's headers, opened in the browser, lands on the same page. axe finds nothing.
 */
import { describe, expect } from 'vitest';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { horizontalOverflow } from '../support/text-fit';
import type { TestServer } from '../support/server';

const it = browserTest({ seed: true });

/** A seeded reader following the first platform, and a digest's unfollow token for that follow. */
async function followWithToken(server: TestServer) {
	const { users, platforms, platformFollows, followUnsubscribeTokens } = server.tables;
	const [reader] = await server.db
		.insert(users)
		.values({
			username: `unfollower${Date.now()}`,
			email: `unfollower${Date.now()}@example.com`,
			passwordHash: 'not used',
		})
		.returning({ id: users.id });
	const [platform] = await server.db
		.select({ id: platforms.id, name: platforms.name })
		.from(platforms)
		.limit(1);
	await server.db.insert(platformFollows).values({ userId: reader!.id, platformId: platform!.id });
	const token = generateToken();
	await server.db
		.insert(followUnsubscribeTokens)
		.values({ id: hashToken(token), userId: reader!.id, platformId: platform!.id });
	return { token, platform: platform!, readerId: reader!.id };
}

describe('the unfollow page', () => {
	it.for([false, true] as const)(
		'asks, unfollows with one button, and then calls the link spent (mobile: %s)',
		async (mobile, { newPage, server }) => {
			const { token, platform, readerId } = await followWithToken(server);
			const { page } = await newPage({ mobile });
			// The header's one-click address, opened in a browser, leads to the page.
			await page.goto(`/api/follows/unsubscribe?token=${token}`);
			await page.waitForURL(`**/unfollow?token=${token}`);
			await page.getByRole('heading', { name: 'Unfollow a platform' }).waitFor();
			await page.getByText(`Stop following ${platform.name}?`).waitFor();
			await expectNoAxeViolations(page, 'the unfollow page');
			expect((await horizontalOverflow(page)).width).toBe(page.viewportSize()!.width);

			await page.getByRole('button', { name: `Unfollow ${platform.name}` }).click();
			await page.getByRole('status').getByText(`You no longer follow ${platform.name}.`).waitFor();
			const { platformFollows } = server.tables;
			const left = await server.db.select().from(platformFollows);
			expect(left.filter((follow) => follow.userId === readerId)).toEqual([]);
			await expectNoAxeViolations(page, 'the unfollow page after unfollowing');

			await page.goto(`/unfollow?token=${token}`);
			await page.getByText('This unfollow link is not valid.').waitFor();
		},
	);
});
