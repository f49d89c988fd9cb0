/**
 * Podcast episodes for the /podcast list: full-text search (FTS5 over title, description and
 * tags) and the four sort keys of the list (date, title, duration, episode number). Episodes are added by the seed or scripts.
 */
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PodcastListQuery } from '@/lib/validation/content';
import { db, schema, type AppDatabase } from '@/server/db';
import { ftsCondition } from './search';

const { podcastEpisodes, users } = schema;

/** An episode as the API returns it. */
export type PodcastEpisode = {
	id: number;
	title: string;
	description: string;
	imageUrl: string | null;
	audioUrl: string;
	duration: number;
	episodeNumber: number;
	seasonNumber: number;
	publishedAt: Date;
	tags: string[];
	author: { username: string } | null;
};

/**
 * ORDER BY for each sort key; ties fall back to id so the order is stable. Episode numbers may
 * restart each season, so 'episodeNumber' orders by season first.
 */
function episodeOrder(query: Pick<PodcastListQuery, 'sortBy' | 'sortOrder'>): SQL[] {
	const direction = query.sortOrder === 'asc' ? asc : desc;
	switch (query.sortBy) {
		case 'title':
			return [
				direction(sql`${podcastEpisodes.title} collate nocase`),
				direction(podcastEpisodes.id),
			];
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
		.where(ftsCondition('podcast_episodes_fts', podcastEpisodes.id, query.search))
		.orderBy(...episodeOrder(query))
		.limit(query.limit)
		.offset(query.offset);
}

export function listEpisodes(query: PodcastListQuery): PodcastEpisode[] {
	return episodeListQuery(db(), query)
		.all()
		.map(({ authorUsername, ...row }) => ({
			...row,
			author: authorUsername === null ? null : { username: authorUsername },
		}));
}
