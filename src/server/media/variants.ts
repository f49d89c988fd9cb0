/**
 * The files an upload becomes, made once, at upload, with sharp: responsive widths (480, 960,
 * 1600, never above the original) in AVIF and WebP, and a fallback in the upload's own format at
 * the largest width. Every file is decoded and encoded anew, so nothing of the upload's metadata
 * survives (EXIF with its GPS position, XMP, comments); the image is turned upright first (the
 * EXIF orientation is gone afterwards) and converted to sRGB through its embedded ICC profile,
 * then tagged sRGB, so colours stay as the photographer saw them.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { MediaFormat } from '@/lib/column-values';
import { TooLarge, UnsupportedMedia } from '@/server/errors';

// Each upload is processed once: libvips' operation cache would only hold memory between them.
sharp.cache(false);

/** The widths pages choose from (srcset); an image narrower than one is kept at its own width. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

/** Decoding a larger image would take more memory than one upload deserves (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * An animated image is decoded whole, every frame, for each of its variants: a small GIF of many
 * frames cost 11 s of CPU (issue 42, I-5). Frames and pixels are bounded tighter for it, and
 * the decoder is never asked for more frames than that.
 */
export const MAX_FRAMES = 100;
export const MAX_ANIMATED_PIXELS = 16_000_000;

export type EncodedVariant = {
	format: MediaFormat;
	width: number;
	height: number;
	data: Buffer;
	isFallback: boolean;
};

/** The widths an image of `width` pixels gets: the standard ones below it, and its own when smaller than the largest. */
export function variantWidths(width: number): number[] {
	const largest = Math.min(width, VARIANT_WIDTHS.at(-1)!);
	return [...new Set([...VARIANT_WIDTHS.filter((each) => each < largest), largest])];
}

const NOT_AN_IMAGE = 'The file is not a readable image: upload a JPEG, PNG, WebP, AVIF or GIF.';

/** Width and height once turned upright, and whether the image moves. */
async function inspect(path: string, format: MediaFormat) {
	let metadata: Metadata;
	try {
		metadata = await sharp(path, { limitInputPixels: false }).metadata();
	} catch {
		throw new UnsupportedMedia(NOT_AN_IMAGE);
	}
	// The bytes began as the format claimed, but the decoder must agree (a JPEG header on junk).
	const decoded = metadata.format === 'heif' ? 'avif' : metadata.format;
	if (decoded !== format) throw new UnsupportedMedia(NOT_AN_IMAGE);
	const width = metadata.autoOrient?.width ?? metadata.width;
	const height = metadata.autoOrient?.height ?? metadata.height;
	if (!width || !height) throw new UnsupportedMedia(NOT_AN_IMAGE);
	const pages = metadata.pages ?? 1;
	if (pages > MAX_FRAMES) {
		throw new TooLarge(`The animation has too many frames: at most ${MAX_FRAMES}.`);
	}
	if (pages > 1 && width * height * pages > MAX_ANIMATED_PIXELS) {
		throw new TooLarge(
			`The animation is too large: at most ${MAX_ANIMATED_PIXELS / 1_000_000} megapixels (all frames together).`,
		);
	}
	if (width * height * pages > MAX_INPUT_PIXELS) {
		throw new TooLarge(
			`The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (all frames together).`,
		);
	}
	return { width, height, pages, animated: pages > 1 };
}

function encoder(pipeline: Sharp, format: MediaFormat): Sharp {
	switch (format) {
		case 'avif':
			// Effort 2 of 9: a 1600-pixel photo in about a second on one core, not ten.
			return pipeline.avif({ quality: 55, effort: 2 });
		case 'webp':
			return pipeline.webp({ quality: 80 });
		case 'jpeg':
			return pipeline.jpeg({ quality: 82, progressive: true });
		case 'png':
			return pipeline.png({ compressionLevel: 8 });
		case 'gif':
			return pipeline.gif();
	}
}

/**
 * Decodes the upload (the file at `path`, whose bytes were sniffed as `format`) and encodes
 * every variant. Throws UnsupportedMedia when the decoder cannot read it, TooLarge past
 * MAX_INPUT_PIXELS.
 */
export async function encodeVariants(path: string, format: MediaFormat): Promise<EncodedVariant[]> {
	const { width, pages, animated } = await inspect(path, format);
	// AVIF stills only: animated AVIF is not encoded by sharp, and WebP moves as the GIF does.
	const modern: MediaFormat[] = animated ? ['webp'] : ['avif', 'webp'];
	const widths = variantWidths(width);
	const largest = widths.at(-1)!;
	const jobs: Array<{ format: MediaFormat; width: number; isFallback: boolean }> = [];
	for (const each of widths) {
		for (const target of modern) jobs.push({ format: target, width: each, isFallback: false });
	}
	// The upload's own format at the largest width; a WebP or AVIF upload already has that file.
	const existing = jobs.find((job) => job.format === format && job.width === largest);
	if (existing) existing.isFallback = true;
	else jobs.push({ format, width: largest, isFallback: true });

	const variants: EncodedVariant[] = [];
	// One at a time: the peak memory of an upload stays that of one decode and one encode.
	for (const job of jobs) {
		try {
			const pipeline = sharp(path, {
				// The frames counted above, never "all" (-1): at most MAX_FRAMES.
				pages,
				limitInputPixels: animated ? MAX_ANIMATED_PIXELS : MAX_INPUT_PIXELS,
			})
				.rotate()
				.resize({ width: job.width, withoutEnlargement: true })
				.withIccProfile('srgb');
			const { data, info } = await encoder(pipeline, job.format).toBuffer({ resolveWithObject: true });
			const height = animated && info.pageHeight ? info.pageHeight : info.height;
			variants.push({ format: job.format, width: info.width, height, data, isFallback: job.isFallback });
		} catch {
			throw new UnsupportedMedia(NOT_AN_IMAGE);
		}
	}
	return variants;
}
