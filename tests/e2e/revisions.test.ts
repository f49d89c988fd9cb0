/**
 * Revisions in the dashboard, at 1280 and 390 px: an editor opens an article's History from its
 * edit dialog, reads what a save changed, restores the first version behind the confirm, and
 * the public page shows the old text again; the Pages tab's History restores a page the same
 * way. The history and the confirm work from the keyboard; axe finds nothing.
 */
import { describe, expect } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { EDITOR, confirmDialog, expectToast, publicPage } from '../support/dashboard-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

const articleForm = (title: string, content: string) => ({
	title,
	excerpt: 'An excerpt.',
	content,
	category: 'Industry News',
	imageUrl: '',
	tags: 'retail',
	readTime: 4,
	isPublished: true,
});

describe('article history', () => {
	it.for([false, true])(
		'shows the saves and their diff, and a restore brings the old text back to the public page (mobile: %s)',
		async (mobile, { server, newPage }) => {
			const { page, context } = await newPage({ as: 'editor', mobile });
			const stamp = `${mobile ? 'phone' : 'desk'}${Date.now()}`;
			const [oldTitle, newTitle] = [`Shelf story ${stamp}`, `Shelf story ${stamp} revised`];
			const created = await context.request.post('/api/news', {
				data: articleForm(oldTitle, `The first ${stamp} text.`),
			});
			expect(created.status()).toBe(201);
			const { id } = (await created.json()) as { id: number };
			const updated = await context.request.put(`/api/news/${id}`, {
				data: articleForm(newTitle, `The second ${stamp} text.`),
			});
			expect(updated.status()).toBe(200);
			await server.siteIdle();
			expect((await publicPage(server, `/news/${id}`)).html).toContain(`The second ${stamp} text.`);

			await page.goto('/editor-dashboard?tab=news');
			const card = page.getByTestId('article-card').filter({ hasText: newTitle });
			await card.getByRole('button', { name: `Edit ${newTitle}` }).click();
			const edit = page.getByRole('dialog', { name: 'Edit News Article' });
			await edit.getByRole('button', { name: 'History' }).click();

			const history = page.getByRole('dialog', { name: `History of "${newTitle}"` });
			const list = history.getByRole('list', { name: 'Revisions' });
			await list.getByRole('button', { name: /Title, Content changed/ }).waitFor();
			// The newest is shown first, with what it changed.
			await history.locator('ins').filter({ hasText: 'revised' }).waitFor();
			expect(await history.getByRole('button', { name: 'Restore' }).count()).toBe(0);
			await expectNoAxeViolations(page, 'the history');

			// From the keyboard: the first save, then Restore behind the confirm.
			const first = list.getByRole('button', { name: /Created and published/ });
			await first.focus();
			await page.keyboard.press('Enter');
			await expect.poll(() => first.getAttribute('aria-current')).toBe('true');
			await history.getByRole('button', { name: 'Restore' }).waitFor();
			await history.getByText(`The first ${stamp} text.`).waitFor();
			await history.getByRole('button', { name: 'Restore' }).focus();
			await page.keyboard.press('Enter');
			await page.getByRole('dialog', { name: 'Restore this revision?' }).waitFor();
			await expectNoAxeViolations(page, 'the restore confirm');
			await confirmDialog(page, 'Restore this revision?', 'Restore');
			await expectToast(page, 'Revision restored');
			await history.waitFor({ state: 'detached' });
			await edit.waitFor({ state: 'detached' });

			await page.getByTestId('article-card').filter({ hasText: oldTitle }).first().waitFor();
			await expect
				.poll(async () => (await publicPage(server, `/news/${id}`)).html.includes(`The first ${stamp} text.`))
				.toBe(true);
			expect((await publicPage(server, `/news/${id}`)).html).not.toContain(`The second ${stamp} text.`);

			// The restore is itself a revision.
			const revisions = await context.request.get(`/api/admin/revisions?type=article&id=${id}`);
			const summaries = ((await revisions.json()) as { summary: string }[]).map((entry) => entry.summary);
			expect(summaries).toHaveLength(3);
			expect(summaries[0]).toMatch(/^Restored revision \d+$/);
		},
	);
});

