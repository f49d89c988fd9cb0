/** The demo podcast audio shipped in public/audio/: real, small MP3s whose sizes the feed states. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EPISODES, episodeAudioUrl } from '@db/seed/podcasts';
import { DEMO_AUDIO_BYTES } from '@/lib/demo-audio';
import { audioBytes } from '@/components/content/feed-data';

const publicPath = (path: string) => join(process.cwd(), 'public', path);

describe('demo audio', () => {
	it('gives every seeded episode a shipped file', () => {
		for (const episode of EPISODES) {
			const url = episodeAudioUrl(episode);
			expect(DEMO_AUDIO_BYTES[url], url).toBeDefined();
		}
		const shipped = readdirSync(publicPath('audio')).map((name) => `/audio/${name}`);
		expect(shipped.sort()).toEqual(Object.keys(DEMO_AUDIO_BYTES).sort());
	});

	it('states each file’s exact size (rerun scripts/media/make-demo-audio.sh and copy the sizes)', () => {
		for (const [url, bytes] of Object.entries(DEMO_AUDIO_BYTES)) {
			expect(statSync(publicPath(url)).size, url).toBe(bytes);
		}
	});

	it('ships small MP3s: an MPEG audio frame first, well under 100 KB each', () => {
		for (const url of Object.keys(DEMO_AUDIO_BYTES)) {
			const data = readFileSync(publicPath(url));
			expect(data.length, url).toBeLessThan(100 * 1024);
			expect(data.length, url).toBeGreaterThan(10 * 1024);
			// An ID3 tag or the 11-bit MPEG frame sync.
			const framed = data.subarray(0, 3).toString('latin1') === 'ID3' || (data[0] === 0xff && (data[1]! & 0xe0) === 0xe0);
			expect(framed, url).toBe(true);
		}
	});

	it('gives the feed the exact size of a shipped file and an estimate for other audio', () => {
		expect(audioBytes('/audio/episode-1.mp3', 42)).toBe(DEMO_AUDIO_BYTES['/audio/episode-1.mp3']);
		expect(audioBytes('https://audio.example.com/1.mp3', 2)).toBe(2 * 60 * 16_000);
	});
});
