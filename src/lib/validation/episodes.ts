/**
 * The podcast episode form's rules, shared by the dashboard's episode dialog and the
 * endpoints (POST /api/podcasts, PUT /api/podcasts/{id}), and the editors' episode list query.
 */
import { z } from 'zod';
import { EPISODE_AUDIO_TYPES, type EpisodeAudioType } from '@/lib/column-values';
import {
	MAX_TITLE_LENGTH,
	editorListFields,
	autosaveField,
	expectedUpdatedAtField,
	imageUrlField,
	isImageUrl,
	isPublishedField,
	markdownBody,
	podcastListQuerySchema,
	publishAtField,
	requiredText,
	tagsField,
} from './content';
import { searchAppearanceFields, slugField } from './addresses';

export { EPISODE_AUDIO_TYPES, type EpisodeAudioType };

export const MAX_DESCRIPTION_LENGTH = 10_000;
export const MAX_AUDIO_URL_LENGTH = 2048;
/** A day: no episode runs longer, and a typo of seconds for minutes is caught. */
export const MAX_DURATION_MINUTES = 1440;
export const MAX_EPISODE_NUMBER = 100_000;
export const MAX_SEASON_NUMBER = 1000;
/** The largest value an integer column holds on both engines. */
export const MAX_AUDIO_BYTES = 2_147_483_647;

/** Missing, null or blank text means "not given". */
const blankToNull = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A number typed in a form ("42") or sent as one. */
const numberInput = (value: unknown) =>
	typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value.trim()))
		? Number(value.trim())
		: value;

/** A required whole number in a range, one sentence for every way it can be wrong. */
function wholeNumber(rule: string, min: number, max: number) {
	return z.preprocess(numberInput, z.number({ error: rule }).int(rule).min(min, rule).max(max, rule));
}

export const DURATION_RULE = `Duration must be a whole number of minutes from 1 to ${MAX_DURATION_MINUTES}.`;
export const EPISODE_NUMBER_RULE = `Episode number must be a whole number from 1 to ${MAX_EPISODE_NUMBER}.`;
export const SEASON_NUMBER_RULE = `Season number must be a whole number from 1 to ${MAX_SEASON_NUMBER}.`;
export const AUDIO_BYTES_RULE = `Audio size must be a whole number of bytes from 1 to ${MAX_AUDIO_BYTES}.`;
const AUDIO_TYPE_RULE = `Audio type must be one of ${EPISODE_AUDIO_TYPES.join(', ')}.`;

/**
 * The enclosure type an audio address implies, by its file extension (query and fragment
 * aside): .m4a and .mp4 are AAC in MPEG-4, anything else is taken for MP3, the usual podcast
 * format.
 */
export function audioTypeFor(audioUrl: string): EpisodeAudioType {
	const path = audioUrl.split(/[?#]/, 1)[0]!.toLowerCase();
	if (path.endsWith('.m4a')) return 'audio/x-m4a';
	if (path.endsWith('.mp4')) return 'audio/mp4';
	return 'audio/mpeg';
}

const audioUrlField = z
	.string({ error: 'Audio URL is required.' })
	.trim()
	.min(1, 'Audio URL is required.')
	.max(MAX_AUDIO_URL_LENGTH, `Audio URL must be at most ${MAX_AUDIO_URL_LENGTH} characters.`)
	.refine(isImageUrl, 'Audio URL must be an http(s) URL or a path starting with /.');

export const episodeInputSchema = z
	.object({
		title: requiredText('Title', MAX_TITLE_LENGTH),
		description: markdownBody(requiredText('Description', MAX_DESCRIPTION_LENGTH)),
		audioUrl: audioUrlField,
		/** Bytes; not given: the site's own demo files are known, other audio is estimated. */
		audioBytes: z.preprocess(
			(value) => numberInput(blankToNull(value)),
			z
				.number({ error: AUDIO_BYTES_RULE })
				.int(AUDIO_BYTES_RULE)
				.min(1, AUDIO_BYTES_RULE)
				.max(MAX_AUDIO_BYTES, AUDIO_BYTES_RULE)
				.nullable(),
		),
		/** Not given: read from the audio URL's extension. */
		audioType: z.preprocess(blankToNull, z.enum(EPISODE_AUDIO_TYPES, { error: AUDIO_TYPE_RULE }).nullable()),
		duration: wholeNumber(DURATION_RULE, 1, MAX_DURATION_MINUTES),
		episodeNumber: wholeNumber(EPISODE_NUMBER_RULE, 1, MAX_EPISODE_NUMBER),
		/** Not given: the first season. */
		seasonNumber: z.preprocess(
			(value) => blankToNull(value) ?? 1,
			wholeNumber(SEASON_NUMBER_RULE, 1, MAX_SEASON_NUMBER),
		),
		imageUrl: imageUrlField,
		tags: tagsField,
		isPublished: isPublishedField,
		publishAt: publishAtField,
		slug: slugField('episode'),
		...searchAppearanceFields,
		expectedUpdatedAt: expectedUpdatedAtField,
		autosave: autosaveField,
	})
	.transform((input) => ({ ...input, audioType: input.audioType ?? audioTypeFor(input.audioUrl) }));

export type EpisodeInput = z.output<typeof episodeInputSchema>;

/**
 * GET /api/podcasts/all (editors): the public list's search and sort plus status (drafts or
 * published). Without limit the list is every episode; a limit (1 to 100) asks for one page.
 */
export const editorEpisodeListQuerySchema = podcastListQuerySchema.extend(editorListFields());

export type EditorEpisodeListQuery = z.output<typeof editorEpisodeListQuerySchema>;
