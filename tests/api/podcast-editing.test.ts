/**
 * The editors' podcast episode endpoints: POST /api/podcasts, GET /api/podcasts/all and
 * GET/PUT/DELETE /api/podcasts/{id}: validation, roles, drafts kept from the public list, the
 * feed, search and the sitemap, and the feed's enclosure from the stored size and type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUDIO_BYTES } from '@/lib/demo-audio';
import type { TestClient } from '../support/account-api';
import { setUpRoles, startContentServer, uniqueWord, type Roles } from '../support/content-fixtures';
import type { TestServer } from '../support/server';
import { episodeBody } from '../support/episode-fixtures';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

type Episode = {
	id: number;
	title: string;
	description: string;
	audioUrl: string;
	audioBytes: number | null;
	audioType: string | null;
	duration: number;
	episodeNumber: number;
	seasonNumber: number;
	imageUrl: string | null;
	tags: string[];
	isPublished: boolean;
	publishedAt: string;
	author: { username: string } | null;
};

async function create(overrides: Record<string, unknown> = {}): Promise<Episode> {
	const answer = await roles.editor.client.post('/api/podcasts', episodeBody(overrides));
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return answer.body;
}

const publicIds = async (client: TestClient = roles.anonymous, query = '') =>
	((await client.get(`/api/podcasts${query}`)).body as Episode[]).map((episode) => episode.id);

/** The sitemap's lastmod of /podcast: the newest published episode's date. */
async function podcastLastmod(): Promise<string | undefined> {
	const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
	return xml.match(/<loc>[^<]*\/podcast<\/loc><lastmod>([^<]*)<\/lastmod>/)?.[1];
}

/** The generated feed's items, parsed loosely: title, guid and the enclosure's attributes. */
async function feedItems(): Promise<Array<{ title: string; enclosure: string; duration: string }>> {
	const xml = await (await fetch(`${server.url}/podcast/rss`)).text();
	return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => ({
		title: item!.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? '',
		enclosure: item!.match(/<enclosure [^>]*>/)?.[0] ?? '',
		duration: item!.match(/<itunes:duration>([^<]*)</)?.[1] ?? '',
	}));
}

