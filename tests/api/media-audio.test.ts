/**
 * The audio in the media library (issue 42, I-4): each upload is recorded with its uploader and
 * listed; an editor deletes one (the file then answers 404, and every node is told), but not
 * while an episode uses it; and each editor's uploads, images and audio, fit in
 * MEDIA_QUOTA_BYTES (413 past it, before the body when its length is declared). Both engines.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { insertEpisode } from '../support/episode-fixtures';
import { mp3Audio } from '../support/media-fixtures';

const QUOTA = 1_000_000;
const QUOTA_SENTENCE =
	'This upload would pass your media storage quota of 1 MB: delete images or audio you no longer use in the Media tab first.';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer({ env: { MEDIA_QUOTA_BYTES: String(QUOTA) } });
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

/** An MP3 of real frames whose bytes no other call gives (a frame's payload differs). */
function uniqueMp3(seconds = 1): Buffer {
	const bytes = mp3Audio(seconds);
	randomBytes(16).copy(bytes, 100);
	return bytes;
}

const upload = (body: Buffer, client = roles.editor.client) => client.post('/api/admin/media/audio', body);
const served = async (url: string) => (await fetch(server.url + url)).status;

describe('uploaded audio', () => {
	it('is listed newest first with its address, size and duration', async () => {
		const first = await upload(uniqueMp3(2));
		const second = await upload(uniqueMp3(3));
		expect(first.status, JSON.stringify(first.body)).toBe(201);
		expect(second.status).toBe(201);
		expect(second.body.id).toEqual(expect.any(Number));
		const list = await roles.editor.client.get('/api/admin/media/audio');
		expect(list.status).toBe(200);
		expect(Number(list.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
		const ids = list.body.map((item: { id: number }) => item.id);
		expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
		expect(list.body.find((item: { id: number }) => item.id === first.body.id)).toMatchObject({
			url: first.body.url,
			bytes: first.body.bytes,
			type: 'audio/mpeg',
			durationMinutes: 1,
		});
		const { mediaAudio } = server.tables;
		const [row] = await server.db.select().from(mediaAudio).where(eq(mediaAudio.id, first.body.id));
		expect(row!.uploadedBy).toBe(roles.editor.id);
	});

	it('is deleted with its file, which then answers 404', async () => {
		const { body } = await upload(uniqueMp3());
		expect(await served(body.url)).toBe(200);
		const deleted = await roles.editor.client.delete(`/api/admin/media/audio/${body.id}`);
		expect(deleted.status).toBe(200);
		expect(await served(body.url)).toBe(404);
		const list = await roles.editor.client.get('/api/admin/media/audio');
		expect(list.body.map((item: { id: number }) => item.id)).not.toContain(body.id);
		expect((await roles.editor.client.delete(`/api/admin/media/audio/${body.id}`)).status).toBe(404);
	});

	it('keeps the file while another upload of the same bytes still has it', async () => {
		const bytes = uniqueMp3();
		const one = (await upload(bytes)).body;
		const two = (await upload(bytes)).body;
		expect(two.url).toBe(one.url);
		expect((await roles.editor.client.delete(`/api/admin/media/audio/${one.id}`)).status).toBe(200);
		expect(await served(one.url)).toBe(200);
		expect((await roles.editor.client.delete(`/api/admin/media/audio/${two.id}`)).status).toBe(200);
		expect(await served(one.url)).toBe(404);
	});

	it('is not deleted while an episode uses it, naming the episode', async () => {
		const { body } = await upload(uniqueMp3());
		const episodeId = await insertEpisode(server, `Audio in use ${process.pid}`);
		const { podcastEpisodes } = server.tables;
		await server.db
			.update(podcastEpisodes)
			.set({ audioUrl: body.url })
			.where(eq(podcastEpisodes.id, episodeId));
		const refused = await roles.editor.client.delete(`/api/admin/media/audio/${body.id}`);
		expect(refused.status).toBe(409);
		expect(refused.body.message).toBe(
			`This audio file is in use by episode “Audio in use ${process.pid}”. Remove it there first.`,
		);
		expect(await served(body.url)).toBe(200);
		await server.db.delete(podcastEpisodes).where(eq(podcastEpisodes.id, episodeId));
		expect((await roles.editor.client.delete(`/api/admin/media/audio/${body.id}`)).status).toBe(200);
	});

	it('is listed and deleted by editors only', async () => {
		const { body } = await upload(uniqueMp3());
		for (const [client, status] of [
			[roles.user.client, 403],
			[roles.anonymous, 401],
		] as const) {
			expect((await client.get('/api/admin/media/audio')).status).toBe(status);
			expect((await client.delete(`/api/admin/media/audio/${body.id}`)).status).toBe(status);
		}
		expect(await served(body.url)).toBe(200);
	});
});

describe('the storage quota (MEDIA_QUOTA_BYTES)', () => {
	it('refuses an upload that would pass it, counting images and audio, with 413 and a sentence', async () => {
		// Before the body: its declared length alone passes the quota.
		const declared = await upload(Buffer.alloc(QUOTA + 1));
		expect(declared.status).toBe(413);
		expect(declared.body.message).toBe(QUOTA_SENTENCE);

		// The editor's images count: fill the quota but for less than one file.
		const { mediaItems, mediaAudio } = server.tables;
		const audioRows = await server.db
			.select()
			.from(mediaAudio)
			.where(eq(mediaAudio.uploadedBy, roles.editor.id));
		const used = audioRows.reduce((sum, row) => sum + row.bytes, 0);
		const file = uniqueMp3();
		const [filler] = await server.db
			.insert(mediaItems)
			.values({
				name: 'filler.png',
				alt: 'Filler',
				format: 'png',
				width: 1,
				height: 1,
				bytes: QUOTA - used - file.byteLength + 1,
				uploadedBy: roles.editor.id,
			})
			.returning();
		const declaredOver = await upload(file);
		expect(declaredOver.status).toBe(413);
		expect(declaredOver.body.message).toBe(QUOTA_SENTENCE);

		// No declared length (chunked): refused once the body is in.
		const chunked = await fetch(`${server.url}/api/admin/media/audio`, {
			method: 'POST',
			headers: { cookie: roles.editor.client.sessionCookie },
			body: new ReadableStream({
				start(controller) {
					controller.enqueue(file);
					controller.close();
				},
			}),
			duplex: 'half',
		} as RequestInit);
		expect(chunked.status).toBe(413);
		expect(((await chunked.json()) as { message: string }).message).toBe(QUOTA_SENTENCE);

		// An image upload is refused too while the quota is full.
		await server.db
			.update(mediaItems)
			.set({ bytes: QUOTA - used })
			.where(eq(mediaItems.id, filler!.id));
		const form = new FormData();
		form.set('alt', 'Over');
		form.set('file', new Blob([Buffer.from('x')], { type: 'image/png' }), 'over.png');
		const image = await roles.editor.client.post('/api/admin/media', form);
		expect(image.status).toBe(413);
		expect(image.body.message).toBe(QUOTA_SENTENCE);

		// Room made, the file fits.
		await server.db
			.update(mediaItems)
			.set({ bytes: QUOTA - used - file.byteLength })
			.where(eq(mediaItems.id, filler!.id));
		expect((await upload(file)).status).toBe(201);
	});
});
