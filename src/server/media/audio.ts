/**
 * Episode audio uploaded to the media store: MP3 or M4A, judged by its first bytes (never its
 * name or the type the client sent), then read by music-metadata, which must find a real audio
 * stream with a duration (an ID3 tag or a frame sync word before anything else is refused:
 * issue 42, I-4).
 * WAV and Ogg are recognised but refused: Apple Podcasts plays neither, and the feed's
 * enclosures must play everywhere. The file is stored under a hash of its bytes like the library's images and
 * served from /media/{key} with Range; it has no library row (the Media tab lists images).
 */
import { createReadStream } from 'node:fs';
import { parseStream } from 'music-metadata';
import type { EpisodeAudioType } from '@/lib/column-values';
import { MAX_AUDIO_UPLOAD_BYTES } from '@/lib/validation/media';
import { TooLarge, UnsupportedMedia } from '@/server/errors';
import { fileHead, type UploadedFile } from '@/server/http/upload-file';
import { MEDIA_PATH_PREFIX } from './library';
import { sniffAudioFormat, AUDIO_CONTENT_TYPES, type AudioFormat } from './sniff';
import { mediaStore } from './store';

export type UploadedAudio = {
	url: string;
	/** The feed's enclosure length. */
	bytes: number;
	/** The feed's enclosure type. */
	type: EpisodeAudioType;
	/** Read from the file's frames. */
	durationSeconds: number;
	/** The episode's duration field: whole minutes, at least 1. */
	durationMinutes: number;
};

export const AUDIO_REFUSED = 'Only MP3 and M4A audio files can be uploaded.';
export const AUDIO_UNREADABLE =
	'The file starts like MP3 or M4A audio but holds no playable audio: export the episode again and upload that.';
export const AUDIO_NOT_FOR_FEEDS =
	'WAV and Ogg files do not play in Apple Podcasts: export the episode as MP3 or M4A and upload that.';

/** Bytes enough to tell the formats apart (sniffAudioFormat). */
const SNIFF_BYTES = 16;

/**
 * The length in seconds of the audio stream music-metadata finds in the file, read a part at a
 * time. Refuses (UnsupportedMedia) a file in which it finds none: no frames, hence no duration.
 */
async function durationOf(file: UploadedFile, format: AudioFormat): Promise<number> {
	const stream = createReadStream(file.path);
	let duration: number | undefined;
	try {
		const { format: read } = await parseStream(
			stream,
			{ mimeType: AUDIO_CONTENT_TYPES[format], size: file.bytes },
			{ duration: true, skipCovers: true },
		);
		duration = read.duration;
	} catch {
		// Not parseable as the format its first bytes claim.
	} finally {
		stream.destroy();
	}
	if (!duration || !Number.isFinite(duration) || duration <= 0) {
		throw new UnsupportedMedia(AUDIO_UNREADABLE, 'file');
	}
	return duration;
}

/** Stores an upload (its temporary file); refuses what is not audio of the four kinds, and more than the cap. */
export async function uploadAudio(file: UploadedFile): Promise<UploadedAudio> {
	if (file.bytes > MAX_AUDIO_UPLOAD_BYTES) {
		throw new TooLarge(`The audio file is too large: at most ${MAX_AUDIO_UPLOAD_BYTES / 1024 / 1024} MB.`);
	}
	const format = sniffAudioFormat(await fileHead(file.path, SNIFF_BYTES));
	if (format === 'wav' || format === 'ogg') throw new UnsupportedMedia(AUDIO_NOT_FOR_FEEDS, 'file');
	if (!format) throw new UnsupportedMedia(AUDIO_REFUSED, 'file');
	const durationSeconds = await durationOf(file, format);
	const key = `${file.sha256.slice(0, 32)}.${format}`;
	await mediaStore().putFile(key, AUDIO_CONTENT_TYPES[format], file.path);
	return {
		url: `${MEDIA_PATH_PREFIX}${key}`,
		bytes: file.bytes,
		type: AUDIO_CONTENT_TYPES[format],
		durationSeconds: Math.round(durationSeconds * 1000) / 1000,
		durationMinutes: Math.max(1, Math.round(durationSeconds / 60)),
	};
}
