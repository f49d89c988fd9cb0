/**
 * Votes on one's own comment in a browser: the server refuses them, so the author sees the
 * counts but no vote buttons on their comment, while other readers' comments keep theirs.
 */
import { describe, expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import { browserTest, type Account } from '../support/browser-test';
import { Client } from '../support/http';
import { apiPlatforms, hydrated, registerAccount } from '../support/platform-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

describe('votes on one’s own comment', () => {
	it('shows the author the counts without vote buttons; others can still vote on it', async ({
		server,
		newPage,
	}) => {
		const platform = (await apiPlatforms(server))[0]!;
		const author = await registerAccount(server, 'author');
		const client = new Client(server.url);
		expect((await client.login(author.email, author.password)).status).toBe(200);
		const posted = await client.post(`/api/platforms/${platform.id}/comments`, {
			comment: 'My own take on this platform.',
		});
		expect(posted.status).toBe(201);
		const id = (posted.body as { id: number }).id;
		const editor = new Client(server.url);
		await editor.login(DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password);
		const approved = await editor.patch(`/api/admin/comments/${id}/moderate`, { status: 'approved' });
		expect(approved.status).toBe(200);

		async function commentAs(account: Account) {
			const { page } = await newPage({ as: account });
			await page.goto(`/platforms/${platform.id}`);
			await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
			await hydrated(page);
			const item = page.locator(`[data-comment="${id}"]`);
			await item.getByText('My own take on this platform.').waitFor();
			return item;
		}

		const own = await commentAs(author);
		await own.getByText('Other readers vote on your comment.').waitFor();
		expect(await own.getByRole('button').count()).toBe(0);
		expect(await own.innerText()).toContain('Helpful (0)');
		expect(await own.innerText()).toContain('Not helpful (0)');

		const other = await commentAs('user');
		const helpful = other.getByRole('button', { name: /^Helpful/ });
		await helpful.click();
		await expect.poll(() => helpful.innerText()).toBe('Helpful (1)');
		expect(await other.innerText()).not.toContain('Other readers vote on your comment.');
	});
});
