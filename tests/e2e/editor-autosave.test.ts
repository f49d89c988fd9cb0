/**
 * The editors' autosave and conflicts in the browser: typed text survives a reload and is
 * offered back ("Restore unsaved text from HH:MM?"), at 1280 and 390 px with axe; a draft is
 * autosaved to the server without being published, a published article is not; another editor's
 * save in between is shown in the dialog (409) and the typed text stays; an episode scheduled
 * from the Podcast tab is stored at the instant the editor meant and shown in their zone; the
 * Pages tab keeps and offers back typed text too, and shows a conflicting save. Kept text
 * restored in a second tab after another tab's save brings back only its own changed fields, for
 * articles, episodes and pages.
 */
import { describe, expect } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest, signIn } from '../support/browser-test';
import { articleBody } from '../support/content-fixtures';
import { expectToast } from '../support/dashboard-helpers';
import { episodeBody } from '../support/episode-fixtures';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

/** An article created through the API as the signed-in editor of this context. */
async function createArticle(request: APIRequestContext, overrides: Record<string, unknown>) {
	const answer = await request.post('/api/news', { data: articleBody(overrides) });
	expect(answer.status(), await answer.text()).toBe(201);
	return (await answer.json()) as { id: number; title: string; updatedAt: string };
}

function articleCard(page: Page, title: string) {
	return page.getByTestId('article-card').filter({ has: page.getByRole('heading', { name: title }) });
}

describe('autosave', () => {
	it.for([false, true])('offers typed text back after a reload (mobile: %s)', async (mobile, { newPage }) => {
		const { page } = await newPage({ as: 'editor', mobile });
		// Leaving with unsaved text asks first; the reload here is the editor's choice.
		page.on('dialog', (dialog) => void dialog.accept());
		await page.goto('/editor-dashboard?tab=news');
		await page.getByRole('button', { name: 'Add News Article' }).click();
		const dialog = page.getByRole('dialog', { name: 'Add News Article' });
		const title = `Kept ${mobile ? 'phone' : 'desk'} ${Date.now()}`;
		await dialog.getByLabel('Title').fill(title);
		await dialog.getByRole('textbox', { name: 'Content' }).fill('Typed before the crash.');
		await dialog.getByText(/^Unsaved text kept in this browser at/).waitFor();

		await page.reload();
		await page.getByRole('button', { name: 'Add News Article' }).click();
		const reopened = page.getByRole('dialog', { name: 'Add News Article' });
		await reopened.getByText(/^Restore unsaved text from \d\d?:\d\d/).waitFor();
		expect(await reopened.getByLabel('Title').inputValue()).toBe('');
		await expectNoAxeViolations(page, 'the restore offer');
		await reopened.getByRole('button', { name: 'Restore' }).click();
		expect(await reopened.getByLabel('Title').inputValue()).toBe(title);
		expect(await reopened.getByRole('textbox', { name: 'Content' }).inputValue()).toBe(
			'Typed before the crash.',
		);
		await reopened.getByLabel('Excerpt').fill('Saved at last.');
		await reopened.getByLabel('Category').selectOption('Market Analysis');
		await reopened.getByRole('button', { name: 'Create Article' }).click();
		await expectToast(page, 'News article created');

		// Saved: nothing is offered any more.
		await page.getByRole('button', { name: 'Add News Article' }).click();
		const fresh = page.getByRole('dialog', { name: 'Add News Article' });
		await fresh.getByLabel('Title').waitFor();
		expect(await fresh.getByTestId('autosave-offer').count()).toBe(0);
	});

	it('saves a draft to the server without publishing it, and never a published article', async ({
		server,
		newPage,
	}) => {
		const { context, page } = await newPage({ as: 'editor' });
		const draft = await createArticle(context.request, { isPublished: false, title: `Draft ${Date.now()}` });
		const live = await createArticle(context.request, { isPublished: true, title: `Live ${Date.now()}` });
		await page.goto('/editor-dashboard?tab=news');

		await articleCard(page, draft.title)
			.getByRole('button', { name: `Edit ${draft.title}` })
			.click();
		const edit = page.getByRole('dialog', { name: 'Edit News Article' });
		await edit.getByRole('textbox', { name: 'Content' }).fill('Autosaved words.');
		await edit.getByText(/^Draft autosaved at/).waitFor();
		const stored = await (await context.request.get(`/api/news/${draft.id}`)).json();
		expect(stored).toMatchObject({ content: 'Autosaved words.', isPublished: false });
		expect((await fetch(`${server.url}/api/news/${draft.id}`)).status).toBe(404);
		// The editor's own save after an autosave names the autosave's version: no conflict.
		await edit.getByRole('button', { name: 'Update Article' }).click();
		await expectToast(page, 'News article updated');

		await articleCard(page, live.title)
			.getByRole('button', { name: `Edit ${live.title}` })
			.click();
		const liveEdit = page.getByRole('dialog', { name: 'Edit News Article' });
		await liveEdit.getByRole('textbox', { name: 'Content' }).fill('Not yet for readers.');
		await liveEdit.getByText(/^Unsaved text kept in this browser at/).waitFor();
		const public_ = await (await fetch(`${server.url}/api/news/${live.id}`)).json();
		expect(public_.content).not.toBe('Not yet for readers.');
	});
});

