/**
 * The episode form on the browser side. Its values are what the editor typed; the rules are
 * the server's own schema (src/lib/validation/episodes.ts), run here first, so the form and
 * the endpoint say the same sentence. Numbers and tags go as typed: the schema reads them.
 */
import { episodeInputSchema } from '@/lib/validation/episodes';
import type { AdminEpisode } from './api-types';
import { publishAtPayload, toLocalInput } from './article-form';

export type EpisodeFormValues = {
	title: string;
	description: string;
	audioUrl: string;
	audioBytes: string;
	/** '': read from the audio URL's extension. */
	audioType: string;
	duration: string;
	episodeNumber: string;
	seasonNumber: string;
	imageUrl: string;
	tags: string;
	isPublished: boolean;
	/** A draft's publication time, as a datetime-local input holds it; '' for none. */
	publishAt: string;
	/** Blank: a new episode's is made from its title, a saved one keeps its own. */
	slug: string;
	metaTitle: string;
	metaDescription: string;
};

export type EpisodeFormErrors = Partial<Record<keyof EpisodeFormValues, string>>;

export const EMPTY_EPISODE_FORM: EpisodeFormValues = {
	title: '',
	description: '',
	audioUrl: '',
	audioBytes: '',
	audioType: '',
	duration: '',
	episodeNumber: '',
	seasonNumber: '1',
	imageUrl: '',
	tags: '',
	isPublished: false,
	publishAt: '',
	slug: '',
	metaTitle: '',
	metaDescription: '',
};

export function episodeToForm(episode: AdminEpisode): EpisodeFormValues {
	return {
		title: episode.title,
		description: episode.description,
		audioUrl: episode.audioUrl,
		audioBytes: episode.audioBytes === null ? '' : String(episode.audioBytes),
		audioType: episode.audioType ?? '',
		duration: String(episode.duration),
		episodeNumber: String(episode.episodeNumber),
		seasonNumber: String(episode.seasonNumber),
		imageUrl: episode.imageUrl ?? '',
		tags: episode.tags.join(', '),
		isPublished: episode.isPublished,
		publishAt: toLocalInput(episode.publishAt),
		slug: episode.slug,
		metaTitle: episode.metaTitle ?? '',
		metaDescription: episode.metaDescription ?? '',
	};
}

/** The body of POST /api/podcasts and PUT /api/podcasts/{id}. */
export function episodePayload(values: EpisodeFormValues) {
	return { ...values, title: values.title.trim(), publishAt: publishAtPayload(values) };
}

/** The first refusal of each field, in the server's words. */
export function validateEpisodeForm(values: EpisodeFormValues): EpisodeFormErrors {
	const parsed = episodeInputSchema.safeParse(episodePayload(values));
	const errors: EpisodeFormErrors = {};
	if (parsed.success) return errors;
	for (const issue of parsed.error.issues) {
		const field = issue.path[0] as keyof EpisodeFormValues | undefined;
		if (field && field in values && !errors[field]) errors[field] = issue.message;
	}
	return errors;
}
