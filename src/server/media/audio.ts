/**
 * Episode audio uploaded to the media store: MP3 or M4A, judged by its first bytes (never its
 * name or the type the client sent), with its duration read from the file by music-metadata.
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
	/** Read from the file; null when it says nothing readable. */
	durationSeconds: number | null;
	/** The episode's duration field: whole minutes, at least 1; null when unknown. */
	durationMinutes: number | null;
};

export const AUDIO_REFUSED = 'Only MP3 and M4A audio files can be uploaded.';
export const AUDIO_NOT_FOR_FEEDS =
	'WAV and Ogg files do not play in Apple Podcasts: export the episode as MP3 or M4A and upload that.';

/** Bytes enough to tell the formats apart (sniffAudioFormat). */
const SNIFF_BYTES = 16;

async function durationOf(file: UploadedFile, format: AudioFormat): Promise<number | null> {
	const stream = createReadStream(file.path);
	try {
		// Read from the file a part at a time, never whole.
		const { format: read } = await parseStream(
			stream,
			{ mimeType: AUDIO_CONTENT_TYPES[format], size: file.bytes },
			{ duration: true, skipCovers: true },
		);
		return read.duration && Number.isFinite(read.duration) && read.duration > 0 ? read.duration : null;
	} catch {
		// A file its header calls audio but that does not parse: stored, the editor types the length.
		return null;
	} finally {
		stream.destroy();
	}
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
		durationSeconds: durationSeconds === null ? null : Math.round(durationSeconds * 1000) / 1000,
		durationMinutes: durationSeconds === null ? null : Math.max(1, Math.round(durationSeconds / 60)),
	};
}