describe('a conflicting save', () => {
	it('is shown in the dialog, and the typed text stays', async ({ newPage }) => {
		const { context, page } = await newPage({ as: 'editor' });
		const article = await createArticle(context.request, {
			isPublished: true,
			title: `Shared ${Date.now()}`,
		});
		await page.goto('/editor-dashboard?tab=news');
		await articleCard(page, article.title)
			.getByRole('button', { name: `Edit ${article.title}` })
			.click();
		const edit = page.getByRole('dialog', { name: 'Edit News Article' });
		await edit.getByRole('textbox', { name: 'Content' }).fill('My version.');

		// Another editor saves meanwhile.
		const other = await context.request.put(`/api/news/${article.id}`, {
			data: articleBody({ title: article.title, content: 'Their version.', isPublished: true }),
		});
		expect(other.status()).toBe(200);

		await edit.getByRole('button', { name: 'Update Article' }).click();
		await edit
			.getByRole('alert')
			.getByText(
				/^Someone else saved this article at .*Reload to see their version; your text is kept here\.$/,
			)
			.waitFor();
		expect(await edit.getByRole('textbox', { name: 'Content' }).inputValue()).toBe('My version.');
		const stored = await (await context.request.get(`/api/news/${article.id}`)).json();
		expect(stored.content).toBe('Their version.');
	});
});

