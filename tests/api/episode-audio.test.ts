/**
 * Episode audio uploads (POST /api/admin/media/audio): an MP3 is judged by its bytes, stored in
 * the media store (a folder on SQLite, PostgreSQL's table there) and served with Range; its
 * duration is read from the file; WAV, Ogg and anything else are refused with a sentence; an
 * episode made from the answer has a feed enclosure with the file's length and type and its
 * duration in itunes:duration; a file that starts like an MP3 but holds no frames is refused.
 * Runs on both engines (the store differs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { episodeBody } from '../support/episode-fixtures';
import { mp3Audio, wavAudio } from '../support/media-fixtures';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

const upload = (body: unknown, client = roles.editor.client) => client.post('/api/admin/media/audio', body);

describe('an audio upload', () => {
	it('stores an MP3 with the duration read from it, served whole and in ranges', async () => {
		const bytes = mp3Audio(125);
		const answer = await upload(bytes);
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		expect(answer.body).toMatchObject({ bytes: bytes.byteLength, type: 'audio/mpeg', durationMinutes: 2 });
		expect(answer.body.url).toMatch(/^\/media\/[0-9a-f]{32}\.mp3$/);
		expect(answer.body.durationSeconds).toBeCloseTo(125, 0);

		const whole = await fetch(`${server.url}${answer.body.url}`);
		expect(whole.status).toBe(200);
		expect(whole.headers.get('content-type')).toBe('audio/mpeg');
		expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
		const part = await fetch(`${server.url}${answer.body.url}`, { headers: { range: 'bytes=417-833' } });
		expect(part.status).toBe(206);
		expect(part.headers.get('content-range')).toBe(`bytes 417-833/${bytes.byteLength}`);
		expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(417, 834))).toBe(true);
	});

	it('refuses WAV and Ogg (podcast apps do not all play them), other files and an empty body', async () => {
		const wav = await upload(wavAudio(2));
		expect(wav.status).toBe(415);
		expect(wav.body.message).toBe(
			'WAV and Ogg files do not play in Apple Podcasts: export the episode as MP3 or M4A and upload that.',
		);
		const ogg = await upload(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(100)]));
		expect(ogg.status).toBe(415);
		// Named like audio, but a web page.
		const page = await upload(Buffer.from('<html><script>alert(1)</script></html>'));
		expect(page.status).toBe(415);
		expect(page.body.message).toBe('Only MP3 and M4A audio files can be uploaded.');
		const empty = await roles.editor.client.request('POST', '/api/admin/media/audio');
		expect(empty.status).toBe(400);
		expect(empty.body.message).toBe('Send the audio file as the request body.');
	});

	it('refuses a file that starts like an MP3 but holds no audio frames (issue 42, I-4)', async () => {
		const sentence =
			'The file starts like MP3 or M4A audio but holds no playable audio: export the episode again and upload that.';
		const id3ThenJunk = Buffer.concat([
			Buffer.from('ID3'),
			Buffer.from([3, 0, 0, 0, 0, 0, 0]),
			Buffer.alloc(5000, 0x41),
		]);
		const syncThenPage = Buffer.concat([
			Buffer.from([0xff, 0xfb, 0x90, 0xc4]),
			Buffer.from('<html><script>alert(1)</script></html>'.repeat(100)),
		]);
		for (const fake of [id3ThenJunk, syncThenPage]) {
			const answer = await upload(fake);
			expect(answer.status).toBe(415);
			expect(answer.body.message).toBe(sentence);
		}
		// Real frames, a second of them, pass.
		expect((await upload(mp3Audio(1))).status).toBe(201);
	});

	it('is for editors only', async () => {
		expect((await upload(mp3Audio(1), roles.user.client)).status).toBe(403);
		expect((await upload(mp3Audio(1), roles.anonymous)).status).toBe(401);
	});

	it('makes an episode whose feed item carries the file’s length, type and duration', async () => {
		const bytes = mp3Audio(185);
		const audio = (await upload(bytes)).body;
		const title = `Uploaded audio ${Date.now()}`;
		const created = await roles.editor.client.post(
			'/api/podcasts',
			episodeBody({
				title,
				audioUrl: audio.url,
				audioBytes: audio.bytes,
				audioType: audio.type,
				duration: audio.durationMinutes,
			}),
		);
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		await expect
			.poll(async () => (await fetch(`${server.url}/podcast/rss`)).text(), { timeout: 30_000 })
			.toContain(title);
		const xml = await (await fetch(`${server.url}/podcast/rss`)).text();
		const item = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)]
			.map(([, each]) => each!)
			.find((each) => each.includes(title))!;
		const enclosure = item.match(/<enclosure ([^>]*)\/>/)?.[1] ?? '';
		expect(enclosure).toContain(`url="${server.url}${audio.url}"`);
		expect(enclosure).toContain(`length="${bytes.byteLength}"`);
		expect(enclosure).toContain('type="audio/mpeg"');
		expect(item).toContain('<itunes:duration>00:03:00</itunes:duration>');
	});
});
