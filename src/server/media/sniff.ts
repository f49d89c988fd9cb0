/**
 * What an upload is, read from its first bytes (the magic numbers), never from its name or
 * the type the client sent: a page saved as `photo.png` must not be stored as an image.
 */
import type { MediaFormat } from '@db/schema/values';

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
