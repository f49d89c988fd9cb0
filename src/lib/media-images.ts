/**
 * How pages show a media library image: a <picture> with AVIF and WebP sources at every width
 * (srcset), the fallback in the upload's format, and its width and height so the page does not
 * move when it arrives. The server finds the library's images a text mentions
 * (src/server/media/library.ts); this is the markup's part, shared by markdown bodies and covers.
 */

export type LibraryImage = {
	alt: string;
	/** The fallback's address and size (its aspect ratio is every variant's). */
	src: string;
	width: number;
	height: number;
	sources: Array<{ type: 'image/avif' | 'image/webp'; srcset: string }>;
};

/** The library's file addresses in a text (a markdown body, an image field). */
export const MEDIA_URL_IN_TEXT = /\/media\/[0-9a-f]{32}\.(?:avif|webp|jpg|png|gif)\b/g;

/** A body image is at most the article column wide (48rem), and the screen's width below that. */
export const BODY_IMAGE_SIZES = '(min-width: 48rem) 48rem, 100vw';

/** A cover spans the article column too. */
export const COVER_IMAGE_SIZES = BODY_IMAGE_SIZES;
