/**
 * The feeds and SEO files as generated and served: /rss, /podcast/rss, /sitemap.xml and
 * /robots.txt. XML is parsed by the browser's own DOMParser (a strict XML parser).
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import { Client } from '../support/http';
import { newPage as openPage } from '../support/browser';
import { browserTest } from '../support/browser-test';
import type { TestServer } from '../support/server';

let page: Page;
let editor: Client;

type Article = { id: number; slug: string; title: string; isPublished: boolean };
type Episode = {
	id: number;
	title: string;
	audioUrl: string;
	audioBytes: number | null;
	audioType: string | null;
	duration: number;
	episodeNumber: number;
	seasonNumber: number;
};

const it = browserTest({
	seed: true,
	async ready(server, browser) {
		await server.siteIdle();
		({ page } = await openPage(browser!, server.url));
		await page.goto('/robots.txt');
		editor = new Client(server.url);
		await editor.login(DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password);
	},
});

/** Fetches a generated file as a browser would (brotli) and checks it came from disk. */
async function generated(server: TestServer, path: string, type: RegExp): Promise<string> {
	const response = await fetch(server.url + path, { headers: { 'accept-encoding': 'br' } });
	expect(response.status).toBe(200);
	expect(response.headers.get('content-type')).toMatch(type);
	expect(response.headers.get('etag')).toBeTruthy();
	expect(response.headers.get('content-encoding')).toBe('br');
	return response.text();
}

type ParsedItem = Record<string, string | null> & { enclosure: Record<string, string | null> | null };

/** Parses RSS in the browser; fails on any XML error. */
async function parseFeed(xml: string) {
	return page.evaluate((source) => {
		const doc = new DOMParser().parseFromString(source, 'application/xml');
		const error = doc.querySelector('parsererror');
		if (error) return { error: error.textContent, channel: {}, items: [] };
		const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
		const text = (el: Element, name: string) => el.getElementsByTagName(name)[0]?.textContent ?? null;
		const channel = doc.getElementsByTagName('channel')[0]!;
		const items = [...doc.getElementsByTagName('item')].map((item) => {
			const enclosure = item.getElementsByTagName('enclosure')[0];
			return {
				title: text(item, 'title'),
				link: text(item, 'link'),
				guid: text(item, 'guid'),
				description: text(item, 'description'),
				pubDate: text(item, 'pubDate'),
				category: text(item, 'category'),
				duration: item.getElementsByTagNameNS(ITUNES, 'duration')[0]?.textContent ?? null,
				episode: item.getElementsByTagNameNS(ITUNES, 'episode')[0]?.textContent ?? null,
				season: item.getElementsByTagNameNS(ITUNES, 'season')[0]?.textContent ?? null,
				author: item.getElementsByTagNameNS(ITUNES, 'author')[0]?.textContent ?? null,
				explicit: item.getElementsByTagNameNS(ITUNES, 'explicit')[0]?.textContent ?? null,
				enclosure: enclosure
					? {
							url: enclosure.getAttribute('url'),
							type: enclosure.getAttribute('type'),
							length: enclosure.getAttribute('length'),
						}
					: null,
			};
		});
		return {
			error: null,
			channel: {
				title: text(channel, 'title'),
				link: text(channel, 'link'),
				category: channel.getElementsByTagNameNS(ITUNES, 'category')[0]?.getAttribute('text') ?? null,
				author:
					[...channel.children].find((el) => el.localName === 'author' && el.namespaceURI === ITUNES)
						?.textContent ?? null,
			},
			items: items as ParsedItem[],
		};
	}, xml);
}

async function api<T>(server: TestServer, path: string): Promise<T> {
	return (await (await fetch(server.url + path)).json()) as T;
}

describe('/rss', () => {
	it('lists every published news and education article, newest first, with absolute links', async ({
		server,
	}) => {
		const feed = await parseFeed(await generated(server, '/rss', /^application\/(rss\+)?xml/));
		expect(feed.error).toBeNull();
		const [news, education] = await Promise.all([
			api<Article[]>(server, '/api/news?limit=100'),
			api<Article[]>(server, '/api/education?limit=100'),
		]);
		const expectedLinks = [
			...news.map((article) => `${server.url}/news/${article.slug}`),
			...education.map((article) => `${server.url}/education/${article.slug}`),
		];
		expect(feed.items.map((item) => item.link).sort()).toEqual(expectedLinks.sort());
		for (const item of feed.items) {
			expect(item.link!.startsWith(`${server.url}/`)).toBe(true);
			// The guid is the id's address from before slugs, so no reader sees an article twice.
			expect(item.guid).toMatch(new RegExp(`^${server.url}/(news|education)/\\d+$`));
			expect(item.title).toBeTruthy();
			expect(item.description).toBeTruthy();
			expect(item.category).toBeTruthy();
		}
		const dates = feed.items.map((item) => Date.parse(item.pubDate!));
		expect(dates.every((date) => !Number.isNaN(date))).toBe(true);
		expect(dates).toEqual([...dates].sort((a, b) => b - a));
	});

	it('leaves drafts out', async ({ server }) => {
		const xml = await generated(server, '/rss', /xml/);
		const drafts = [
			...(await editor.get<Article[]>('/api/news/all')).body,
			...(await editor.get<Article[]>('/api/education/all')).body,
		].filter((article) => !article.isPublished);
		expect(drafts.length).toBeGreaterThan(0);
		for (const draft of drafts) expect(xml).not.toContain(draft.title);
	});
});

