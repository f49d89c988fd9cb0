/**
 * The media library's rules, shared by the dashboard's upload form and the endpoints, so both
 * say the same sentence.
 */
import { z } from 'zod';

/** Largest image the library takes, as received. */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;

/** Largest episode audio file: over three hours of 128 kbit/s MP3. */
export const MAX_AUDIO_UPLOAD_BYTES = 200 * 1024 * 1024;

/** What the audio picker offers; the server sniffs the bytes whatever the browser says. */
export const ACCEPTED_AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', '.mp3', '.m4a'];

/** Longest alt text: a sentence or two, as screen readers read it. */
export const MAX_ALT_LENGTH = 250;

/** What the file picker offers; the server sniffs the bytes whatever the browser says. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];

/**
 * How long a browser keeps a library file it loaded before asking again: a day. A deleted file
 * is gone from every node at once and from nginx within two seconds (it revalidates each second), but a browser
 * that has it may show it until then; the dashboard's delete confirmation says so.
 */
export const MEDIA_BROWSER_CACHE_HOURS = 24;

/** Images in one page of the library. */
export const MEDIA_PAGE_SIZE = 24;

export const mediaAltSchema = z
	.string({ error: 'Alt text is required: describe the image for readers who cannot see it.' })
	.trim()
	.min(1, 'Alt text is required: describe the image for readers who cannot see it.')
	.max(MAX_ALT_LENGTH, `Alt text must be at most ${MAX_ALT_LENGTH} characters long.`);

export const mediaAltUpdateSchema = z.strictObject({ alt: mediaAltSchema });

export const mediaListQuerySchema = z.strictObject({
	q: z.string().trim().max(200, 'The search must be at most 200 characters long.').optional(),
	page: z.coerce
		.number({ error: 'The page must be a whole number from 1.' })
		.int('The page must be a whole number from 1.')
		.min(1, 'The page must be a whole number from 1.')
		.max(100_000, 'The page must be at most 100000.')
		.default(1),
});

/** A library file's address: /media/ and a content-addressed name. */
export const MEDIA_FILE_NAME = /^[0-9a-f]{32}\.(avif|webp|jpg|png|gif|mp3|m4a)$/;
