/**
 * An editor's change reaches the generated files: create, rename, unpublish and delete a news
 * article through the API, and check what visitors are served after the site generator settles.
 */
import { describe, expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import { Client } from '../support/http';
import { browserTest } from '../support/browser-test';
import type { TestServer } from '../support/server';

let editor: Client;

const it = browserTest({
	seed: true,
	async ready(server) {
		editor = new Client(server.url);
		expect((await editor.login(DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password)).status).toBe(200);
		await server.siteIdle();
	},
});

/** A visitor's plain GET with brotli, as the generated files are served. */
async function visit(server: TestServer, path: string) {
	const response = await fetch(server.url + path, { headers: { 'accept-encoding': 'br' } });
	return {
		status: response.status,
		generated: !!response.headers.get('etag') && response.headers.get('content-encoding') === 'br',
		body: await response.text(),
	};
}

const article = (title: string, isPublished: boolean) => ({
	title,
	excerpt: 'Why the newest retail media network matters for brand budgets.',
	content: '## What changed\n\nA **new** network opened its self-serve console.\n\n- Onsite\n- Offsite',
	category: 'Ad-Tech',
	imageUrl: '',
	tags: 'Launch, Self-Serve',
	readTime: 3,
	isPublished,
});

describe('publishing a news article', () => {
	it('appears, renames, disappears when unpublished and is gone when deleted', async ({
		server,
		newPage,
	}) => {
		const title = 'Harbor Commerce Opens Its Self-Serve Console';
		const created = await editor.post('/api/news', article(title, true));
		expect(created.status).toBe(201);
		const id = created.body.id as number;
		const slug = created.body.slug as string;
		await server.siteIdle();

		let home = await visit(server, '/');
		expect(home.generated).toBe(true);
		expect(home.body).toContain(title);
		let page = await visit(server, `/news/${id}`);
		expect(page.status).toBe(200);
		expect(page.generated).toBe(true);
		expect(page.body).toContain(title);
		expect(page.body).toContain('<h2>What changed</h2>');
		expect((await visit(server, '/rss')).body).toContain(title);
		expect((await visit(server, '/sitemap.xml')).body).toContain(`/news/${slug}</loc>`);

		// In a browser too: the new article is the first card and opens.
		const { page: browserPage } = await newPage();
		await browserPage.goto('/');
		expect(await browserPage.locator('#news article h3').first().innerText()).toBe(title);
		await browserPage.locator('#news article').first().getByRole('link').click();
		await browserPage.waitForURL(`${server.url}/news/${slug}`);
		expect(await browserPage.getByRole('heading', { level: 1 }).innerText()).toBe(title);

		const renamed = 'Harbor Commerce Opens Self-Serve Buying to All Brands';
		expect((await editor.put(`/api/news/${id}`, article(renamed, true))).status).toBe(200);
		await server.siteIdle();
		home = await visit(server, '/');
		expect(home.body).toContain(renamed);
		expect(home.body).not.toContain(title);
		page = await visit(server, `/news/${id}`);
		expect(page.body).toContain(renamed);
		expect(page.body).not.toContain(title);
		expect((await visit(server, '/rss')).body).toContain(renamed);

		expect((await editor.put(`/api/news/${id}`, article(renamed, false))).status).toBe(200);
		await server.siteIdle();
		page = await visit(server, `/news/${id}`);
		expect(page.status).toBe(404);
		expect(page.generated).toBe(false);
		expect(page.body).toContain('Article Not Found');
		expect((await visit(server, '/')).body).not.toContain(renamed);
		expect((await visit(server, '/rss')).body).not.toContain(renamed);
		expect((await visit(server, '/sitemap.xml')).body).not.toContain(`/news/${slug}</loc>`);

		expect((await editor.put(`/api/news/${id}`, article(renamed, true))).status).toBe(200);
		await server.siteIdle();
		expect((await visit(server, `/news/${id}`)).status).toBe(200);

		expect((await editor.delete(`/api/news/${id}`)).status).toBe(200);
		await server.siteIdle();
		page = await visit(server, `/news/${id}`);
		expect(page.status).toBe(404);
		expect((await visit(server, '/')).body).not.toContain(renamed);
		expect((await visit(server, '/rss')).body).not.toContain(renamed);
	});
});
