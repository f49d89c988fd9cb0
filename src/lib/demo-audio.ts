/**
 * The demo podcast's audio: short spoken intros shipped in public/audio/ (made by
 * scripts/media/make-demo-audio.sh), so Listen Now plays something on a fresh install. RSS
 * wants each enclosure's exact length in bytes; the sizes are kept here because the feed runs
 * where the public files may not be on disk (a CDN, a container without them), and
 * tests/unit/demo-audio.test.ts fails when a file and its size part ways.
 */
export const DEMO_AUDIO_BYTES: Readonly<Record<string, number>> = {
	'/audio/episode-1.mp3': 38448,
	'/audio/episode-2.mp3': 38556,
	'/audio/episode-3.mp3': 42336,
	'/audio/episode-4.mp3': 40392,
	'/audio/episode-5.mp3': 38556,
	'/audio/episode-6.mp3': 41688,
};

/** The site path of a demo episode's audio file. */
export function demoAudioPath(episodeNumber: number): string {
	return `/audio/episode-${episodeNumber}.mp3`;
}

/** The demo files are constant-bit-rate MP3s at 24 kbit/s (scripts/media/make-demo-audio.sh). */
export const DEMO_AUDIO_BITS_PER_SECOND = 24_000;

/**
 * How long a demo file plays, in whole minutes as episodes state durations: a clip of about
 * 14 s counts as 1 minute, so the cards, the sort by duration and the feed tell the truth about
 * what Listen Now plays. Computed from the file's size and bit rate (constant bit rate).
 */
export function demoAudioMinutes(path: string): number {
	const seconds = ((DEMO_AUDIO_BYTES[path] ?? 0) * 8) / DEMO_AUDIO_BITS_PER_SECOND;
	return Math.max(1, Math.ceil(seconds / 60));
}
