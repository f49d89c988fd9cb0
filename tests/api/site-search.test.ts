/**
 * GET /api/search and the /search page: every group (platforms, news, education, podcast
 * episodes, static pages) found by one query, published content only, snippets as plain text
 * with the offsets of the matched words, the query's validation, and every role getting the
 * same public answer. Runs on both engines (the articles' and episodes' full-text indexes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import type { TestClient } from '../support/account-api';
import {
	articleBody,
	insertArticle,
	setUpRoles,
	startContentServer,
	uniqueWord,
	type Roles,
} from '../support/content-fixtures';
import { createPlatform } from '../support/platform-fixtures';
import { testSlug } from '../support/slugs';

type Hit = { id: number; title: string; url: string; snippet: { text: string; marks: [number, number][] } };
type Results = Record<'platforms' | 'news' | 'education' | 'podcasts' | 'pages', Hit[]>;

let server: TestServer;
let roles: Roles;
const word = uniqueWord('srch');
const ids: Record<string, number> = {};
/** Their addresses' slugs, by the same names. */
const slugs: Record<string, string> = {};

const search = (client: TestClient, q: string) =>
	client.get<Results>(`/api/search?q=${encodeURIComponent(q)}`);

const idsOf = (hits: Hit[]) => hits.map((hit) => hit.id).sort((a, b) => a - b);

/** The words a snippet marks, as written in it. */
const markedWords = (hit: Hit) => hit.snippet.marks.map(([start, end]) => hit.snippet.text.slice(start, end));

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
	const day = 24 * 60 * 60 * 1000;
	const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
	const older = await insertArticle(server, {
		kind: 'news',
		title: `Older ${word} outlook`,
		excerpt: `Why ${word} budgets grow.`,
		createdAt: at(3),
	});
	ids.news = older.id;
	slugs.news = older.slug;
	ids.newsByTag = (
		await insertArticle(server, {
			kind: 'news',
			title: 'Tagged only',
			excerpt: 'Nothing here.',
			tags: [`${word}`],
			createdAt: at(2),
		})
	).id;
	ids.newsDraft = (
		await insertArticle(server, {
			kind: 'news',
			title: `Draft ${word}`,
			excerpt: `${word} draft.`,
			isPublished: false,
			createdAt: at(1),
		})
	).id;
	ids.education = (
		await insertArticle(server, {
			kind: 'education',
			category: 'For Brands',
			title: `Guide to ${word}`,
			excerpt: `A <b>bold</b> ${word} guide.`,
			createdAt: at(2),
		})
	).id;
	ids.educationDraft = (
		await insertArticle(server, {
			kind: 'education',
			category: 'For Brands',
			title: `Draft guide ${word}`,
			excerpt: `${word}.`,
			isPublished: false,
		})
	).id;
	const { podcastEpisodes, staticPages } = server.tables;
	const [episode] = await server.db
		.insert(podcastEpisodes)
		.values({
			title: 'An episode',
			slug: testSlug('An episode'),
			description: `We talk about ${word.toUpperCase()} at length.`,
			audioUrl: '/audio/demo.mp3',
			duration: 30,
			episodeNumber: 1,
			publishedAt: at(1),
			tags: [],
		})
		.returning({ id: podcastEpisodes.id, slug: podcastEpisodes.slug });
	ids.episode = episode!.id;
	slugs.episode = episode!.slug;
	const [page] = await server.db
		.insert(staticPages)
		.values({
			slug: 'about-us',
			title: 'About Us',
			content: `# Who we are\n\nWe write about **${word}** every week.`,
		})
		.returning({ id: staticPages.id });
	ids.page = page!.id;
	const platform = await createPlatform(roles.editor, {
		name: `${word} Ads`,
		description: 'Sponsored products.',
	});
	ids.platform = platform.id;
	slugs.platform = platform.slug;
});

afterAll(async () => {
	await server?.stop();
});

