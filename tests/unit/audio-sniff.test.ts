/**
 * Episode audio is told by its first bytes, never its name: MP3 (an ID3 tag or a bare MPEG
 * frame), M4A (an MPEG-4 box with an audio brand), and WAV and Ogg (recognised, then refused by
 * the upload); an MPEG-4 video brand, images and text are not audio.
 */
import { describe, expect, it } from 'vitest';
import { contentTypeOfKey, sniffAudioFormat } from '@/server/media/sniff';
import { mp3Audio, wavAudio } from '../support/media-fixtures';

const ftyp = (brand: string) =>
	Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(12)]);

describe('sniffAudioFormat', () => {
	it('knows MP3, M4A, WAV and Ogg by their bytes', () => {
		expect(sniffAudioFormat(mp3Audio(1))).toBe('mp3');
		expect(sniffAudioFormat(Buffer.concat([Buffer.from('ID3'), Buffer.alloc(20)]))).toBe('mp3');
		expect(sniffAudioFormat(ftyp('M4A '))).toBe('m4a');
		expect(sniffAudioFormat(ftyp('mp42'))).toBe('m4a');
		expect(sniffAudioFormat(wavAudio(1))).toBe('wav');
		expect(sniffAudioFormat(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(20)]))).toBe('ogg');
	});

	it('takes nothing else for audio', () => {
		expect(sniffAudioFormat(ftyp('avif'))).toBeNull();
		expect(sniffAudioFormat(ftyp('qt  '))).toBeNull();
		expect(sniffAudioFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
		// Sync bits with the reserved layer (00) are no MPEG audio frame.
		expect(sniffAudioFormat(Buffer.from([0xff, 0xe0, 0, 0]))).toBeNull();
		expect(sniffAudioFormat(Buffer.from('<html>'))).toBeNull();
		expect(sniffAudioFormat(Buffer.alloc(0))).toBeNull();
	});

	it('serves stored files with the type their key names', () => {
		expect(contentTypeOfKey('0123456789abcdef0123456789abcdef.mp3')).toBe('audio/mpeg');
		expect(contentTypeOfKey('0123456789abcdef0123456789abcdef.m4a')).toBe('audio/x-m4a');
		expect(contentTypeOfKey('0123456789abcdef0123456789abcdef.jpg')).toBe('image/jpeg');
		expect(contentTypeOfKey('0123456789abcdef0123456789abcdef.webp')).toBe('image/webp');
	});
});
