/** GET /api/podcasts: the episode list with search (FTS5) and the four sort keys. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastListQuerySchema } from '@/lib/validation/content';
import { episodeListQuery } from '@/server/content/podcasts';
import { podcastSearchCondition } from '@/server/content/search/episodes.postgres';
import type { TestServer } from '../support/server';
import { TestClient, registerUser } from '../support/account-api';
import { ODD_SEARCHES, postgresQueryPlan, queryPlan, startContentServer } from '../support/content-fixtures';
import { testSlug } from '../support/slugs';

let server: TestServer;
let client: TestClient;
let host: string;

type Episode = {
	id: number;
	title: string;
	description: string;
	duration: number;
	episodeNumber: number;
	seasonNumber: number;
	publishedAt: string;
	tags: string[];
	author: { username: string } | null;
};

const EPISODES = [
	// title, description, tags, duration, season, episode, published
	['Retail media basics', 'What a retail media network sells.', ['basics'], 42, 1, 1, '2024-01-10'],
	[
		'measuring Incrementality',
		'Lift tests and holdouts explained.',
		['measurement', 'Data'],
		65,
		1,
		2,
		'2024-02-10',
	],
	[
		'Grocery ads',
		'Shelf, search and sponsored products in grocery.',
		['grocery', 'Retail'],
		30,
		1,
		3,
		'2024-03-10',
	],
	['Clean rooms', 'Privacy-safe data collaboration for retailers.', ['data'], 90, 2, 1, '2024-04-10'],
	['Café culture and commerce', 'Coffee chains as media owners.', ['convenience'], 30, 2, 2, '2024-05-10'],
] as const;

const ids = (list: Episode[]) => list.map((episode) => episode.id);

beforeAll(async () => {
	server = await startContentServer();
	const author = await registerUser(server);
	host = author.username;
	for (const [title, description, tags, duration, seasonNumber, episodeNumber, date] of EPISODES) {
		await server.db.insert(server.tables.podcastEpisodes).values({
			title,
			slug: testSlug(title),
			description,
			tags: [...tags],
			duration,
			seasonNumber,
			episodeNumber,
			publishedAt: new Date(`${date}T08:00:00Z`),
			audioUrl: `https://audio.example.com/${seasonNumber}-${episodeNumber}.mp3`,
			imageUrl: episodeNumber === 1 ? null : 'https://img.example.com/e.jpg',
			authorId: seasonNumber === 1 ? author.id : null,
		});
	}
	client = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

async function list(query = ''): Promise<Episode[]> {
	const answer = await client.get(`/api/podcasts${query ? `?${query}` : ''}`);
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body;
}
const titles = (episodes: Episode[]) => episodes.map((episode) => episode.title);

describe('GET /api/podcasts', () => {
	it('lists every episode, newest first, with its fields', async () => {
		const episodes = await list();
		expect(titles(episodes)).toEqual([
			'Café culture and commerce',
			'Clean rooms',
			'Grocery ads',
			'measuring Incrementality',
			'Retail media basics',
		]);
		expect(Object.keys(episodes[0]!).sort()).toEqual([
			'audioBytes',
			'audioType',
			'audioUrl',
			'author',
			'description',
			'duration',
			'episodeNumber',
			'id',
			'imageUrl',
			'isPublished',
			'publishAt',
			'publishedAt',
			'seasonNumber',
			'slug',
			'tags',
			'title',
			'updatedAt',
		]);
		const basics = episodes.find((episode) => episode.title === 'Retail media basics')!;
		expect(basics).toMatchObject({
			duration: 42,
			episodeNumber: 1,
			seasonNumber: 1,
			publishedAt: '2024-01-10T08:00:00.000Z',
			tags: ['basics'],
			imageUrl: null,
			audioUrl: 'https://audio.example.com/1-1.mp3',
			author: { username: host },
		});
		expect(episodes[0]!.author).toBeNull();
	});

	it('sorts by each key, both ways', async () => {
		expect(titles(await list('sortBy=publishedAt&sortOrder=asc'))).toEqual([
			'Retail media basics',
			'measuring Incrementality',
			'Grocery ads',
			'Clean rooms',
			'Café culture and commerce',
		]);
		expect(titles(await list('sortBy=publishedAt&sortOrder=desc'))).toEqual(titles(await list()));
		// Title ignores case: 'measuring' sorts between 'Grocery' and 'Retail'.
		expect(titles(await list('sortBy=title&sortOrder=asc'))).toEqual([
			'Café culture and commerce',
			'Clean rooms',
			'Grocery ads',
			'measuring Incrementality',
			'Retail media basics',
		]);
		expect(titles(await list('sortBy=title&sortOrder=desc'))).toEqual([
			'Retail media basics',
			'measuring Incrementality',
			'Grocery ads',
			'Clean rooms',
			'Café culture and commerce',
		]);
		// Equal durations (30) fall back to id in the same direction.
		const byDurationAsc = await list('sortBy=duration&sortOrder=asc');
		expect(byDurationAsc.map((e) => e.duration)).toEqual([30, 30, 42, 65, 90]);
		expect(titles(byDurationAsc).slice(0, 2)).toEqual(['Grocery ads', 'Café culture and commerce']);
		const byDurationDesc = await list('sortBy=duration&sortOrder=desc');
		expect(ids(byDurationDesc)).toEqual(ids(byDurationAsc).reverse());
		expect(ids(await list('sortBy=duration'))).toEqual(ids(byDurationDesc));
		// Episode numbers restart each season, so the season comes first.
		const byNumber = await list('sortBy=episodeNumber&sortOrder=asc');
		expect(byNumber.map((e) => `${e.seasonNumber}.${e.episodeNumber}`)).toEqual([
			'1.1',
			'1.2',
			'1.3',
			'2.1',
			'2.2',
		]);
		const byNumberDesc = await list('sortBy=episodeNumber&sortOrder=desc');
		expect(byNumberDesc.map((e) => `${e.seasonNumber}.${e.episodeNumber}`)).toEqual([
			'2.2',
			'2.1',
			'1.3',
			'1.2',
			'1.1',
		]);
	});

	it('searches title, description and tags, ignoring case and accents', async () => {
		expect(titles(await list('search=CLEAN'))).toEqual(['Clean rooms']);
		expect(titles(await list('search=holdouts'))).toEqual(['measuring Incrementality']);
		expect(titles(await list('search=convenience'))).toEqual(['Café culture and commerce']);
		expect(titles(await list('search=cafe'))).toEqual(['Café culture and commerce']);
		// 'data' is a tag of two episodes and a description word of one of them.
		expect(titles(await list('search=data&sortBy=title&sortOrder=asc'))).toEqual([
			'Clean rooms',
			'measuring Incrementality',
		]);
	});

	it('matches prefixes and requires every word', async () => {
		expect(titles(await list('search=retai&sortBy=title&sortOrder=asc'))).toEqual([
			'Clean rooms',
			'Grocery ads',
			'Retail media basics',
		]);
		expect(titles(await list('search=retai%20groc'))).toEqual(['Grocery ads']);
		expect(titles(await list('search=retail%20holdouts'))).toEqual([]);
	});

	it('sorts search results too', async () => {
		expect(titles(await list('search=retail&sortBy=duration&sortOrder=asc'))).toEqual([
			'Grocery ads',
			'Retail media basics',
			'Clean rooms',
		]);
	});

	it('pages with limit and offset', async () => {
		const all = ids(await list('sortBy=title&sortOrder=asc'));
		expect(ids(await list('sortBy=title&sortOrder=asc&limit=2&offset=1'))).toEqual(all.slice(1, 3));
	});

	it.each(ODD_SEARCHES)('never fails on odd search input %j', async (search) => {
		const answer = await client.get(`/api/podcasts?search=${encodeURIComponent(search)}`);
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		expect(Array.isArray(answer.body)).toBe(true);
	});

	it('answers 400 for unknown sort keys and orders', async () => {
		for (const [query, message] of [
			['sortBy=rating', "The sort field must be one of 'publishedAt', 'title', 'duration', 'episodeNumber'."],
			[
				'sortBy=category',
				"The sort field must be one of 'publishedAt', 'title', 'duration', 'episodeNumber'.",
			],
			['sortOrder=random', "The sort order must be 'asc' or 'desc'."],
			[`search=${'y'.repeat(201)}`, 'Search must be at most 200 characters.'],
		]) {
			const answer = await client.get(`/api/podcasts?${query}`);
			expect(answer.status, query).toBe(400);
			expect(answer.body.message).toContain(message);
		}
	});

	it('uses the search index (FTS5, or GIN on PostgreSQL) for search', async () => {
		const query = podcastListQuerySchema.parse({ search: 'retail data', sortBy: 'title' });
		if (server.engine === 'postgres') {
			// The list's search condition (this process's dialect helpers speak SQLite, so the
			// whole list query cannot be built here for the server's engine).
			const { podcastEpisodes } = server.tables;
			const built = server.db
				.select({ id: podcastEpisodes.id })
				.from(podcastEpisodes)
				.where(podcastSearchCondition(query.search))
				.toSQL();
			expect(built.sql).not.toMatch(/\blike\b/i);
			const plan = await postgresQueryPlan(server, built);
			expect(plan).toContain('Bitmap Index Scan on podcast_episodes_search_idx');
			expect(plan).not.toMatch(/Seq Scan on podcast_episodes\b/);
			return;
		}
		const built = episodeListQuery(server.db, query).toSQL();
		expect(built.sql).toContain('podcast_episodes_fts');
		expect(built.sql).not.toMatch(/\blike\b/i);
		const plan = queryPlan(server, built);
		expect(
			plan.some((step) => /podcast_episodes_fts VIRTUAL TABLE INDEX/.test(step)),
			plan.join('\n'),
		).toBe(true);
		expect(
			plan.some((step) => /^SCAN podcast_episodes\b(?!_fts)/.test(step)),
			plan.join('\n'),
		).toBe(false);
	});
});