describe('marked changes', () => {
	it.for([false, true])(
		'marks the words a save removed and added, cuts the unchanged text, and names who wrote the oldest version (mobile: %s)',
		async (mobile, { newPage }) => {
			const { page, context } = await newPage({ as: 'editor', mobile });
			// A seeded article never saved since: its first revision will be the seed's text.
			const listed = await context.request.get('/api/news?limit=50');
			const unsaved: number[] = [];
			for (const { id } of (await listed.json()) as { id: number }[]) {
				const kept = await context.request.get(`/api/admin/revisions?type=article&id=${id}`);
				if (((await kept.json()) as unknown[]).length === 0) unsaved.push(id);
			}
			const id = unsaved[mobile ? 1 : 0]!;
			const article = (await (await context.request.get(`/api/news/${id}`)).json()) as Record<
				string,
				unknown
			> & {
				title: string;
			};
			const form = {
				title: article.title,
				excerpt: article.excerpt,
				category: article.category,
				imageUrl: article.imageUrl ?? '',
				tags: article.tags,
				readTime: article.readTime,
				isPublished: article.isPublished,
			};
			const filler = 'Shelves line every aisle of the store and carry the brands buyers know. '.repeat(6);
			const stamp = `${mobile ? 'phone' : 'desk'}${Date.now()}`;
			const before = `${filler}The ${stamp} campaign ran for two weeks. ${filler}`;
			const after = `${filler}The ${stamp} campaign ran for three weeks. ${filler}`;
			for (const content of [before, after]) {
				const saved = await context.request.put(`/api/news/${id}`, { data: { ...form, content } });
				expect(saved.status()).toBe(200);
			}

			await page.goto('/editor-dashboard?tab=news');
			const card = page.getByTestId('article-card').filter({ hasText: article.title }).first();
			await card.getByRole('button', { name: `Edit ${article.title}` }).click();
			await page
				.getByRole('dialog', { name: 'Edit News Article' })
				.getByRole('button', { name: 'History' })
				.click();
			const history = page.getByRole('dialog', { name: `History of "${article.title}"` });
			const list = history.getByRole('list', { name: 'Revisions' });

			// The newest save: only the changed word is marked, as deleted and inserted text.
			await list
				.getByRole('button', { name: /^Content changed/ })
				.first()
				.waitFor();
			const content = history.locator('dd').filter({ has: page.locator('del') });
			await expect.poll(() => content.locator('del').allTextContents()).toEqual(['[removed: two]']);
			expect(await content.locator('ins').allTextContents()).toEqual(['[added: three]']);
			// Struck through and underlined, not told by colour alone.
			const decoration = (mark: 'del' | 'ins') =>
				content.locator(mark).evaluate((element) => getComputedStyle(element).textDecorationLine);
			expect(await decoration('del')).toBe('line-through');
			expect(await decoration('ins')).toBe('underline');
			// Around the change, a little context; the rest of the long body is left out.
			const shown = await content.innerText();
			expect(shown).toContain(`The ${stamp} campaign ran for`);
			expect(shown).toContain('…');
			expect(shown.length).toBeLessThan(before.length);
			await expectNoAxeViolations(page, 'the marked changes');

			// The oldest revision is the seeded text, written by the article's own author.
			const oldest = list.getByRole('button', { name: /Version before revisions were kept/ });
			expect(await oldest.innerText()).toContain(EDITOR.username);
			expect(await list.innerText()).not.toContain('Unknown');
		},
	);
});