describe('/podcast/rss', () => {
	it('has one item per episode with an audio enclosure and iTunes tags', async ({ server }) => {
		const feed = await parseFeed(await generated(server, '/podcast/rss', /^application\/(rss\+)?xml/));
		expect(feed.error).toBeNull();
		expect(feed.channel.category).toBe('Business');
		expect(feed.channel.author).toBeTruthy();
		const episodes = await api<Episode[]>(server, '/api/podcasts');
		expect(feed.items.map((item) => item.title)).toEqual(episodes.map((episode) => episode.title));
		for (const [index, episode] of episodes.entries()) {
			const item = feed.items[index]!;
			// The seeded episodes' audio is served by the site; the length is the file's own.
			const audio = await fetch(item.enclosure!.url!);
			expect(audio.status).toBe(200);
			expect(audio.headers.get('content-type')).toBe('audio/mpeg');
			const bytes = (await audio.arrayBuffer()).byteLength;
			expect(episode).toMatchObject({ audioBytes: bytes, audioType: 'audio/mpeg' });
			expect(item.enclosure).toEqual({
				url: `${server.url}${episode.audioUrl}`,
				type: 'audio/mpeg',
				length: String(bytes),
			});
			const hours = String(Math.floor(episode.duration / 60)).padStart(2, '0');
			const minutes = String(episode.duration % 60).padStart(2, '0');
			expect(item.duration).toBe(`${hours}:${minutes}:00`);
			expect(item.episode).toBe(String(episode.episodeNumber));
			expect(item.season).toBe(String(episode.seasonNumber));
			expect(item.explicit).toBe('false');
			expect(item.author).toBeTruthy();
			expect(item.link!.startsWith(`${server.url}/podcast`)).toBe(true);
		}
		expect(new Set(feed.items.map((item) => item.guid)).size).toBe(episodes.length);
	});

	it("takes an editor's episode with its stated size and type, and leaves a draft out", async ({
		server,
	}) => {
		const body = {
			description: 'Hosted elsewhere.',
			audioUrl: 'https://cdn.example.com/show/aac-episode.m4a',
			audioBytes: 48_123_456,
			duration: 75,
			episodeNumber: 9,
			tags: 'hosting',
		};
		const live = await editor.post<Episode>('/api/podcasts', {
			...body,
			title: 'Feed live',
			isPublished: true,
		});
		const draft = await editor.post<Episode>('/api/podcasts', {
			...body,
			title: 'Feed draft',
			isPublished: false,
		});
		expect([live.status, draft.status]).toEqual([201, 201]);
		await server.siteIdle();
		const feed = await parseFeed(await generated(server, '/podcast/rss', /^application\/(rss\+)?xml/));
		expect(feed.error).toBeNull();
		expect(feed.items.map((item) => item.title)).not.toContain('Feed draft');
		const item = feed.items.find((entry) => entry.title === 'Feed live')!;
		expect(item.enclosure).toEqual({
			url: 'https://cdn.example.com/show/aac-episode.m4a',
			type: 'audio/x-m4a',
			length: '48123456',
		});
		expect(item.duration).toBe('01:15:00');
		for (const episode of [live.body, draft.body]) {
			expect((await editor.delete(`/api/podcasts/${episode.id}`)).status).toBe(200);
		}
		await server.siteIdle();
	});

	it('names the owner and the copyright, as podcast directories ask', async ({ server }) => {
		const xml = await generated(server, '/podcast/rss', /^application\/(rss\+)?xml/);
		const channel = await page.evaluate((source) => {
			const doc = new DOMParser().parseFromString(source, 'application/xml');
			const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
			const element = doc.getElementsByTagName('channel')[0]!;
			const owner = [...element.children].find(
				(el) => el.localName === 'owner' && el.namespaceURI === ITUNES,
			);
			const child = (name: string) => owner?.getElementsByTagNameNS(ITUNES, name)[0]?.textContent ?? null;
			return {
				ownerName: child('name'),
				ownerEmail: child('email'),
				copyright:
					[...element.children].find((el) => el.localName === 'copyright' && !el.namespaceURI)?.textContent ??
					null,
			};
		}, xml);
		expect(channel.ownerName).toBe('Retail Media Hub');
		expect(channel.ownerEmail).toBe('podcast@retailmediahub.local');
		expect(channel.copyright).toMatch(/^© \d{4} Retail Media Hub$/);
	});

	it('offers the show artwork as a JPEG or PNG that podcast apps accept', async ({ server }) => {
		const xml = await generated(server, '/podcast/rss', /^application\/(rss\+)?xml/);
		const artwork = await page.evaluate((source) => {
			const doc = new DOMParser().parseFromString(source, 'application/xml');
			const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
			const channel = doc.getElementsByTagName('channel')[0]!;
			const images = [...doc.getElementsByTagNameNS(ITUNES, 'image')].map((el) => el.getAttribute('href'));
			const show = [...channel.children].find((el) => el.localName === 'image' && el.namespaceURI === ITUNES);
			return { show: show?.getAttribute('href') ?? null, all: images };
		}, xml);
		expect(artwork.show).toMatch(new RegExp(`^${server.url}/.+\\.(jpe?g|png)$`));
		for (const href of artwork.all) expect(href).toMatch(/\.(jpe?g|png)$/);
		const response = await fetch(artwork.show!);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/^image\/(jpeg|png)/);
		// Apple asks for 1400 to 3000 px square artwork: read the JPEG's frame size.
		const bytes = new Uint8Array(await response.arrayBuffer());
		let size: [number, number] | undefined;
		for (let i = 2; i < bytes.length - 9 && !size; ) {
			const marker = bytes[i + 1]!;
			const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
			if (marker >= 0xc0 && marker <= 0xc2)
				size = [(bytes[i + 7]! << 8) | bytes[i + 8]!, (bytes[i + 5]! << 8) | bytes[i + 6]!];
			i += 2 + length;
		}
		expect(size).toEqual([1400, 1400]);
	});
});

