/**
 * Images for the media library's tests, made with sharp: a phone photo with its GPS position in
 * the EXIF, a wide-gamut (Display P3) picture, an animated GIF, and the multipart form an
 * upload sends; and episode audio written byte by byte (no encoder is needed): MP3 frames and
 * a WAV file of silence.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import type { PostgresDatabase } from '@/server/db/postgres-connection';
import { FolderMediaStore } from '@/server/media/store';
import { PostgresMediaStore } from '@/server/media/store.postgres';
import type { TestServer } from './server';

/** Where the "phone" took the photo: what must never reach a reader. */
export const GPS_LATITUDE = '48/1 51/1 2400/100';

/** Calls so far of the image makers below, which give each call its own colour. */
let pngCalls = 0;

/** A JPEG photo of `width`×`height` with camera and GPS data in its EXIF. */
export function photoWithGps(width = 2000, height = 1500): Promise<Buffer> {
	// A new image each call, as plainPng's: the library keeps one copy of an image sent twice.
	pngCalls += 1;
	const background = { r: 40, g: (pngCalls * 37) % 256, b: (pngCalls * 11) % 256 };
	return sharp({ create: { width, height, channels: 3, background } })
		.jpeg({ quality: 90 })
		.withExif({
			IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
			IFD3: {
				GPSLatitudeRef: 'N',
				GPSLatitude: GPS_LATITUDE,
				GPSLongitudeRef: 'E',
				GPSLongitude: '2/1 17/1 4000/100',
			},
		})
		.toBuffer();
}

/** A flat-coloured PNG. */
/**
 * A one-colour PNG, of a colour no earlier call in this process gave: the library keeps one copy
 * of an image uploaded twice, so each call is a new image (reuse the buffer for the same one).
 */
export function plainPng(width: number, height: number): Promise<Buffer> {
	pngCalls += 1;
	const background = { r: 200, g: pngCalls % 256, b: Math.floor(pngCalls / 256) % 256 };
	return sharp({ create: { width, height, channels: 3, background } })
		.png()
		.toBuffer();
}

/** A PNG whose pixels are Display P3 values, tagged with the P3 profile. */
export function displayP3Png(): Promise<Buffer> {
	return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 100, b: 50 } } })
		.withIccProfile('p3', { attach: true })
		.png()
		.toBuffer();
}

/** A GIF of `count` frames of width×height (two 120×80 frames unless told), alternating colours. */
export async function animatedGif(count = 2, width = 120, height = 80): Promise<Buffer> {
	const frame = (r: number) =>
		sharp({ create: { width, height, channels: 3, background: { r, g: 0, b: 0 } } })
			.raw()
			.toBuffer();
	const [light, dark] = [await frame(255), await frame(20)];
	const frames = Buffer.concat(Array.from({ length: count }, (_, index) => (index % 2 ? dark : light)));
	return sharp(frames, { raw: { width, height: height * count, channels: 3, pageHeight: height } } as never)
		.gif({ delay: Array.from({ length: count }, () => 200), loop: 0 })
		.toBuffer();
}

/**
 * The first pixel's stored values, its ICC profile ignored: what a browser that does no colour
 * management shows, and the sRGB colour itself when the file is sRGB.
 */
export async function storedPixel(image: Buffer): Promise<number[]> {
	const data = await sharp(image, { ignoreIcc: true } as never)
		.removeAlpha()
		.raw()
		.toBuffer();
	return [data[0]!, data[1]!, data[2]!];
}

/** The multipart form of an upload. */
export function uploadForm(
	bytes: Buffer | string,
	{ name = 'photo.jpg', type = 'image/jpeg', alt }: { name?: string; type?: string; alt?: string } = {},
): FormData {
	const form = new FormData();
	form.set('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
	if (alt !== undefined) form.set('alt', alt);
	return form;
}

/** Bytes of one MPEG-1 Layer III frame at 128 kbit/s and 44.1 kHz, without padding. */
const MP3_FRAME_BYTES = 417;
/** Samples in one such frame. */
const MP3_FRAME_SAMPLES = 1152;

/**
 * An MP3 of `seconds` of silence: frame headers (sync, MPEG-1 Layer III, 128 kbit/s, 44.1 kHz,
 * mono) over zeroed side information and data, which players and parsers read as silence.
 */
export function mp3Audio(seconds: number): Buffer {
	const frames = Math.round((seconds * 44_100) / MP3_FRAME_SAMPLES);
	const bytes = Buffer.alloc(frames * MP3_FRAME_BYTES);
	for (let frame = 0; frame < frames; frame += 1)
		bytes.set([0xff, 0xfb, 0x90, 0xc4], frame * MP3_FRAME_BYTES);
	return bytes;
}

/** A WAV of `seconds` of 8 kHz, 8-bit mono silence: the RIFF header written out. */
export function wavAudio(seconds: number): Buffer {
	const rate = 8_000;
	const samples = seconds * rate;
	const header = Buffer.alloc(44);
	header.write('RIFF', 0, 'ascii');
	header.writeUInt32LE(36 + samples, 4);
	header.write('WAVEfmt ', 8, 'ascii');
	header.writeUInt32LE(16, 16);
	header.writeUInt16LE(1, 20); // PCM
	header.writeUInt16LE(1, 22); // mono
	header.writeUInt32LE(rate, 24);
	header.writeUInt32LE(rate, 28); // bytes per second
	header.writeUInt16LE(1, 32); // block align
	header.writeUInt16LE(8, 34); // bits per sample
	header.write('data', 36, 'ascii');
	header.writeUInt32LE(samples, 40);
	return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}

/**
 * Puts a file straight into a test server's media store (its MEDIA_DIR on SQLite, its database
 * on PostgreSQL), as an upload would have left it: for files too large to send in a test.
 */
export async function storeMediaFile(
	server: TestServer,
	key: string,
	contentType: string,
	bytes: Buffer,
): Promise<void> {
	const store =
		server.engine === 'postgres'
			? new PostgresMediaStore(server.db as unknown as PostgresDatabase)
			: new FolderMediaStore(join(server.dir, 'media'));
	await store.put(key, contentType, bytes);
}

/** An audio upload's row with no file behind it (listing and deleting records need none). */
export async function insertAudioRow(server: TestServer): Promise<number> {
	const { mediaAudio } = server.tables;
	const [row] = await server.db
		.insert(mediaAudio)
		.values({
			key: `${crypto.randomUUID().replaceAll('-', '')}.mp3`,
			type: 'audio/mpeg',
			bytes: 100,
			durationSeconds: 1,
		})
		.returning({ id: mediaAudio.id });
	return row!.id;
}