describe('kept text restored onto a version saved since (two tabs)', () => {
	/**
	 * Tab A saves one field; tab B, which loaded the same version, changes another and is refused
	 * (409); B reloads and restores its kept text. Only B's field comes back, onto A's save, and
	 * B's save then keeps both.
	 */
	async function restoreAfterConflict(
		page: Page,
		{
			open,
			editA,
			saveA,
			editB,
			saveB,
			changed,
		}: {
			open: (tab: Page) => Promise<void>;
			editA: (tab: Page) => Promise<void>;
			saveA: (tab: Page) => Promise<void>;
			editB: (tab: Page) => Promise<void>;
			saveB: (tab: Page) => Promise<void>;
			changed: string;
		},
	) {
		const tabB = await page.context().newPage();
		tabB.on('dialog', (dialog) => void dialog.accept());
		await open(page);
		await open(tabB);
		await editA(page);
		await saveA(page);
		await editB(tabB);
		await tabB.getByText(/^Unsaved text kept in this browser at/).waitFor();
		await saveB(tabB);
		await tabB
			.getByRole('alert')
			.getByText(/^Someone else saved this/)
			.waitFor();

		await tabB.reload();
		await open(tabB);
		await tabB
			.getByTestId('autosave-offer')
			.getByText(
				`It was saved again since: only what you changed (${changed}) is restored, onto the saved version.`,
			)
			.waitFor();
		await tabB.getByRole('button', { name: 'Restore' }).click();
		return tabB;
	}

	it('brings back only an article’s changed fields, and the save keeps the other tab’s', async ({
		newPage,
	}) => {
		const { context, page } = await newPage({ as: 'editor' });
		const article = await createArticle(context.request, {
			isPublished: true,
			title: `Two tabs ${Date.now()}`,
		});
		const dialogOf = (tab: Page) => tab.getByRole('dialog', { name: 'Edit News Article' });
		const tabB = await restoreAfterConflict(page, {
			open: async (tab) => {
				await tab.goto('/editor-dashboard?tab=news');
				await articleCard(tab, article.title)
					.getByRole('button', { name: `Edit ${article.title}` })
					.click();
				await dialogOf(tab).getByLabel('Excerpt').waitFor();
			},
			editA: (tab) => dialogOf(tab).getByLabel('Excerpt').fill('Excerpt by tab A.'),
			saveA: async (tab) => {
				await dialogOf(tab).getByRole('button', { name: 'Update Article' }).click();
				await expectToast(tab, 'News article updated');
			},
			editB: (tab) => dialogOf(tab).getByRole('textbox', { name: 'Content' }).fill('A line by tab B.'),
			saveB: (tab) => dialogOf(tab).getByRole('button', { name: 'Update Article' }).click(),
			changed: 'content',
		});
		expect(await dialogOf(tabB).getByLabel('Excerpt').inputValue()).toBe('Excerpt by tab A.');
		expect(await dialogOf(tabB).getByRole('textbox', { name: 'Content' }).inputValue()).toBe(
			'A line by tab B.',
		);
		await dialogOf(tabB).getByRole('button', { name: 'Update Article' }).click();
		await expectToast(tabB, 'News article updated');
		const stored = await (await context.request.get(`/api/news/${article.id}`)).json();
		expect(stored).toMatchObject({ excerpt: 'Excerpt by tab A.', content: 'A line by tab B.' });
	});

	it('brings back only an episode’s changed fields, and the save keeps the other tab’s', async ({
		newPage,
	}) => {
		const { context, page } = await newPage({ as: 'editor' });
		const created = await context.request.post('/api/podcasts', {
			data: episodeBody({ isPublished: true, title: `Two tabs ${Date.now()}` }),
		});
		expect(created.status(), await created.text()).toBe(201);
		const episode = (await created.json()) as { id: number; title: string };
		const dialogOf = (tab: Page) => tab.getByRole('dialog', { name: 'Edit Episode' });
		const tabB = await restoreAfterConflict(page, {
			open: async (tab) => {
				await tab.goto('/editor-dashboard?tab=podcast');
				await tab
					.getByTestId('episode-card')
					.filter({ hasText: episode.title })
					.getByRole('button', { name: `Edit ${episode.title}` })
					.click();
				await dialogOf(tab).getByLabel('Tags').waitFor();
			},
			editA: (tab) => dialogOf(tab).getByLabel('Tags').fill('tab-a'),
			saveA: async (tab) => {
				await dialogOf(tab).getByRole('button', { name: 'Update Episode' }).click();
				await expectToast(tab, 'Podcast episode updated');
			},
			editB: (tab) => dialogOf(tab).getByRole('textbox', { name: 'Description' }).fill('Notes by tab B.'),
			saveB: (tab) => dialogOf(tab).getByRole('button', { name: 'Update Episode' }).click(),
			changed: 'description',
		});
		expect(await dialogOf(tabB).getByLabel('Tags').inputValue()).toBe('tab-a');
		await dialogOf(tabB).getByRole('button', { name: 'Update Episode' }).click();
		await expectToast(tabB, 'Podcast episode updated');
		const stored = await (await context.request.get(`/api/podcasts/${episode.id}`)).json();
		expect(stored).toMatchObject({ tags: ['tab-a'], description: 'Notes by tab B.' });
	});

	it('brings back only a page’s changed fields, and the save keeps the other tab’s', async ({ newPage }) => {
		const { context, page } = await newPage({ as: 'editor' });
		page.on('dialog', (dialog) => void dialog.accept());
		const tabB = await restoreAfterConflict(page, {
			open: async (tab) => {
				await tab.goto('/editor-dashboard?tab=pages');
				await tab.getByRole('button', { name: /Terms of Service/ }).click();
				await expect.poll(() => tab.getByRole('textbox', { name: 'Content' }).inputValue()).not.toBe('');
			},
			editA: (tab) => tab.getByLabel('Title').fill('Terms of Service, titled by tab A'),
			saveA: async (tab) => {
				await tab.getByRole('button', { name: 'Save Page' }).click();
				await expectToast(tab, 'Page updated successfully!');
			},
			editB: (tab) => tab.getByRole('textbox', { name: 'Content' }).fill('Text by tab B.'),
			saveB: (tab) => tab.getByRole('button', { name: 'Save Page' }).click(),
			changed: 'content',
		});
		expect(await tabB.getByLabel('Title').inputValue()).toBe('Terms of Service, titled by tab A');
		await tabB.getByRole('button', { name: 'Save Page' }).click();
		await expectToast(tabB, 'Page updated successfully!');
		const stored = await (await context.request.get('/api/pages/terms-of-service')).json();
		expect(stored).toMatchObject({ title: 'Terms of Service, titled by tab A', content: 'Text by tab B.' });
	});
});