describe('GET /api/search', () => {
	it('finds published content of every kind, with plain snippets marking the matched words', async () => {
		const answer = await search(roles.anonymous, word);
		expect(answer.status).toBe(200);
		const results = answer.body;
		expect(Object.keys(results).sort()).toEqual(['education', 'news', 'pages', 'platforms', 'podcasts']);
		// Newest first: the tag-only article is newer.
		expect(results.news.map((hit) => hit.id)).toEqual([ids.newsByTag, ids.news]);
		expect(idsOf(results.education)).toEqual([ids.education]);
		expect(idsOf(results.podcasts)).toEqual([ids.episode]);
		expect(idsOf(results.pages)).toEqual([ids.page]);
		expect(idsOf(results.platforms)).toEqual([ids.platform]);

		const news = results.news.find((hit) => hit.id === ids.news)!;
		expect(news).toMatchObject({ title: `Older ${word} outlook`, url: `/news/${slugs.news}` });
		expect(news.snippet.text).toBe(`Why ${word} budgets grow.`);
		expect(markedWords(news)).toEqual([word]);
		// Found by a tag: the tags are the snippet, since the excerpt does not have the word.
		expect(markedWords(results.news.find((hit) => hit.id === ids.newsByTag)!)).toEqual([word]);
		// Matched ignoring case, marked as written.
		expect(markedWords(results.podcasts[0]!)).toEqual([word.toUpperCase()]);
		expect(results.podcasts[0]).toMatchObject({ slug: slugs.episode, url: `/podcast/${slugs.episode}` });
		// Markdown read as text: no asterisks, no heading marks.
		expect(results.pages[0]).toMatchObject({ title: 'About Us', slug: 'about-us', url: '/about' });
		expect(results.pages[0]!.snippet.text).toBe(`Who we are We write about ${word} every week.`);
		expect(results.platforms[0]).toMatchObject({
			title: `${word} Ads`,
			slug: slugs.platform,
			url: `/platforms/${slugs.platform}`,
		});
		// What a writer typed stays text: the API never sends markup of its own.
		expect(results.education[0]!.snippet.text).toBe(`A <b>bold</b> ${word} guide.`);
	});

	it('never finds drafts, not even for editors', async () => {
		for (const client of [roles.anonymous, roles.editor.client]) {
			const { body } = await search(client, word);
			const found = [...body.news, ...body.education].map((hit) => hit.id);
			expect(found).not.toContain(ids.newsDraft);
			expect(found).not.toContain(ids.educationDraft);
		}
	});

	it('matches every word by prefix, ignoring case', async () => {
		const prefix = word.slice(0, -2).toUpperCase();
		const { body } = await search(roles.anonymous, `${prefix} budgets`);
		expect(idsOf(body.news)).toEqual([ids.news]);
		expect(body.education).toEqual([]);
	});

	it('gives every role the same answer', async () => {
		const expected = (await search(roles.anonymous, word)).body;
		for (const client of [roles.user.client, roles.banned.client, roles.editor.client]) {
			const answer = await search(client, word);
			expect(answer.status).toBe(200);
			expect(answer.body).toEqual(expected);
		}
	});

	it('finds nothing for a search without a letter or digit', async () => {
		const answer = await search(roles.anonymous, '*** ""');
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ platforms: [], news: [], education: [], podcasts: [], pages: [] });
	});

	it.each([
		['missing', '/api/search', 'Enter a word to search for.'],
		['empty', '/api/search?q=', 'Enter a word to search for.'],
		['blank', '/api/search?q=%20%20%20', 'Enter a word to search for.'],
		['too long', `/api/search?q=${'a'.repeat(201)}`, 'Search must be at most 200 characters.'],
	])('refuses a %s query with a sentence', async (_name, path, message) => {
		for (const client of [roles.anonymous, roles.user.client, roles.banned.client, roles.editor.client]) {
			const answer = await client.get(path);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ message });
		}
	});

	it('accepts a query of 200 characters', async () => {
		expect((await search(roles.anonymous, `${word} ${'b'.repeat(200 - word.length - 1)}`)).status).toBe(200);
	});

	it('finds an article the moment it is published (the shared answer is dropped)', async () => {
		const fresh = uniqueWord('pub');
		const before = await search(roles.anonymous, fresh);
		expect(before.body.news).toEqual([]);
		const created = await roles.editor.client.post(
			'/api/news',
			articleBody({ title: `Fresh ${fresh}`, isPublished: false }),
		);
		expect(created.status).toBe(201);
		expect((await search(roles.anonymous, fresh)).body.news).toEqual([]);
		const published = await roles.editor.client.put(
			`/api/news/${created.body.id}`,
			articleBody({ title: `Fresh ${fresh}`, isPublished: true }),
		);
		expect(published.status).toBe(200);
		expect(idsOf((await search(roles.anonymous, fresh)).body.news)).toEqual([created.body.id]);
	});
});

describe('the /search page', () => {
	const html = async (path: string) => {
		const response = await fetch(`${server.url}${path}`);
		return { status: response.status, text: await response.text() };
	};

	it('lists the hits with their links and marks, escaping what writers typed', async () => {
		const { status, text } = await html(`/search?q=${word}`);
		expect(status).toBe(200);
		expect(text).toContain(`href="/news/${slugs.news}"`);
		expect(text).toContain(`href="/platforms/${slugs.platform}"`);
		expect(text).toContain(`href="/about"`);
		expect(text).toMatch(new RegExp(`<mark[^>]*>${word}</mark>`));
		expect(text).toContain('A &lt;b&gt;bold&lt;/b&gt;');
		expect(text).not.toContain('<b>bold</b>');
		expect(text).toContain('<meta name="robots" content="noindex"');
	});

	it('says when nothing was found, and shows the form alone without a query', async () => {
		expect((await html(`/search?q=${uniqueWord('none')}`)).text).toMatch(/No results for &quot;\w+&quot;\./);
		const empty = await html('/search');
		expect(empty.status).toBe(200);
		expect(empty.text).toContain('name="q"');
		expect(empty.text).not.toContain('No results');
	});

	it('answers a query it refuses with the sentence and a 400', async () => {
		const { status, text } = await html(`/search?q=${'a'.repeat(201)}`);
		expect(status).toBe(400);
		expect(text).toContain('Search must be at most 200 characters.');
	});

	it('finds no drafts', async () => {
		const { text } = await html(`/search?q=${word}`);
		expect(text).not.toContain(`/news/${ids.newsDraft}"`);
		expect(text).not.toContain(`/education/${ids.educationDraft}"`);
	});
});

describe('the header', () => {
	it('carries a search form that sends q to /search without any script', async () => {
		const text = await (await fetch(`${server.url}/`)).text();
		expect(text).toMatch(/<form role="search" aria-label="Site search" action="\/search" method="get"/);
		expect(text).toMatch(/<label for="header-search" class="sr-only">Search the site<\/label>/);
		expect(text).toMatch(/<input id="header-search" type="search" name="q"/);
	});
});