describe('platform history', () => {
	it('restores a platform from its edit dialog, and the public page follows', async ({ server, newPage }) => {
		const { page, context } = await newPage({ as: 'editor' });
		const name = `Shelf DSP ${Date.now()}`;
		const form = {
			name,
			category: 'DSP',
			description: 'A demand-side platform.',
			pricing: 'CPM from $4',
			features: ['Self-serve'],
			pros: [],
			cons: [],
			isRecommended: false,
			sortOrder: 0,
		};
		const created = await context.request.post('/api/admin/platforms', { data: form });
		expect(created.status()).toBe(201);
		const { id } = (await created.json()) as { id: number };
		const updated = await context.request.put(`/api/admin/platforms/${id}`, {
			data: { ...form, pricing: 'CPM from $9' },
		});
		expect(updated.status()).toBe(200);

		await page.goto('/editor-dashboard?tab=platforms');
		await page.getByLabel('Search platforms').fill(name);
		await page.getByRole('button', { name: `Edit ${name}` }).click();
		const edit = page.getByRole('dialog', { name: 'Edit Platform' });
		await edit.getByRole('button', { name: 'History' }).click();
		const history = page.getByRole('dialog', { name: `History of "${name}"` });
		await history.locator('del').filter({ hasText: '4' }).waitFor();
		await history.locator('ins').filter({ hasText: '9' }).waitFor();
		await history.getByRole('button', { name: /^Created/ }).click();
		await history.getByRole('button', { name: 'Restore' }).click();
		await confirmDialog(page, 'Restore this revision?', 'Restore');
		await expectToast(page, 'Revision restored');
		await edit.waitFor({ state: 'detached' });

		const platform = await context.request.get(`/api/platforms/${id}`);
		expect(((await platform.json()) as { pricing: string }).pricing).toBe('CPM from $4');
		// The restore is one more public change, and the page's pricing is the old one again.
		const changes = await context.request.get(`/api/platforms/${id}/history`);
		expect(((await changes.json()) as { to: unknown }[]).map((change) => change.to)).toEqual([
			'CPM from $4',
			'CPM from $9',
		]);
		await server.siteIdle();
		expect((await publicPage(server, `/platforms/${id}`)).html).toContain('CPM from $4');
	});
});

describe('episode history', () => {
	it('restores an episode from its edit dialog', async ({ newPage }) => {
		const { page, context } = await newPage({ as: 'editor', mobile: true });
		const title = `Shelf talk ${Date.now()}`;
		const form = {
			title,
			description: 'Notes.',
			audioUrl: '/audio/episode-1.mp3',
			duration: 30,
			episodeNumber: 9,
			isPublished: true,
		};
		const created = await context.request.post('/api/podcasts', { data: form });
		expect(created.status()).toBe(201);
		const { id } = (await created.json()) as { id: number };
		expect(
			(await context.request.put(`/api/podcasts/${id}`, { data: { ...form, duration: 45 } })).status(),
		).toBe(200);

		await page.goto('/editor-dashboard?tab=podcast');
		await page.getByLabel('Search podcast episodes').fill(title);
		await page.getByRole('button', { name: `Edit ${title}` }).click();
		const edit = page.getByRole('dialog', { name: 'Edit Episode' });
		await edit.getByRole('button', { name: 'History' }).click();
		const history = page.getByRole('dialog', { name: `History of "${title}"` });
		await history.locator('del').filter({ hasText: '30' }).waitFor();
		await history.locator('ins').filter({ hasText: '45' }).waitFor();
		await history.getByRole('button', { name: /^Created and published/ }).click();
		await history.getByRole('button', { name: 'Restore' }).click();
		await confirmDialog(page, 'Restore this revision?', 'Restore');
		await expectToast(page, 'Revision restored');
		await edit.waitFor({ state: 'detached' });
		const episode = await context.request.get(`/api/podcasts/${id}`);
		expect(((await episode.json()) as { duration: number }).duration).toBe(30);
	});
});

describe('page history', () => {
	it('restores a static page from the Pages tab, and the public page follows', async ({
		server,
		newPage,
	}) => {
		const { page } = await newPage({ as: 'editor', mobile: true });
		await page.goto('/editor-dashboard?tab=pages');
		await page.getByRole('button', { name: /^Contact/ }).click();
		const original = await page.getByRole('textbox', { name: 'Content' }).inputValue();
		const changed = `Call the shelf desk ${Date.now()} instead.`;
		await page.getByRole('textbox', { name: 'Content' }).fill(changed);
		await page.getByRole('button', { name: 'Save Page' }).click();
		await expectToast(page, 'Page updated successfully!');
		await server.siteIdle();
		expect((await publicPage(server, '/contact')).html.includes(changed)).toBe(true);

		await page.getByRole('button', { name: 'History' }).click();
		const history = page.getByRole('dialog', { name: /^History of/ });
		await history.getByRole('button', { name: /Version before revisions were kept/ }).click();
		await history.getByRole('button', { name: 'Restore' }).click();
		await confirmDialog(page, 'Restore this revision?', 'Restore');
		await expectToast(page, 'Revision restored');
		await expect.poll(() => page.getByRole('textbox', { name: 'Content' }).inputValue()).toBe(original);
		await expect.poll(async () => (await publicPage(server, '/contact')).html.includes(changed)).toBe(false);
	});
});
