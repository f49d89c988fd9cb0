/**
 * Podcast episodes for the /podcast list: full-text search (FTS5 over title, description and
 * tags) and the four sort keys of the list (date, title, duration, episode number). Episodes are added by the seed or scripts.
 */
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { EpisodeRow, UserRow } from '@db/schema';
import type { PodcastListQuery } from '@/lib/validation/content';
import { byEngine, db, podcastEpisodes, users, type AppDatabase } from '@/server/db';
import { nocase } from '@/server/db/sql';
import { podcastSearchCondition } from './search/episodes.postgres';
import { sqliteEpisodeSearch } from './search/episodes.sqlite';

/** The episode search, by engine: FTS5 on SQLite, the tsvector index on PostgreSQL (same matches). */
const episodeSearch = byEngine({
	sqlite: () => sqliteEpisodeSearch,
	postgres: () => podcastSearchCondition,
});

/** An episode as the API returns it. */
export type PodcastEpisode = Pick<
	EpisodeRow,
	| 'id'
	| 'title'
	| 'description'
	| 'imageUrl'
	| 'audioUrl'
	| 'duration'
	| 'episodeNumber'
	| 'seasonNumber'
	| 'publishedAt'
	| 'tags'
> & { author: Pick<UserRow, 'username'> | null };

/**
 * ORDER BY for each sort key; ties fall back to id so the order is stable. Episode numbers may
 * restart each season, so 'episodeNumber' orders by season first.
 */
function episodeOrder(query: Pick<PodcastListQuery, 'sortBy' | 'sortOrder'>): SQL[] {
	const direction = query.sortOrder === 'asc' ? asc : desc;
	switch (query.sortBy) {
		case 'title':
			return [direction(nocase(podcastEpisodes.title)), direction(podcastEpisodes.id)];
		case 'duration':
			return [direction(podcastEpisodes.duration), direction(podcastEpisodes.id)];
		case 'episodeNumber':
			return [
				direction(podcastEpisodes.seasonNumber),
				direction(podcastEpisodes.episodeNumber),
				direction(podcastEpisodes.id),
			];
		default:
			return [direction(podcastEpisodes.publishedAt), direction(podcastEpisodes.id)];
	}
}

/** The list query, unexecuted, so tests can EXPLAIN it. */
export function episodeListQuery(database: AppDatabase, query: PodcastListQuery) {
	const search = episodeSearch()(query.search);
	return database
		.select({
			id: podcastEpisodes.id,
			title: podcastEpisodes.title,
			description: podcastEpisodes.description,
			imageUrl: podcastEpisodes.imageUrl,
			audioUrl: podcastEpisodes.audioUrl,
			duration: podcastEpisodes.duration,
			episodeNumber: podcastEpisodes.episodeNumber,
			seasonNumber: podcastEpisodes.seasonNumber,
			publishedAt: podcastEpisodes.publishedAt,
			tags: podcastEpisodes.tags,
			authorUsername: users.username,
		})
		.from(podcastEpisodes)
		.leftJoin(users, eq(podcastEpisodes.authorId, users.id))
		.where(search)
		.orderBy(...episodeOrder(query))
		.limit(query.limit)
		.offset(query.offset);
}

export async function listEpisodes(query: PodcastListQuery): Promise<PodcastEpisode[]> {
	const rows = await episodeListQuery(db(), query);
	return rows.map(({ authorUsername, ...row }) => ({
		...row,
		author: authorUsername === null ? null : { username: authorUsername },
	}));
}
