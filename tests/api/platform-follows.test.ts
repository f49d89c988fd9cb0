/**
 * Following a platform and its own feed: POST and DELETE /api/platforms/{id}/follow per role
 * (anonymous 401, a banned session 401, an unconfirmed address 403 with a sentence, a confirmed
 * one 200, an unknown platform 404), GET /api/profile/follows listing them; and
 * /platforms/{id}/rss carrying an editor's pricing change, never the editor's name, and a new
 * review. Runs on the engine of TEST_DATABASE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNVERIFIED_FOLLOW } from '@/lib/validation/platform-messages';
import type { TestServer } from '../support/server';
import { registerUser, startAccountServer, TestClient, type Registered } from '../support/account-api';
import {
	createPlatform,
	platformInput,
	registerBanned,
	registerEditor,
	registerVerified,
} from '../support/platform-fixtures';

type Follow = { platformId: number; slug: string; name: string; followedAt: string };

let server: TestServer;
let editor: Registered;

beforeAll(async () => {
	server = await startAccountServer();
	editor = await registerEditor(server);
});
afterAll(async () => {
	await server?.stop();
});

describe('POST and DELETE /api/platforms/{id}/follow', () => {
	it('refuses visitors, banned sessions and unconfirmed addresses, each with a sentence', async () => {
		const { id } = await createPlatform(editor);
		const anonymous = new TestClient(server.url);
		const banned = await registerBanned(server);
		const unverified = await registerUser(server);
		for (const method of ['POST', 'DELETE']) {
			const path = `/api/platforms/${id}/follow`;
			const visitor = await anonymous.request(method, path);
			expect(visitor.status).toBe(401);
			expect(visitor.body.message).toBe('Please sign in to follow platforms');
			expect((await banned.client.request(method, path)).status).toBe(401);
			const refused = await unverified.client.request(method, path);
			expect(refused.status).toBe(403);
			expect(refused.body).toEqual({ message: UNVERIFIED_FOLLOW });
		}
		expect((await unverified.client.get('/api/profile/follows')).body).toEqual([]);
		expect((await anonymous.get('/api/profile/follows')).status).toBe(401);
	});

	it('lets a confirmed address follow and unfollow, twice changing nothing, and lists the follows', async () => {
		const first = await createPlatform(editor, { name: `Alpha ${Date.now()}` });
		const second = await createPlatform(editor, { name: `Beta ${Date.now()}` });
		const user = await registerVerified(server);
		const follow = (id: number) => user.client.post<{ follows: Follow[] }>(`/api/platforms/${id}/follow`);

		expect((await follow(second.id)).status).toBe(200);
		const again = await follow(second.id);
		expect(again.status).toBe(200);
		expect(again.body.follows.map((f) => f.platformId)).toEqual([second.id]);
		await follow(first.id);

		const listed = await user.client.get<Follow[]>('/api/profile/follows');
		expect(listed.status).toBe(200);
		expect(listed.headers.get('cache-control')).toMatch(/no-store/);
		expect(listed.body.map(({ platformId, slug, name }) => ({ platformId, slug, name }))).toEqual([
			{ platformId: first.id, slug: first.slug, name: first.name },
			{ platformId: second.id, slug: second.slug, name: second.name },
		]);
		expect(Number.isNaN(Date.parse(listed.body[0]!.followedAt))).toBe(false);

		// Another user's follows are their own.
		expect((await (await registerVerified(server)).client.get('/api/profile/follows')).body).toEqual([]);

		const unfollowed = await user.client.delete<{ follows: Follow[] }>(`/api/platforms/${second.id}/follow`);
		expect(unfollowed.status).toBe(200);
		expect(unfollowed.body.follows.map((f) => f.platformId)).toEqual([first.id]);
		expect((await user.client.delete(`/api/platforms/${second.id}/follow`)).status).toBe(200);
	});

	it('answers 404 with a sentence for an unknown platform, and for a malformed id', async () => {
		const user = await registerVerified(server);
		for (const method of ['POST', 'DELETE']) {
			const missing = await user.client.request(method, '/api/platforms/999999/follow');
			expect(missing.status).toBe(404);
			expect(missing.body).toEqual({ message: 'Platform not found' });
			const malformed = await user.client.request(method, '/api/platforms/abc/follow');
			expect(malformed.status).toBe(404);
			expect(malformed.body).toEqual({ message: 'Invalid platform id.' });
		}
	});

	it('drops the follows of a deleted platform', async () => {
		const platform = await createPlatform(editor);
		const user = await registerVerified(server);
		await user.client.post(`/api/platforms/${platform.id}/follow`);
		expect((await editor.client.delete(`/api/admin/platforms/${platform.id}`)).status).toBe(200);
		expect((await user.client.get('/api/profile/follows')).body).toEqual([]);
	});
});

describe('/platforms/{slug}/rss', () => {
	it('lists a pricing change without the editor, and a new review, newest first', async () => {
		const form = platformInput({ pricing: 'CPC from $0.50' });
		const platform = await createPlatform(editor, form);
		const edited = await editor.client.put(`/api/admin/platforms/${platform.id}`, {
			...form,
			pricing: 'CPC from $0.65',
		});
		expect(edited.status).toBe(200);
		const reviewer = await registerUser(server);
		const rated = await reviewer.client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 4,
			review: 'Clear reporting, fair fees.',
		});
		expect(rated.status).toBe(201);

		// The feed is a generated file: each change regenerates it.
		await server.siteIdle();
		const answer = await fetch(`${server.url}/platforms/${platform.id}/rss`);
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toMatch(/xml/);
		const xml = await answer.text();
		expect(xml).toContain('Pricing: CPC from $0.50 → CPC from $0.65');
		expect(xml).toContain('Clear reporting, fair fees.');
		expect(xml).toContain(`${reviewer.username} reviewed`);
		expect(xml).not.toContain(editor.username);
		expect(xml).not.toContain(editor.email);
		// Newest first: the review came after the edit.
		expect(xml.indexOf('Clear reporting')).toBeLessThan(xml.indexOf('Pricing: CPC'));
		expect(xml).toContain(`/platforms/${platform.slug}/rss" rel="self"`);
	});

	it('stays well-formed XML whatever code points a review or a name holds (issue 42, F-6)', async () => {
		const platform = await createPlatform(editor, { name: `Bell\u0001 ${Date.now()}` });
		const reviewer = await registerUser(server);
		const rated = await reviewer.client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 3,
			review: 'Odd\uFFFE text\uFFFF with\u0001 controls\u001B and \u{1F600} kept.',
		});
		expect(rated.status).toBe(201);
		await server.siteIdle();
		const answer = await fetch(`${server.url}/platforms/${platform.id}/rss`);
		expect(answer.status).toBe(200);
		const xml = await answer.text();
		// biome-ignore lint/suspicious/noControlCharactersInRegex: the code points XML 1.0 forbids
		expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
		expect(xml).toContain('Odd text with controls and \u{1F600} kept.');
	});

	it("keeps each item's guid at the platform's id when its slug changes, so readers see nothing new", async () => {
		const form = platformInput({ pricing: 'Flat fee' });
		const platform = await createPlatform(editor, form);
		const edited = await editor.client.put(`/api/admin/platforms/${platform.id}`, {
			...form,
			pricing: 'Flat fee plus 2%',
		});
		expect(edited.status).toBe(200);
		const guids = async () => {
			await server.siteIdle();
			const xml = await (await fetch(`${server.url}/platforms/${platform.id}/rss`)).text();
			return [...xml.matchAll(/<guid isPermaLink="false">([^<]+)<\/guid>/g)].map((match) => match[1]);
		};
		const before = await guids();
		expect(before).toHaveLength(1);
		expect(before[0]).toMatch(new RegExp(`^${server.url}/platforms/${platform.id}#change-`));
		const renamed = await editor.client.put(`/api/admin/platforms/${platform.id}`, {
			...form,
			pricing: 'Flat fee plus 2%',
			slug: `${platform.slug}-moved`,
		});
		expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
		expect((await guids()).slice(-1)).toEqual(before);
	});

	it('answers 404 for an unknown platform', async () => {
		expect((await fetch(`${server.url}/platforms/999999/rss`)).status).toBe(404);
	});
});
