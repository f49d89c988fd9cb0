/**
 * Two editors saving the same article, episode or static page: a save that names the updatedAt
 * it loaded is refused with 409 and a sentence when another save came in between, and the other
 * editor's text stays; a save naming the current updatedAt, or none (older clients), goes
 * through. Runs on both engines (the row is locked while compared).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { articleBody, setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { episodeBody } from '../support/episode-fixtures';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
	await server.db.insert(server.tables.staticPages).values({
		slug: 'about-us',
		title: 'About us',
		content: 'Text.',
		updatedAt: new Date('2026-01-01T00:00:00Z'),
	});
});
afterAll(async () => {
	await server?.stop();
});

const CONFLICT =
	/^Someone else saved this (article|episode|page) at \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Reload to see their version; your text is kept here\.$/;

describe('a save over another editor’s later save', () => {
	it('is refused for an article, and the other save stays', async () => {
		const created = await roles.editor.client.post('/api/news', articleBody({ isPublished: false }));
		const { id, updatedAt: loaded } = created.body;
		const first = await roles.editor.client.put(
			`/api/news/${id}`,
			articleBody({ isPublished: false, title: 'First editor', expectedUpdatedAt: loaded }),
		);
		expect(first.status, JSON.stringify(first.body)).toBe(200);
		expect(first.body.updatedAt).not.toBe(loaded);

		const second = await roles.editor.client.put(
			`/api/news/${id}`,
			articleBody({ isPublished: false, title: 'Second editor', expectedUpdatedAt: loaded }),
		);
		expect(second.status).toBe(409);
		expect(second.body.message).toMatch(CONFLICT);
		expect((await roles.editor.client.get(`/api/news/${id}`)).body.title).toBe('First editor');

		// Named with the current updatedAt, or without one, the save goes through.
		const current = await roles.editor.client.put(
			`/api/news/${id}`,
			articleBody({ isPublished: false, title: 'Second, reloaded', expectedUpdatedAt: first.body.updatedAt }),
		);
		expect(current.status).toBe(200);
		const unnamed = await roles.editor.client.put(`/api/news/${id}`, articleBody({ title: 'Old client' }));
		expect(unnamed.status).toBe(200);
	});

	it('is refused for an episode', async () => {
		const created = await roles.editor.client.post('/api/podcasts', episodeBody({ isPublished: false }));
		const { id, updatedAt: loaded } = created.body;
		const first = await roles.editor.client.put(
			`/api/podcasts/${id}`,
			episodeBody({ isPublished: false, title: 'First editor', expectedUpdatedAt: loaded }),
		);
		expect(first.status, JSON.stringify(first.body)).toBe(200);
		const second = await roles.editor.client.put(
			`/api/podcasts/${id}`,
			episodeBody({ isPublished: false, title: 'Second editor', expectedUpdatedAt: loaded }),
		);
		expect(second.status).toBe(409);
		expect(second.body.message).toMatch(CONFLICT);
		expect((await roles.editor.client.get(`/api/podcasts/${id}`)).body.title).toBe('First editor');
	});

	it('is refused for a static page', async () => {
		const page = await roles.editor.client.get('/api/pages/about-us');
		const loaded = page.body.updatedAt;
		const first = await roles.editor.client.put('/api/pages/about-us', {
			title: 'About, first',
			content: 'First editor',
			expectedUpdatedAt: loaded,
		});
		expect(first.status, JSON.stringify(first.body)).toBe(200);
		const second = await roles.editor.client.put('/api/pages/about-us', {
			title: 'About, second',
			content: 'Second editor',
			expectedUpdatedAt: loaded,
		});
		expect(second.status).toBe(409);
		expect(second.body.message).toMatch(CONFLICT);
		expect((await roles.anonymous.get('/api/pages/about-us')).body.content).toBe('First editor');
	});

	it('refuses an expectedUpdatedAt that is no time', async () => {
		const created = await roles.editor.client.post('/api/news', articleBody());
		const answer = await roles.editor.client.put(
			`/api/news/${created.body.id}`,
			articleBody({ expectedUpdatedAt: 'yesterday' }),
		);
		expect(answer.status).toBe(400);
		expect(answer.body.message).toMatch(/expectedUpdatedAt/);
	});
});