describe('POST /api/podcasts', () => {
	it('lets an editor create an episode (201) with the editor as its author', async () => {
		const before = Date.now();
		const episode = await create({ title: 'Shelf media, measured' });
		expect(episode).toMatchObject({
			title: 'Shelf media, measured',
			description: 'A **conversation** about retail media.',
			audioUrl: 'https://audio.example.com/show/episode.mp3',
			audioBytes: 24_000_000,
			audioType: 'audio/mpeg',
			duration: 42,
			episodeNumber: 7,
			seasonNumber: 2,
			imageUrl: 'https://img.example.com/cover.jpg',
			tags: ['measurement', 'retail'],
			isPublished: true,
			author: { username: roles.editor.username },
		});
		expect(Date.parse(episode.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
		expect(await publicIds()).toContain(episode.id);
	});

	it('reads the type from the address, knows the size of the site’s own audio, and defaults the season', async () => {
		const m4a = await create({
			audioUrl: 'https://cdn.example.com/a.m4a?x=1',
			audioBytes: '',
			audioType: null,
		});
		expect(m4a).toMatchObject({ audioType: 'audio/x-m4a', audioBytes: null });
		const demo = await create({ audioUrl: '/audio/episode-2.mp3', audioBytes: null, seasonNumber: '' });
		expect(demo).toMatchObject({
			audioType: 'audio/mpeg',
			audioBytes: DEMO_AUDIO_BYTES['/audio/episode-2.mp3'],
			seasonNumber: 1,
		});
		const typed = await create({ audioUrl: 'https://cdn.example.com/stream', audioType: 'audio/mp4' });
		expect(typed.audioType).toBe('audio/mp4');
		// Numbers typed in a form arrive as text.
		const asText = await create({ duration: '15', episodeNumber: '3', audioBytes: '1000' });
		expect(asText).toMatchObject({ duration: 15, episodeNumber: 3, audioBytes: 1000 });
	});

	it.each([
		['title', { title: '   ' }, 'Title is required.'],
		['title', { title: 'x'.repeat(201) }, 'Title must be at most 200 characters.'],
		['description', { description: '' }, 'Description is required.'],
		['audioUrl', { audioUrl: '' }, 'Audio URL is required.'],
		[
			'audioUrl',
			{ audioUrl: 'javascript:alert(1)' },
			'Audio URL must be an http(s) URL or a path starting with /.',
		],
		[
			'audioUrl',
			{ audioUrl: '//evil.example/a.mp3' },
			'Audio URL must be an http(s) URL or a path starting with /.',
		],
		['audioBytes', { audioBytes: 0 }, 'Audio size must be a whole number of bytes from 1 to 2147483647.'],
		['audioBytes', { audioBytes: 1.5 }, 'Audio size must be a whole number of bytes from 1 to 2147483647.'],
		[
			'audioBytes',
			{ audioBytes: 2_147_483_648 },
			'Audio size must be a whole number of bytes from 1 to 2147483647.',
		],
		[
			'audioType',
			{ audioType: 'video/x-flv' },
			'Audio type must be one of audio/mpeg, audio/x-m4a, audio/mp4.',
		],
		['duration', { duration: 0 }, 'Duration must be a whole number of minutes from 1 to 1440.'],
		['duration', { duration: 'long' }, 'Duration must be a whole number of minutes from 1 to 1440.'],
		['duration', { duration: undefined }, 'Duration must be a whole number of minutes from 1 to 1440.'],
		['episodeNumber', { episodeNumber: -1 }, 'Episode number must be a whole number from 1 to 100000.'],
		['seasonNumber', { seasonNumber: 1001 }, 'Season number must be a whole number from 1 to 1000.'],
		[
			'imageUrl',
			{ imageUrl: 'ftp://x.example/a.png' },
			'Image URL must be an http(s) URL or a path starting with /.',
		],
		['tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'At most 20 tags are allowed.'],
		['isPublished', { isPublished: 'yes' }, 'The published setting must be true or false.'],
	])('refuses a bad %s with 400 and a sentence naming the field', async (field, overrides, message) => {
		const answer = await roles.editor.client.post('/api/podcasts', episodeBody(overrides));
		expect(answer.status, JSON.stringify(answer.body)).toBe(400);
		expect(answer.body).toEqual({ message });
		expect(answer.headers.get('x-invalid-field')).toBe(field);
	});

	it('refuses markdown nested too deeply in the description', async () => {
		const answer = await roles.editor.client.post(
			'/api/podcasts',
			episodeBody({ description: `${'>'.repeat(150)} deep` }),
		);
		expect(answer.status).toBe(400);
		expect(typeof answer.body.message).toBe('string');
	});
});

describe('roles', () => {
	it('lets only editors write or list drafts: anonymous and banned 401, users 403', async () => {
		const episode = await create();
		const calls: Array<(client: TestClient) => Promise<{ status: number }>> = [
			(client) => client.post('/api/podcasts', episodeBody()),
			(client) => client.put(`/api/podcasts/${episode.id}`, episodeBody({ title: 'Hacked' })),
			(client) => client.delete(`/api/podcasts/${episode.id}`),
			(client) => client.get('/api/podcasts/all'),
		];
		for (const call of calls) {
			expect((await call(roles.anonymous)).status).toBe(401);
			expect((await call(roles.banned.client)).status).toBe(401);
			expect((await call(roles.user.client)).status).toBe(403);
		}
		const still = await roles.anonymous.get(`/api/podcasts/${episode.id}`);
		expect(still.status).toBe(200);
		expect(still.body.title).toBe(episode.title);
	});
});

describe('drafts', () => {
	it('keep a draft from the public list, its own address, search and the feed; editors see it', async () => {
		const word = uniqueWord('draft');
		const draft = await create({ title: `Unreleased ${word}`, isPublished: false });
		expect(draft.isPublished).toBe(false);
		for (const client of [roles.anonymous, roles.user.client, roles.banned.client]) {
			expect(await publicIds(client)).not.toContain(draft.id);
			expect((await client.get(`/api/podcasts/${draft.id}`)).status).toBe(404);
		}
		expect(await publicIds(roles.anonymous, `?search=${word}`)).toEqual([]);
		const search = await roles.anonymous.get(`/api/search?q=${word}`);
		expect(search.body.podcasts).toEqual([]);
		expect((await roles.editor.client.get(`/api/podcasts/${draft.id}`)).status).toBe(200);
		// The editor's public list is the public one: drafts live in /all.
		expect(await publicIds(roles.editor.client)).not.toContain(draft.id);
		expect((await feedItems()).map((item) => item.title)).not.toContain(draft.title);
		const page = await (await fetch(`${server.url}/podcast`)).text();
		expect(page).not.toContain(word);
		// The newest episode is a draft: the sitemap's date of /podcast is still a published one's.
		expect(await podcastLastmod()).not.toBe(draft.publishedAt);
	});

	it('publishing a draft makes it public everywhere, dated when it was published', async () => {
		const word = uniqueWord('pub');
		const draft = await create({ title: `Released ${word}`, isPublished: false, audioBytes: 31_337 });
		await new Promise((resolve) => setTimeout(resolve, 20));
		const published = await roles.editor.client.put(
			`/api/podcasts/${draft.id}`,
			episodeBody({
				title: draft.title,
				isPublished: true,
				audioBytes: 31_337,
				audioUrl: 'https://cdn.example.com/r.m4a',
			}),
		);
		expect(published.status, JSON.stringify(published.body)).toBe(200);
		expect(Date.parse(published.body.publishedAt)).toBeGreaterThan(Date.parse(draft.publishedAt));
		expect(await publicIds()).toContain(draft.id);
		expect(
			(await roles.anonymous.get(`/api/search?q=${word}`)).body.podcasts.map((hit: { id: number }) => hit.id),
		).toEqual([draft.id]);
		await expect.poll(async () => (await fetch(`${server.url}/podcast`)).text()).toContain(word);
		await expect
			.poll(async () => (await feedItems()).find((item) => item.title === draft.title))
			.toMatchObject({ duration: '00:42:00' });
		await expect.poll(podcastLastmod).toBe(published.body.publishedAt);
		const item = (await feedItems()).find((entry) => entry.title === draft.title)!;
		expect(item.enclosure).toContain('length="31337"');
		expect(item.enclosure).toContain('type="audio/x-m4a"');
		expect(item.enclosure).toContain('url="https://cdn.example.com/r.m4a"');

		// An edit of a published episode keeps its date; unpublishing takes it out again.
		const edited = await roles.editor.client.put(
			`/api/podcasts/${draft.id}`,
			episodeBody({ title: draft.title, isPublished: true }),
		);
		expect(edited.body.publishedAt).toBe(published.body.publishedAt);
		const hidden = await roles.editor.client.put(
			`/api/podcasts/${draft.id}`,
			episodeBody({ title: draft.title, isPublished: false }),
		);
		expect(hidden.body.isPublished).toBe(false);
		expect(await publicIds()).not.toContain(draft.id);
		await expect.poll(async () => (await feedItems()).map((entry) => entry.title)).not.toContain(draft.title);
	});
});

describe('GET /api/podcasts/all', () => {
	it('lists drafts and published episodes, narrowed by status and search, paged, with the total', async () => {
		const word = uniqueWord('all');
		const published = await create({ title: `Listed ${word} one` });
		const draft = await create({ title: `Listed ${word} two`, isPublished: false });
		const all = await roles.editor.client.get(`/api/podcasts/all?search=${word}`);
		expect(all.status).toBe(200);
		expect(all.body.map((episode: Episode) => episode.id).sort()).toEqual([published.id, draft.id].sort());
		expect(all.headers.get('x-total-count')).toBe('2');
		const drafts = await roles.editor.client.get(`/api/podcasts/all?search=${word}&status=draft`);
		expect(drafts.body.map((episode: Episode) => episode.id)).toEqual([draft.id]);
		expect(drafts.headers.get('x-total-count')).toBe('1');
		const page = await roles.editor.client.get(`/api/podcasts/all?search=${word}&limit=1&offset=1`);
		expect(page.body).toHaveLength(1);
		expect(page.headers.get('x-total-count')).toBe('2');
		// Without a limit, every episode: more than the public list's default page.
		const everything = await roles.editor.client.get('/api/podcasts/all');
		expect(Number(everything.headers.get('x-total-count'))).toBe(everything.body.length);
	});

	it('refuses a bad status or limit with 400 naming the field', async () => {
		const status = await roles.editor.client.get('/api/podcasts/all?status=hidden');
		expect(status.status).toBe(400);
		expect(status.body).toEqual({ message: "status must be 'draft' or 'published'." });
		expect(status.headers.get('x-invalid-field')).toBe('status');
		const limit = await roles.editor.client.get('/api/podcasts/all?limit=0');
		expect(limit.status).toBe(400);
		expect(limit.headers.get('x-invalid-field')).toBe('limit');
	});
});

describe('PUT and DELETE /api/podcasts/{id}', () => {
	it('updates every editable field and keeps the author', async () => {
		const episode = await create();
		const answer = await roles.editor.client.put(
			`/api/podcasts/${episode.id}`,
			episodeBody({
				title: 'Renamed',
				description: 'New notes.',
				duration: 61,
				episodeNumber: 8,
				seasonNumber: 3,
				imageUrl: '',
				tags: ['one'],
			}),
		);
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		expect(answer.body).toMatchObject({
			id: episode.id,
			title: 'Renamed',
			description: 'New notes.',
			duration: 61,
			episodeNumber: 8,
			seasonNumber: 3,
			imageUrl: null,
			tags: ['one'],
			author: { username: roles.editor.username },
		});
		expect((await roles.anonymous.get(`/api/podcasts/${episode.id}`)).body.title).toBe('Renamed');
	});

	it('answers 404 with a sentence for an episode that is not there, and 400 for a bad body', async () => {
		const missing = await roles.editor.client.put('/api/podcasts/999999', episodeBody());
		expect(missing.status).toBe(404);
		expect(missing.body).toEqual({ message: 'Episode not found' });
		expect((await roles.editor.client.delete('/api/podcasts/999999')).body).toEqual({
			message: 'Episode not found',
		});
		expect((await roles.anonymous.get('/api/podcasts/abc')).status).toBe(404);
		const episode = await create();
		const bad = await roles.editor.client.put(`/api/podcasts/${episode.id}`, episodeBody({ duration: 0 }));
		expect(bad.status).toBe(400);
	});

	it('deletes an episode: gone from the lists and the feed', async () => {
		const episode = await create({ title: `Doomed ${uniqueWord()}` });
		await expect.poll(async () => (await feedItems()).map((item) => item.title)).toContain(episode.title);
		const answer = await roles.editor.client.delete(`/api/podcasts/${episode.id}`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Episode deleted' });
		expect((await roles.editor.client.get(`/api/podcasts/${episode.id}`)).status).toBe(404);
		expect(await publicIds()).not.toContain(episode.id);
		await expect.poll(async () => (await feedItems()).map((item) => item.title)).not.toContain(episode.title);
	});
});
