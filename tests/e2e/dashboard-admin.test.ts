/**
 * The editor dashboard's Platforms, Comments and Users tabs in the browser,
 * checked against the public site and the API: platform create/edit/delete, comment
 * moderation, banning (the user's own browser is signed out) and password changes.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { COMMUNITY_PASSWORD } from '../../scripts/seed/users';
import { browserTest } from '../support/browser-test';
import {
	EDITOR,
	browse,
	confirmDialog,
	expectToast,
	getJson,
	openDashboard,
	publicPage,
} from '../support/dashboard-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

const member = (local: string) => ({ email: `${local}@example.com`, password: COMMUNITY_PASSWORD });

/** Signs in through the API the way the sign-in form does; answers the status. */
async function signInStatus(context: BrowserContext, account: { email: string; password: string }) {
	const response = await context.request.post('/api/login', {
		data: account,
		failOnStatusCode: false,
	});
	return response.status();
}

describe('Platforms tab', () => {
	it('validates, creates, edits and deletes a platform, and the public page follows', async ({
		server,
		browser,
	}) => {
		const { page, context } = await openDashboard(browser, server, 'platforms');
		await page.getByRole('button', { name: 'Add Platform' }).click();
		const dialog = page.getByRole('dialog', { name: 'Add Platform' });
		await dialog.getByRole('button', { name: 'Create Platform' }).click();
		for (const message of [
			'Name is required.',
			'Please choose a platform category.',
			'Description is required.',
			'Pricing is required.',
		]) {
			await dialog.getByText(message).waitFor();
		}

		const name = `E2E Platform ${Date.now()}`;
		await dialog.getByLabel('Name').fill(name);
		await dialog.getByLabel('Category').selectOption('DSP');
		await dialog.getByLabel('Description').fill('A platform made by the dashboard test.');
		await dialog.getByLabel('Pricing').fill('CPM, no minimum');
		await dialog.getByLabel('Website URL').fill('https://example.com/e2e');
		await dialog.getByLabel('Features').fill('Self-serve\n\n  Clean-room  \nAPI\n');
		await dialog.getByLabel('Pros').fill('Fast setup');
		await dialog.getByLabel('Cons').fill('\nYoung product\n');
		await dialog.getByLabel('Sort order').fill('');
		await dialog.getByRole('switch', { name: 'Recommended' }).click();
		await dialog.getByRole('button', { name: 'Create Platform' }).click();
		await expectToast(page, 'Platform created');
		await dialog.waitFor({ state: 'detached' });

		const row = page.getByTestId('platform-row').filter({ hasText: name });
		await row.waitFor();
		expect(await row.innerText()).toMatch(/DSP[\s\S]*Recommended[\s\S]*0/);
		const { body: found } = await getJson(context, `/api/platforms?search=${encodeURIComponent(name)}`);
		expect(found).toHaveLength(1);
		const platform = found[0];
		expect(platform).toMatchObject({
			name,
			category: 'DSP',
			pricing: 'CPM, no minimum',
			logo: null,
			websiteUrl: 'https://example.com/e2e',
			features: ['Self-serve', 'Clean-room', 'API'],
			cons: ['Young product'],
			isRecommended: true,
			sortOrder: 0,
		});
		await server.siteIdle();
		const created = await publicPage(server, `/platforms/${platform.id}`);
		expect(created.status).toBe(200);
		expect(created.html).toContain(name);

		await row.getByRole('button', { name: `Edit ${name}` }).click();
		const edit = page.getByRole('dialog', { name: 'Edit Platform' });
		expect(await edit.getByLabel('Features').inputValue()).toBe('Self-serve\nClean-room\nAPI');
		const renamed = `${name} Renamed`;
		await edit.getByLabel('Name').fill(renamed);
		await edit.getByRole('button', { name: 'Update Platform' }).click();
		await expectToast(page, 'Platform updated');
		const renamedRow = page.getByTestId('platform-row').filter({ hasText: renamed });
		await renamedRow.waitFor();
		await server.siteIdle();
		expect((await publicPage(server, `/platforms/${platform.id}`)).html).toContain(renamed);

		await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
		const confirm = page.getByRole('dialog', { name: 'Delete platform' });
		expect(await confirm.innerText()).toMatch(/ratings and comments will be removed too/);
		await confirmDialog(page, 'Delete platform', 'Delete Platform');
		await expectToast(page, 'Platform deleted');
		await renamedRow.waitFor({ state: 'detached' });
		await server.siteIdle();
		expect((await publicPage(server, `/platforms/${platform.id}`)).status).toBe(404);
	});

	it("shows the server's message at the field it is about", async ({ server, browser }) => {
		const { page } = await openDashboard(browser, server, 'platforms');
		const first = page.getByTestId('platform-row').first();
		const firstName = (await first.getByRole('rowheader').innerText()).trim();
		await first.getByRole('button', { name: `Edit ${firstName}` }).click();
		const edit = page.getByRole('dialog', { name: 'Edit Platform' });
		await edit.getByLabel('Website URL').fill('ftp://example.com');
		await edit.getByRole('button', { name: 'Update Platform' }).click();
		await edit.getByText('Website URL must start with http:// or https://.').waitFor();
		expect(await edit.getByLabel('Website URL').getAttribute('aria-invalid')).toBe('true');
	});
});

