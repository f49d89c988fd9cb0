/**
 * An episode as cards show it: the service's PodcastEpisode (Dates) on the server, the API's JSON
 * (ISO strings) in the /podcast page script. What a card shows of it (its texts and optional
 * parts), so the server's cards and the script's agree. Also the list query of the page script
 * (parameter names from src/pages/api/podcasts/index.ts).
 */
import { apiRequest } from '@/lib/api-client';
import { formatDuration } from '@/lib/format';
import { isSafeUrl } from '@/lib/safe-url';
import type { Wire } from '@/lib/wire';
import type { PodcastEpisode } from '@/server/content/podcasts';
import { SHOW_COVER } from './show-cover';

export type EpisodeSummary = PodcastEpisode | Wire<PodcastEpisode>;

/** '' = Latest First (the API's default, publishedAt). */
export type EpisodeSort = '' | 'title' | 'duration' | 'episodeNumber';
export type EpisodeFilters = { search: string; sortBy: EpisodeSort; sortOrder: 'asc' | 'desc' };

export const DEFAULT_EPISODE_FILTERS: EpisodeFilters = { search: '', sortBy: '', sortOrder: 'desc' };

export const EPISODE_SORT_LABELS: Record<EpisodeSort, string> = {
	'': 'Latest First',
	title: 'Title',
	duration: 'Duration',
	episodeNumber: 'Episode Number',
};

/** 'Episode {n}', plus ' • Season {k}' from season 2 on. */
function episodeBadge(episode: Pick<EpisodeSummary, 'episodeNumber' | 'seasonNumber'>): string {
	const season = episode.seasonNumber > 1 ? ` • Season ${episode.seasonNumber}` : '';
	return `Episode ${episode.episodeNumber}${season}`;
}

/** A card's texts, by the name of the element holding each (data-field in EpisodeCard). */
export function episodeTexts(episode: EpisodeSummary) {
	return {
		badge: episodeBadge(episode),
		title: episode.title,
		description: episode.description,
		author: episode.author?.name ?? '',
		duration: formatDuration(episode.duration),
	};
}

export type EpisodeField = keyof ReturnType<typeof episodeTexts>;

/**
 * An episode's picture: its own cover, else the show's (as podcast apps do), so a card never
 * shows an empty frame that reads as a broken image.
 */
export function episodeImage(episode: Pick<EpisodeSummary, 'imageUrl'>): string {
	return episode.imageUrl || SHOW_COVER;
}

/** The accessible name of a card's audio player. */
export function playerLabel(episode: Pick<EpisodeSummary, 'title'>): string {
	return `Play ${episode.title} here`;
}

/** The optional parts of a card an episode has (data-if in EpisodeCard). */
export function episodeParts(episode: EpisodeSummary) {
	const playable = isSafeUrl(episode.audioUrl);
	return {
		author: Boolean(episode.author),
		tags: episode.tags.length > 0,
		/**
		 * The player and Listen Now as a link; an unsafe or empty audio URL gets a disabled
		 * Listen Now instead.
		 */
		playable,
		'not-playable': !playable,
	};
}

export type EpisodePart = keyof ReturnType<typeof episodeParts>;

export function episodeListUrl(filters: EpisodeFilters): string {
	const query = new URLSearchParams();
	const search = filters.search.trim();
	if (search) query.set('search', search);
	if (filters.sortBy) {
		query.set('sortBy', filters.sortBy);
		if (filters.sortOrder !== 'desc') query.set('sortOrder', filters.sortOrder);
	}
	const text = query.toString();
	return text ? `/api/podcasts?${text}` : '/api/podcasts';
}

export function fetchEpisodes(filters: EpisodeFilters): Promise<EpisodeSummary[]> {
	return apiRequest<EpisodeSummary[]>('GET', episodeListUrl(filters));
}