describe('the Pages tab', () => {
	it('offers a page’s typed text back after a reload, and shows another editor’s save', async ({
		newPage,
	}) => {
		const { context, page } = await newPage({ as: 'editor' });
		page.on('dialog', (dialog) => void dialog.accept());
		await page.goto('/editor-dashboard?tab=pages');
		await page.getByRole('button', { name: /Privacy Policy/ }).click();
		const content = page.getByRole('textbox', { name: 'Content' });
		await expect.poll(() => content.inputValue()).not.toBe('');
		const typed = `Kept policy ${Date.now()}`;
		await content.fill(typed);
		await page.getByText(/^Unsaved text kept in this browser at/).waitFor();

		await page.reload();
		await page.getByRole('button', { name: /Privacy Policy/ }).click();
		await page.getByText(/^Restore unsaved text from/).waitFor();
		await page.getByRole('button', { name: 'Restore' }).click();
		expect(await content.inputValue()).toBe(typed);

		// Another editor saves the page meanwhile: this save is refused and the text stays.
		const other = await context.request.put('/api/pages/privacy-policy', {
			data: { title: 'Privacy Policy', content: 'Their version.' },
		});
		expect(other.status()).toBe(200);
		await page.getByRole('button', { name: 'Save Page' }).click();
		await page
			.getByRole('alert')
			.getByText(/^Someone else saved this page at .*your text is kept here\.$/)
			.waitFor();
		expect(await content.inputValue()).toBe(typed);
		expect((await (await context.request.get('/api/pages/privacy-policy')).json()).content).toBe(
			'Their version.',
		);
	});
});

describe('an episode scheduled from the Podcast tab', () => {
	it('is stored at the instant the editor meant, shown in their zone, and published on demand', async ({
		server,
		browser,
	}) => {
		const context = await browser.newContext({
			baseURL: server.url,
			viewport: { width: 1280, height: 900 },
			timezoneId: 'America/New_York',
		});
		context.setDefaultTimeout(30_000);
		await signIn(context, 'editor');
		const created = await context.request.post('/api/podcasts', {
			data: episodeBody({ isPublished: false, title: `Later ${Date.now()}` }),
		});
		const episode = (await created.json()) as { id: number; title: string };
		const page = await context.newPage();
		await page.goto('/editor-dashboard?tab=podcast');
		const card = page.getByTestId('episode-card').filter({ hasText: episode.title });
		await card.getByRole('button', { name: `Edit ${episode.title}` }).click();
		const edit = page.getByRole('dialog', { name: 'Edit Episode' });
		// 9:30 in New York on a summer day is 13:30 UTC.
		await edit.getByLabel('Publish at').fill('2031-06-15T09:30');
		await edit.getByText('Scheduled: goes public at the time below').waitFor();
		await edit.getByRole('button', { name: 'Update Episode' }).click();
		await expectToast(page, 'Podcast episode updated');

		const stored = await (await context.request.get(`/api/podcasts/${episode.id}`)).json();
		expect(stored).toMatchObject({ isPublished: false, publishAt: '2031-06-15T13:30:00.000Z' });
		expect((await fetch(`${server.url}/api/podcasts/${episode.id}`)).status).toBe(404);
		await card.getByText(/^Scheduled: .*9:30/).waitFor();

		// Unscheduled by clearing the time, then published now.
		await card.getByRole('button', { name: `Edit ${episode.title}` }).click();
		expect(await edit.getByLabel('Publish at').inputValue()).toBe('2031-06-15T09:30');
		await edit.getByLabel('Publish at').fill('');
		await edit.getByRole('button', { name: 'Update Episode' }).click();
		await expectToast(page, 'Podcast episode updated');
		await card.getByText('Draft', { exact: true }).waitFor();
		await card.getByRole('button', { name: `Edit ${episode.title}` }).click();
		await edit.getByRole('switch', { name: 'Publish' }).click();
		await edit.getByRole('button', { name: 'Update Episode' }).click();
		await expect.poll(async () => (await fetch(`${server.url}/api/podcasts/${episode.id}`)).status).toBe(200);
		await context.close();
	});
});