describe('Comments tab', () => {
	it('approves, rejects and deletes a comment, offering only the allowed transitions', async ({
		server,
		browser,
	}) => {
		const author = await browse(browser, server, member('aisha.bello'));
		const { body: platforms } = await getJson(author.context, '/api/platforms?limit=1');
		const platform = platforms[0];
		const text = `Moderate me ${Date.now()}`;
		const posted = await author.context.request.post(`/api/platforms/${platform.id}/comments`, {
			data: { comment: text },
		});
		expect(posted.status()).toBe(201);
		const commentId = (await posted.json()).id;
		const publicIds = async () =>
			(await getJson(author.context, `/api/platforms/${platform.id}/comments`)).body
				.filter((c: { status: string }) => c.status === 'approved')
				.map((c: { id: number }) => c.id);

		const { page } = await openDashboard(browser, server, 'comments');
		const filter = page.getByLabel('Status');
		await filter.selectOption({ label: 'Pending' });
		const item = page.getByTestId('comment-item').filter({ hasText: text });
		await item.waitFor();
		const shown = await item.innerText();
		for (const part of ['aisha_agency', platform.name, 'Pending', 'aisha.bello@example.com', 'UTC'])
			expect(shown).toContain(part);
		expect(await item.getByRole('button', { name: 'Approve' }).count()).toBe(1);
		expect(await item.getByRole('button', { name: 'Reject' }).count()).toBe(1);

		await item.getByRole('button', { name: 'Approve' }).click();
		await expectToast(page, 'Comment moderated');
		await item.waitFor({ state: 'detached' }); // it left the Pending filter
		expect(await publicIds()).toContain(commentId);

		await filter.selectOption({ label: 'Approved' });
		await item.waitFor();
		expect(await item.getByRole('button', { name: 'Approve' }).count()).toBe(0);
		await item.getByRole('button', { name: 'Reject' }).click();
		await expectToast(page, 'Comment moderated');
		await item.waitFor({ state: 'detached' });
		expect(await publicIds()).not.toContain(commentId);

		await filter.selectOption({ label: 'Rejected' });
		await item.waitFor();
		expect(await item.getByRole('button', { name: 'Reject' }).count()).toBe(0);
		expect(await item.getByText('Rejected', { exact: true }).count()).toBe(1);

		// The dashboard's own confirm dialog, never the browser's: Cancel keeps the comment,
		// Delete deletes it.
		const nativeDialogs: string[] = [];
		page.on('dialog', (d) => {
			nativeDialogs.push(d.message());
			void d.dismiss();
		});
		const confirm = page.getByRole('dialog', { name: 'Delete comment' });
		await item.getByRole('button', { name: 'Delete' }).click();
		expect(await confirm.innerText()).toContain(
			'Are you sure you want to delete this comment? This action cannot be undone.',
		);
		await confirm.getByRole('button', { name: 'Cancel' }).click();
		await confirm.waitFor({ state: 'detached' });
		expect(await item.isVisible()).toBe(true);
		await item.getByRole('button', { name: 'Delete' }).click();
		await confirmDialog(page, 'Delete comment', 'Delete');
		await expectToast(page, 'Comment deleted');
		await item.waitFor({ state: 'detached' });
		expect(nativeDialogs).toEqual([]);
		const { body } = await getJson(page.context(), '/api/admin/comments?limit=100');
		expect(body.comments.some((c: { id: number }) => c.id === commentId)).toBe(false);
	});

	it('pages through all comments', async ({ server, browser }) => {
		const { page, context } = await openDashboard(browser, server, 'comments');
		await page.getByLabel('Status').selectOption({ label: 'All' });
		const { body } = await getJson(context, '/api/admin/comments?limit=1');
		await expect.poll(() => page.getByTestId('comment-item').count()).toBe(Math.min(10, body.total));
		if (body.total > 10) {
			await page
				.getByRole('navigation', { name: 'Comments pages' })
				.getByText(`Showing 1-10 of ${body.total}`)
				.waitFor();
			await page.getByRole('button', { name: 'Next' }).click();
			await page.getByText(`Showing 11-${Math.min(20, body.total)} of ${body.total}`).waitFor();
		}
	});
});

