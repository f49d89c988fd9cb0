/**
 * What an upload is, read from its first bytes (the magic numbers), never from its name or
 * the type the client sent: a page saved as `photo.png` must not be stored as an image.
 */
import type { EpisodeAudioType, MediaFormat } from '@/lib/column-values';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
	signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
	String.fromCharCode(...bytes.subarray(from, to));

/** AVIF's ISO-BMFF brands: still images and image sequences. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The image format the bytes start as, or null for anything the library does not take (SVG included). */
export function sniffImageFormat(bytes: Uint8Array): MediaFormat | null {
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
	if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
	if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
	if (bytes.byteLength >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
		const boxSize = new DataView(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4)).getUint32(0);
		const end = Math.min(boxSize, bytes.byteLength, 64);
		// The major brand, then the compatible brands, four bytes each.
		const brands = [ascii(bytes, 8, 12)];
		for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
		if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
	}
	return null;
}

/** The Content-Type each format is served with. */
export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = {
	jpeg: 'image/jpeg',
	png: 'image/png',
	webp: 'image/webp',
	avif: 'image/avif',
	gif: 'image/gif',
};

/** The file extension of each format in a library address. */
export const MEDIA_EXTENSIONS: Record<MediaFormat, string> = {
	jpeg: 'jpg',
	png: 'png',
	webp: 'webp',
	avif: 'avif',
	gif: 'gif',
};

/** Audio formats told apart by their first bytes. */
export type SniffedAudio = 'mp3' | 'm4a' | 'wav' | 'ogg';

/** Episode audio the store takes (what Apple Podcasts and Spotify both play), by its key's extension. */
export type AudioFormat = 'mp3' | 'm4a';

/** The Content-Type each audio format is served with, which is the feed's enclosure type too. */
export const AUDIO_CONTENT_TYPES: Record<AudioFormat, EpisodeAudioType> = {
	mp3: 'audio/mpeg',
	m4a: 'audio/x-m4a',
};

/** MPEG-4 audio brands (an M4A file's ftyp box). */
const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'isom', 'mp41', 'dash']);

/**
 * The audio format the bytes start as: an ID3 tag or an MPEG audio frame (MP3), an MPEG-4
 * ftyp box with an audio brand (M4A), RIFF/WAVE, or an Ogg page; null for anything else.
 */
export function sniffAudioFormat(bytes: Uint8Array): SniffedAudio | null {
	if (ascii(bytes, 0, 3) === 'ID3') return 'mp3';
	// An MPEG frame header: eleven set sync bits, then a layer that is not "reserved" (00).
	if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0) return 'mp3';
	if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return 'wav';
	if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
	if (bytes.byteLength >= 12 && ascii(bytes, 4, 8) === 'ftyp' && M4A_BRANDS.has(ascii(bytes, 8, 12)))
		return 'm4a';
	return null;
}

/** The Content-Type of a stored file, by its key's extension (images and audio). */
export function contentTypeOfKey(key: string): string {
	const extension = key.slice(key.lastIndexOf('.') + 1);
	if (extension in AUDIO_CONTENT_TYPES) return AUDIO_CONTENT_TYPES[extension as AudioFormat];
	return extension === 'jpg' ? 'image/jpeg' : `image/${extension}`;
}
