/** The demo podcast audio shipped in public/audio/: real, small MP3s whose sizes the feed states. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EPISODES, episodeAudioUrl } from '../../scripts/seed/podcasts';
import { DEMO_AUDIO_BITS_PER_SECOND, DEMO_AUDIO_BYTES, demoAudioMinutes } from '@/lib/demo-audio';
import { enclosureLength } from '@/server/content/feed-data';
import { audioTypeFor } from '@/lib/validation/episodes';

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
			const framed =
				data.subarray(0, 3).toString('latin1') === 'ID3' || (data[0] === 0xff && (data[1]! & 0xe0) === 0xe0);
			expect(framed, url).toBe(true);
		}
	});

	it('states each file’s bit rate, so its length follows from its size: about 14 s, 1 minute', () => {
		// MPEG-2 layer III bit rates (kbit/s) by the header's 4-bit index.
		const MPEG2_LAYER3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
		for (const [url, bytes] of Object.entries(DEMO_AUDIO_BYTES)) {
			const data = readFileSync(publicPath(url));
			// Every frame (constant bit rate) carries the same bit rate as the first.
			const rates = new Set<number>();
			for (let offset = 0; offset + 4 <= data.length; ) {
				expect(data[offset], `${url} frame sync at ${offset}`).toBe(0xff);
				const version = (data[offset + 1]! >> 3) & 3;
				expect(version, url).toBe(2); // MPEG-2
				const kbps = MPEG2_LAYER3_KBPS[data[offset + 2]! >> 4]!;
				const sampleRate = [22_050, 24_000, 16_000][(data[offset + 2]! >> 2) & 3]!;
				const padding = (data[offset + 2]! >> 1) & 1;
				rates.add(kbps);
				offset += Math.floor((72 * kbps * 1000) / sampleRate) + padding;
			}
			expect([...rates], url).toEqual([DEMO_AUDIO_BITS_PER_SECOND / 1000]);
			const seconds = (bytes * 8) / DEMO_AUDIO_BITS_PER_SECOND;
			expect(seconds, url).toBeGreaterThan(10);
			expect(seconds, url).toBeLessThan(60);
			expect(demoAudioMinutes(url), url).toBe(1);
		}
	});

	it('gives the feed the stored size, the exact size of a shipped file, or an estimate', () => {
		const remote = 'https://audio.example.com/1.mp3';
		expect(enclosureLength({ audioUrl: remote, audioBytes: 123_456, duration: 2 })).toBe(123_456);
		expect(enclosureLength({ audioUrl: '/audio/episode-1.mp3', audioBytes: null, duration: 42 })).toBe(
			DEMO_AUDIO_BYTES['/audio/episode-1.mp3'],
		);
		expect(enclosureLength({ audioUrl: remote, audioBytes: null, duration: 2 })).toBe(2 * 60 * 16_000);
	});

	it('reads the enclosure type from the audio address', () => {
		expect(audioTypeFor('/audio/episode-1.mp3')).toBe('audio/mpeg');
		expect(audioTypeFor('https://cdn.example.com/show/ep.M4A?token=1')).toBe('audio/x-m4a');
		expect(audioTypeFor('https://cdn.example.com/show/ep.mp4#t=10')).toBe('audio/mp4');
		expect(audioTypeFor('https://cdn.example.com/stream')).toBe('audio/mpeg');
	});
});