describe('Users tab', () => {
	it('shows the stats, searches on the server ignoring case, and protects the editor row', async ({
		server,
		browser,
	}) => {
		// A reader who has not confirmed the sign-up link yet.
		await server.db.insert(server.tables.users).values({
			username: 'unconfirmed_reader',
			email: 'unconfirmed.reader@example.com',
			passwordHash: '!',
			emailVerified: false,
		});
		const { page, context } = await openDashboard(browser, server, 'users');
		const { body } = await getJson(context, '/api/admin/users');
		const tiles: [string, number][] = [
			['stat-total-users', body.stats.totalUsers],
			['stat-editors', body.stats.editors],
			['stat-banned-users', body.stats.bannedUsers],
			['stat-newsletter', body.stats.newsletterSubscribers],
		];
		for (const [id, value] of tiles)
			await expect.poll(() => page.getByTestId(id).innerText()).toBe(String(value));
		expect(body.stats.bannedUsers).toBeGreaterThan(0);

		const search = page.getByLabel('Search users');
		await search.fill('NINA');
		await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
		expect(await page.getByTestId('user-row').innerText()).toMatch(
			/nina_insights[\s\S]*User[\s\S]*Active[\s\S]*nina\.kowalski@example\.com[\s\S]*Joined/,
		);
		expect(await page.getByTestId('user-unverified').count()).toBe(0);

		await search.fill('unconfirmed');
		await expect
			.poll(async () => (await page.getByTestId('user-row').allInnerTexts()).join())
			.toMatch(/^unconfirmed_reader[\s\S]*unconfirmed\.reader@example\.com \(not verified\)[\s\S]*Joined/);

		await search.fill('BANNED@example');
		await expect
			.poll(async () => (await page.getByTestId('user-row').allInnerTexts()).join())
			.toMatch(/banned_user[\s\S]*Banned/);
		expect(await page.getByRole('button', { name: 'Unban banned_user' }).count()).toBe(1);

		await search.fill('zz-nobody-has-this');
		await page.getByText('No users found matching your search.').waitFor();

		await search.fill(EDITOR.email);
		const own = page.getByTestId('user-row').filter({ hasText: EDITOR.email });
		await own.waitFor();
		expect(await own.innerText()).toMatch(/Editor[\s\S]*Newsletter/);
		// No Ban, Unban or Change Password for oneself: only Apply, beside the platform one represents.
		expect(await own.getByRole('button').allInnerTexts()).toEqual(['Apply']);
	});

	it('bans a user: their browser is signed out and cannot sign in; unbanning lets them back', async ({
		server,
		browser,
	}) => {
		const nina = member('nina.kowalski');
		const victim = await browse(browser, server, nina);
		expect((await getJson(victim.context, '/api/user')).status).toBe(200);

		const { page } = await openDashboard(browser, server, 'users');
		await page.getByLabel('Search users').fill('nina');
		const row = page.getByTestId('user-row').filter({ hasText: 'nina_insights' });
		await row.getByText('Active').waitFor();
		await row.getByRole('button', { name: 'Ban nina_insights' }).click();
		await confirmDialog(page, 'Ban User', 'Ban User');
		await expectToast(page, 'User banned');
		await row.getByText('Banned', { exact: true }).waitFor();

		// Her open page finds itself signed out; signing in again is refused.
		expect((await getJson(victim.context, '/api/user')).status).toBe(401);
		await victim.page.goto('/profile');
		await victim.page.waitForURL((url) => url.pathname === '/auth');
		expect(await signInStatus(victim.context, nina)).toBe(403);

		await row.getByRole('button', { name: 'Unban nina_insights' }).click();
		await confirmDialog(page, 'Unban User', 'Unban User');
		await expectToast(page, 'User unbanned');
		await row.getByText('Active', { exact: true }).waitFor();
		expect(await signInStatus(victim.context, nina)).toBe(200);
		expect((await getJson(victim.context, '/api/user')).body.username).toBe('nina_insights');
	});

	it("changes a user's password: inline checks, their sessions end, the new password works", async ({
		server,
		browser,
	}) => {
		const devon = member('devon.park');
		const victim = await browse(browser, server, devon);
		expect((await getJson(victim.context, '/api/user')).status).toBe(200);

		const { page } = await openDashboard(browser, server, 'users');
		await page.getByLabel('Search users').fill('devon');
		const row = page.getByTestId('user-row').filter({ hasText: 'dev_commerce' });
		await row.getByRole('button', { name: 'Change password of dev_commerce' }).click();
		const dialog = page.getByRole('dialog', { name: 'Change Password' });
		const submit = dialog.getByRole('button', { name: 'Change Password' });
		expect(await submit.isDisabled()).toBe(true);
		await dialog.getByLabel('New Password').fill('abc');
		await dialog.getByText('Password must be at least 6 characters').waitFor();
		await dialog.getByLabel('Confirm Password').fill('abd');
		await dialog.getByText('Passwords do not match').waitFor();
		expect(await submit.isDisabled()).toBe(true);
		await dialog.getByLabel('New Password').fill('fresh-pass-42');
		await dialog.getByLabel('Confirm Password').fill('fresh-pass-4');
		expect(await submit.isDisabled()).toBe(true);
		await dialog.getByLabel('Confirm Password').fill('fresh-pass-42');
		expect(await dialog.getByText('Passwords do not match').count()).toBe(0);
		expect(await submit.isDisabled()).toBe(false);
		await submit.click();
		await expectToast(page, 'Password updated');
		await dialog.waitFor({ state: 'detached' });

		expect((await getJson(victim.context, '/api/user')).status).toBe(401);
		expect(await signInStatus(victim.context, devon)).toBe(401);
		expect(await signInStatus(victim.context, { email: devon.email, password: 'fresh-pass-42' })).toBe(200);
		expect((await getJson(victim.context, '/api/user')).body.username).toBe('dev_commerce');
	});
});
