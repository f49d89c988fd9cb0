/**
 * Episode audio uploaded to the media store: MP3 or M4A, judged by its first bytes (never its
 * name or the type the client sent), then read by music-metadata, which must find a real audio
 * stream with a duration (an ID3 tag or a frame sync word before anything else is refused:
 * issue 42, I-4).
 * WAV and Ogg are recognised but refused: Apple Podcasts plays neither, and the feed's
 * enclosures must play everywhere. The file is stored under a hash of its bytes like the library's images and
 * served from /media/{key} with Range; each upload gets a row (media_audio) with its uploader,
 * which the Media tab lists and deletes, and the editor's quota counts (quota.ts).
 */
import { createReadStream } from 'node:fs';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { parseStream } from 'music-metadata';
import type { EpisodeAudioType } from '@/lib/column-values';
import type { SessionUser } from '@/lib/session-user';
import { MAX_AUDIO_UPLOAD_BYTES, MEDIA_PAGE_SIZE } from '@/lib/validation/media';
import { db, firstRow, mediaAudio, transaction } from '@/server/db';
import { containsText } from '@/server/db/sql';
import { Conflict, NotFound, TooLarge, UnsupportedMedia } from '@/server/errors';
import { fileHead, type UploadedFile } from '@/server/http/upload-file';
import { MEDIA_PATH_PREFIX, removeFiles, usersOfMedia } from './library';
import { assertWithinQuota } from './quota';
import { sniffAudioFormat, AUDIO_CONTENT_TYPES, type AudioFormat } from './sniff';
import { mediaStore } from './store';

export type UploadedAudio = {
	id: number;
	url: string;
	/** The feed's enclosure length. */
	bytes: number;
	/** The feed's enclosure type. */
	type: EpisodeAudioType;
	/** Read from the file's frames. */
	durationSeconds: number;
	/** The episode's duration field: whole minutes, at least 1. */
	durationMinutes: number;
	createdAt: Date;
};

export const AUDIO_NOT_FOUND = 'Audio file not found.';

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

type AudioRow = typeof mediaAudio.$inferSelect;

function toAudio(row: AudioRow): UploadedAudio {
	return {
		id: row.id,
		url: `${MEDIA_PATH_PREFIX}${row.key}`,
		bytes: row.bytes,
		type: row.type,
		durationSeconds: row.durationSeconds,
		durationMinutes: Math.max(1, Math.round(row.durationSeconds / 60)),
		createdAt: row.createdAt,
	};
}

/**
 * Stores an upload (its temporary file) and records it as the editor's; refuses what is not
 * audio of the accepted kinds, more than the cap, and what would pass the editor's quota.
 */
export async function uploadAudio(file: UploadedFile, editor: SessionUser): Promise<UploadedAudio> {
	if (file.bytes > MAX_AUDIO_UPLOAD_BYTES) {
		throw new TooLarge(`The audio file is too large: at most ${MAX_AUDIO_UPLOAD_BYTES / 1024 / 1024} MB.`);
	}
	await assertWithinQuota(editor, file.bytes);
	const format = sniffAudioFormat(await fileHead(file.path, SNIFF_BYTES));
	if (format === 'wav' || format === 'ogg') throw new UnsupportedMedia(AUDIO_NOT_FOR_FEEDS, 'file');
	if (!format) throw new UnsupportedMedia(AUDIO_REFUSED, 'file');
	const durationSeconds = await durationOf(file, format);
	const key = `${file.sha256.slice(0, 32)}.${format}`;
	// The file first: a row never names a file that is not there yet.
	await mediaStore().putFile(key, AUDIO_CONTENT_TYPES[format], file.path);
	const [row] = await db()
		.insert(mediaAudio)
		.values({
			key,
			type: AUDIO_CONTENT_TYPES[format],
			bytes: file.bytes,
			durationSeconds: Math.round(durationSeconds * 1000) / 1000,
			uploadedBy: editor.id,
		})
		.returning();
	return toAudio(row!);
}

/** One page of the uploaded audio, newest first, searched by address. */
export async function listAudio(query: {
	q?: string;
	page: number;
}): Promise<{ items: UploadedAudio[]; total: number }> {
	const where = query.q ? containsText(mediaAudio.key, query.q) : undefined;
	const rows = await db()
		.select()
		.from(mediaAudio)
		.where(where)
		.orderBy(desc(mediaAudio.createdAt), desc(mediaAudio.id))
		.limit(MEDIA_PAGE_SIZE)
		.offset((query.page - 1) * MEDIA_PAGE_SIZE);
	const counted = await firstRow(
		db()
			.select({ total: sql<number>`count(*)`.mapWith(Number) })
			.from(mediaAudio)
			.where(where),
	);
	return { items: rows.map(toAudio), total: counted!.total };
}

/**
 * Deletes an audio upload, and its file unless another upload of the same bytes still has it.
 * Refuses (Conflict, naming them) while an episode uses the file.
 */
export async function deleteAudio(id: number): Promise<void> {
	const row = await firstRow(db().select().from(mediaAudio).where(eq(mediaAudio.id, id)));
	if (!row) throw new NotFound(AUDIO_NOT_FOUND);
	const users = await usersOfMedia([row.key]);
	if (users.length > 0) {
		throw new Conflict(`This audio file is in use by ${users.join(', ')}. Remove it there first.`);
	}
	const orphaned = await transaction(async (tx) => {
		await tx.delete(mediaAudio).where(eq(mediaAudio.id, id));
		const shared = await tx
			.select({ id: mediaAudio.id })
			.from(mediaAudio)
			.where(and(eq(mediaAudio.key, row.key), ne(mediaAudio.id, id)))
			.limit(1);
		return shared.length === 0;
	});
	if (orphaned) await removeFiles([row.key]);
}