describe('/sitemap.xml', () => {
	it('lists the public pages and published articles, and no drafts', async ({ server }) => {
		const xml = await generated(server, '/sitemap.xml', /^application\/xml/);
		const locs = await page.evaluate((source) => {
			const doc = new DOMParser().parseFromString(source, 'application/xml');
			if (doc.querySelector('parsererror')) return null;
			return [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent);
		}, xml);
		expect(locs).not.toBeNull();
		const at = (path: string) => `${server.url}${path}`;
		for (const path of [
			'/',
			'/podcast',
			'/platforms',
			'/compare',
			'/about',
			'/contact',
			'/privacy-policy',
			'/terms-of-service',
		]) {
			expect(locs).toContain(at(path));
		}
		const all = [
			...(await editor.get<Article[]>('/api/news/all')).body.map((article) => ({ ...article, kind: 'news' })),
			...(await editor.get<Article[]>('/api/education/all')).body.map((article) => ({
				...article,
				kind: 'education',
			})),
		];
		for (const article of all) {
			const loc = at(`/${article.kind}/${article.slug}`);
			if (article.isPublished) expect(locs).toContain(loc);
			else expect(locs).not.toContain(loc);
		}
		const platforms = await api<{ slug: string }[]>(server, '/api/platforms');
		for (const platform of platforms) expect(locs).toContain(at(`/platforms/${platform.slug}`));
		expect(new Set(locs).size).toBe(locs!.length);
		// Account screens may be crawled but are not listed.
		for (const path of ['/auth', '/profile', '/reset-password', '/editor-dashboard']) {
			expect(locs).not.toContain(at(path));
		}
	});
});

describe('/robots.txt', () => {
	it('allows crawling except the API, the editors’ screens and password reset, and names the sitemap', async ({
		server,
	}) => {
		const text = await generated(server, '/robots.txt', /^text\/plain/);
		const lines = text.split('\n');
		expect(lines).toContain('User-agent: *');
		for (const path of ['/api/', '/admin/', '/editor-dashboard', '/reset-password', '/verify-email']) {
			expect(lines).toContain(`Disallow: ${path}`);
		}
		// Indexable by decision (README): no personal data in their HTML.
		for (const path of ['/auth', '/profile']) expect(lines).not.toContain(`Disallow: ${path}`);
		expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`);
	});
});
