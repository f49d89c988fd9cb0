/**
 * GET and POST /api/admin/site-build: who may see and start a generation, what the status
 * says, and that a change made through the API regenerates the static file of its page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';

let server: TestServer;
let roles: Roles;
let startedAt: number;

beforeAll(async () => {
	startedAt = Date.now();
	// The status after the generation at start is under test, so this server runs one.
	server = await startContentServer({ fresh: true });
	roles = await setUpRoles(server);
	await server.siteIdle();
});

afterAll(async () => {
	await server?.stop();
});

describe('GET /api/admin/site-build', () => {
	it('refuses visitors (401), users (403) and banned users (401)', async () => {
		expect((await roles.anonymous.get('/api/admin/site-build')).status).toBe(401);
		expect((await roles.user.client.get('/api/admin/site-build')).status).toBe(403);
		expect((await roles.banned.client.get('/api/admin/site-build')).status).toBe(401);
	});

	it('tells editors the last success, whether one runs, and the last error', async () => {
		const answer = await roles.editor.client.get('/api/admin/site-build');
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ running: false, lastError: null, queued: 0 });
		// The generation at start, however long the start took.
		expect(Date.parse(answer.body.lastSuccessAt)).toBeGreaterThanOrEqual(startedAt);
		expect(answer.body.lastPageCount).toBeGreaterThan(0);
	});
});

describe('POST /api/admin/site-build', () => {
	it('refuses visitors, users and banned users', async () => {
		expect((await roles.anonymous.post('/api/admin/site-build')).status).toBe(401);
		expect((await roles.user.client.post('/api/admin/site-build')).status).toBe(403);
		expect((await roles.banned.client.post('/api/admin/site-build')).status).toBe(401);
	});

	it('starts a full generation for editors (202) that then succeeds', async () => {
		const before = (await roles.editor.client.get('/api/admin/site-build')).body.lastSuccessAt;
		const answer = await roles.editor.client.post('/api/admin/site-build');
		expect(answer.status).toBe(202);
		expect(answer.body.message).toBe('Site generation started');
		const status = await server.siteIdle();
		expect(status.lastError).toBeNull();
		expect(Date.parse(status.lastSuccessAt!)).toBeGreaterThan(Date.parse(before));
		expect(existsSync(join(server.dir, 'site', 'index.html'))).toBe(true);
	});
});

describe('regeneration after an editor change', () => {
	it('writes a published article to its static file and removes it when unpublished', async () => {
		const article = {
			title: 'Generated page check',
			excerpt: 'An excerpt',
			content: '# Body',
			category: 'Industry News',
			isPublished: true,
		};
		const created = await roles.editor.client.post('/api/news', article);
		expect(created.status).toBe(201);
		await server.siteIdle();
		const file = join(server.dir, 'site', 'news', created.body.slug, 'index.html');
		expect(existsSync(file)).toBe(true);
		expect(readFileSync(file, 'utf8')).toContain('Generated page check');
		const served = await fetch(`${server.url}/news/${created.body.id}`, {
			headers: { 'accept-encoding': 'br' },
		});
		expect(served.status).toBe(200);
		expect(served.headers.get('content-encoding')).toBe('br');
		expect(served.headers.get('etag')).toBeTruthy();

		const hidden = await roles.editor.client.put(`/api/news/${created.body.id}`, {
			...article,
			isPublished: false,
		});
		expect(hidden.status).toBe(200);
		await server.siteIdle();
		expect(existsSync(file)).toBe(false);
		expect((await fetch(`${server.url}/news/${created.body.id}`)).status).toBe(404);
	});
});
