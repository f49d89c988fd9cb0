/**
 * The media library under load: a 12-megapixel JPEG uploaded 20 times through `POST
 * /api/admin/media` (each upload makes every variant), timed, with the server's RSS after each
 * and its peak (VmHWM); then one stored variant (the 960-wide WebP) served (`/media/...`) beside a kept API answer,
 * both at 32 connections with the server's CPU per request; then a 50 MB episode uploaded and
 * read by one-byte ranges at 32 connections, with the CPU per request and how far the server's
 * RSS rose (the file is streamed, a range reading only its byte).
 */
import sharp from 'sharp';
import { EDITOR, signIn } from './accounts';
import { autocannon, type LoadFigure } from './load';
import { procMemory, sampleRss } from './processes';
import type { BenchServer } from './server';

export type MediaFigures = {
	megapixels: number;
	jpegBytes: number;
	uploads: { ms: number; rssBytes: number }[];
	startRssBytes: number;
	peakRssBytes: number;
	vmHwmBytes: number | null;
	image?: LoadFigure;
	keptApi?: LoadFigure;
	/** One-byte ranges of an episode of `fileBytes`, and the server's RSS rise meanwhile. */
	audioRange?: LoadFigure & { fileBytes: number; rssGrowthBytes: number };
};

const AUDIO_BYTES = 50 * 1024 * 1024;
/** An MP3 of silent 128 kbit/s frames (417 bytes each, a frame header apiece): no encoder needed. */
function mp3OfSize(size: number): Buffer {
	const frameBytes = 417;
	const bytes = Buffer.alloc(size - (size % frameBytes));
	for (let at = 0; at < bytes.byteLength; at += frameBytes) bytes.set([0xff, 0xfb, 0x90, 0xc4], at);
	return bytes;
}

/** A photo-sized JPEG (4,000 x 3,000) with enough noise to be a realistic few MB. */
async function twelveMegapixelJpeg(): Promise<Buffer> {
	return sharp({
		create: {
			width: 4000,
			height: 3000,
			channels: 3,
			background: { r: 120, g: 140, b: 90 },
			noise: { type: 'gaussian', mean: 128, sigma: 12 },
		},
	})
		.jpeg({ quality: 85 })
		.toBuffer();
}

export async function measureMedia(
	server: BenchServer,
	log: (line: string) => void,
	uploads = 20,
): Promise<MediaFigures> {
	const jpeg = await twelveMegapixelJpeg();
	const cookie = await signIn(server.url, EDITOR);
	const startRssBytes = procMemory(server.pid, 'VmRSS') ?? 0;
	const peak = sampleRss(server.pid);
	const figures: MediaFigures = {
		megapixels: 12,
		jpegBytes: jpeg.length,
		uploads: [],
		startRssBytes,
		peakRssBytes: 0,
		vmHwmBytes: null,
	};
	let imagePath: string | undefined;
	for (let i = 0; i < uploads; i++) {
		const form = new FormData();
		form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
		form.set('alt', `Bench photo ${i + 1}`);
		const started = performance.now();
		const response = await fetch(`${server.url}/api/admin/media`, {
			method: 'POST',
			headers: { cookie, origin: server.url },
			body: form,
		});
		const body = (await response.json()) as {
			message?: string;
			variants?: { width: number; format: string; url: string }[];
		};
		const ms = performance.now() - started;
		if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${body.message}`);
		// The size a page's body image most often takes: the 960-wide WebP.
		imagePath ??= body.variants?.find((variant) => variant.width === 960 && variant.format === 'webp')?.url;
		figures.uploads.push({ ms, rssBytes: procMemory(server.pid, 'VmRSS') ?? 0 });
		log(
			`  upload ${i + 1}: ${Math.round(ms)} ms, RSS ${Math.round(figures.uploads.at(-1)!.rssBytes / 1024 / 1024)} MB`,
		);
	}
	figures.peakRssBytes = peak();
	figures.vmHwmBytes = procMemory(server.pid, 'VmHWM');
	if (imagePath) {
		figures.image = await autocannon('library image', server.url, imagePath, {
			duration: 5,
			warmup: 1,
			pid: server.pid,
		});
		figures.keptApi = await autocannon('kept API answer', server.url, '/api/platforms', {
			duration: 5,
			warmup: 1,
			pid: server.pid,
		});
	}
	const audio = mp3OfSize(AUDIO_BYTES);
	const uploaded = await fetch(`${server.url}/api/admin/media/audio`, {
		method: 'POST',
		headers: { cookie, origin: server.url, 'content-type': 'audio/mpeg' },
		body: new Uint8Array(audio),
	});
	const { url: audioPath } = (await uploaded.json()) as { url?: string };
	if (uploaded.status === 201 && audioPath) {
		const middle = Math.floor(audio.byteLength / 2);
		const before = procMemory(server.pid, 'VmRSS') ?? 0;
		const rangePeak = sampleRss(server.pid);
		const figure = await autocannon('one-byte range of a 50 MB episode', server.url, audioPath, {
			duration: 5,
			warmup: 1,
			pid: server.pid,
			headers: { range: `bytes=${middle}-${middle}` },
		});
		figures.audioRange = { ...figure, fileBytes: audio.byteLength, rssGrowthBytes: rangePeak() - before };
	}
	return figures;
}
