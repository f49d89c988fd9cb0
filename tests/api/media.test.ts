/**
 * The media library API: uploads sniffed by their bytes (SVG, an HTML page named .png and junk
 * behind a JPEG header are refused), variants made with sharp (widths never above the original,
 * AVIF and WebP plus the upload's own format), EXIF with its GPS position gone from every
 * served file and colours kept, /media/ files served with Range (kept a day by browsers, a second
 * by a cache in front, revalidated 304 or 404 once deleted), the paged and searched list, alt
 * text edits, deletion refused while an article or platform uses the image, and a deletion
 * announced on the shared change stream (PostgreSQL). Runs on both engines (the files live in a folder on SQLite, in PostgreSQL otherwise).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_MEDIA_BYTES } from '@/lib/validation/media';
import { ChangeBus, type ContentChange } from '@/server/changes/content-changes';
import { PostgresContentRelay } from '@/server/changes/relay.postgres';
import type { PostgresDatabase } from '@/server/db/postgres-connection';
import { testEngine, type TestServer } from '../support/server';
import { insertArticle, setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import {
	GPS_LATITUDE,
	animatedGif,
	displayP3Png,
	photoWithGps,
	plainPng,
	storedPixel,
	uploadForm,
} from '../support/media-fixtures';
import { testSlug } from '../support/slugs';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

const upload = (form: FormData) => roles.editor.client.post('/api/admin/media', form);

async function served(url: string, headers: Record<string, string> = {}) {
	const response = await fetch(server.url + url, { headers });
	return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('POST /api/admin/media', () => {
	it('makes AVIF and WebP widths and a JPEG fallback, and serves none with the EXIF or GPS', async () => {
		const photo = await photoWithGps(2000, 1500);
		// The upload does carry the position, so its absence below means something.
		expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('PhoneMaker');

		const answer = await upload(uploadForm(photo, { name: 'holiday.jpg', alt: 'A blue sky' }));
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({
			alt: 'A blue sky',
			width: 1600,
			height: 1200,
			mimeType: 'image/jpeg',
		});
		expect(answer.body.bytes).toBe(photo.byteLength);
		expect(answer.body.url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
		const variants = answer.body.variants as Array<{ width: number; format: string; url: string }>;
		expect(variants.map((v) => `${v.width} ${v.format}`).sort()).toEqual(
			['480 avif', '480 webp', '960 avif', '960 webp', '1600 avif', '1600 jpeg', '1600 webp'].sort(),
		);

		for (const variant of variants) {
			const { response, bytes } = await served(variant.url);
			expect(response.status).toBe(200);
			expect(response.headers.get('content-type')).toBe(`image/${variant.format}`);
			// Browsers keep it a day; a cache in front a second, then revalidates (it can be deleted).
			expect(response.headers.get('cache-control')).toBe('public, max-age=86400, s-maxage=1');
			expect(response.headers.get('etag')).toBe(`"${variant.url.slice('/media/'.length)}"`);
			expect(response.headers.get('x-content-type-options')).toBe('nosniff');
			const metadata = await sharp(bytes).metadata();
			expect(metadata.width).toBe(variant.width);
			expect(metadata.exif, `${variant.url} keeps EXIF`).toBeUndefined();
			expect(metadata.xmp).toBeUndefined();
			expect(bytes.includes('PhoneMaker')).toBe(false);
			expect(bytes.includes(GPS_LATITUDE)).toBe(false);
		}
	});

	it('never makes a variant wider than the original', async () => {
		const answer = await upload(uploadForm(await plainPng(300, 200), { name: 'small.png', alt: 'Small' }));
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({ width: 300, height: 200, mimeType: 'image/png' });
		expect(new Set(answer.body.variants.map((v: { width: number }) => v.width))).toEqual(new Set([300]));
		expect(answer.body.variants.map((v: { format: string }) => v.format).sort()).toEqual([
			'avif',
			'png',
			'webp',
		]);
	});

	it('keeps colours: a Display P3 picture is served as the same colour in sRGB', async () => {
		const picture = await displayP3Png();
		const stored = await storedPixel(picture);
		const answer = await upload(uploadForm(picture, { name: 'p3.png', type: 'image/png', alt: 'Orange' }));
		expect(answer.status).toBe(201);
		for (const variant of answer.body.variants as Array<{ url: string }>) {
			const pixel = await storedPixel((await served(variant.url)).bytes);
			// The P3 values read as sRGB would be off; converted, the colour is the one shown before.
			expect(Math.abs(pixel[0]! - stored[0]!)).toBeGreaterThan(5);
			for (const [index, value] of [200, 100, 51].entries()) {
				expect(Math.abs(pixel[index]! - value), `${variant.url} channel ${index}`).toBeLessThanOrEqual(4);
			}
		}
	});

	it('keeps a GIF moving: animated WebP and GIF, no AVIF', async () => {
		const answer = await upload(
			uploadForm(await animatedGif(), { name: 'moving.gif', type: 'image/gif', alt: 'A blink' }),
		);
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({ width: 120, height: 80, mimeType: 'image/gif' });
		const formats = answer.body.variants.map((v: { format: string }) => v.format).sort();
		expect(formats).toEqual(['gif', 'webp']);
		for (const variant of answer.body.variants as Array<{ url: string }>) {
			const { bytes } = await served(variant.url);
			expect((await sharp(bytes, { animated: true }).metadata()).pages).toBe(2);
		}
	});

	it('refuses an animation of too many frames or pixels with 413 (issue 42, I-5)', async () => {
		const many = await upload(
			uploadForm(await animatedGif(101, 8, 8), { name: 'many.gif', type: 'image/gif', alt: 'Many frames' }),
		);
		expect(many.status).toBe(413);
		expect(many.body).toEqual({ message: 'The animation has too many frames: at most 100.' });
		// 40 frames of 640×640: 16.4 megapixels, a third of what a still may have.
		const large = await upload(
			uploadForm(await animatedGif(40, 640, 640), { name: 'large.gif', type: 'image/gif', alt: 'Large' }),
		);
		expect(large.status).toBe(413);
		expect(large.body).toEqual({
			message: 'The animation is too large: at most 16 megapixels (all frames together).',
		});
		const within = await upload(
			uploadForm(await animatedGif(100, 16, 16), { name: 'within.gif', type: 'image/gif', alt: 'Within' }),
		);
		expect(within.status).toBe(201);
	});

	it('refuses an SVG, an HTML page named .png and junk behind a JPEG header with 415', async () => {
		const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
		const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
		const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
		for (const form of [
			uploadForm(svg, { name: 'logo.svg', type: 'image/svg+xml', alt: 'Logo' }),
			uploadForm(html, { name: 'photo.png', type: 'image/png', alt: 'Photo' }),
			uploadForm(junk, { name: 'photo.jpg', type: 'image/jpeg', alt: 'Photo' }),
		]) {
			const answer = await upload(form);
			expect(answer.status).toBe(415);
			expect(answer.body.message).toMatch(/JPEG, PNG, WebP, AVIF (and|or) GIF/);
		}
		const list = await roles.editor.client.get('/api/admin/media?q=Logo');
		expect(list.body).toEqual([]);
	});

	it('refuses a missing or too long alt text and a missing file with 400', async () => {
		const photo = await plainPng(50, 50);
		const noAlt = await upload(uploadForm(photo, { name: 'a.png', type: 'image/png' }));
		expect(noAlt.status).toBe(400);
		expect(noAlt.body.message).toMatch(/Alt text is required/);
		expect(noAlt.headers.get('x-invalid-field')).toBe(null);
		const blank = await upload(uploadForm(photo, { name: 'a.png', type: 'image/png', alt: '   ' }));
		expect(blank.status).toBe(400);
		const long = await upload(uploadForm(photo, { name: 'a.png', type: 'image/png', alt: 'x'.repeat(251) }));
		expect(long.status).toBe(400);
		expect(long.body.message).toMatch(/at most 250/);
		const form = new FormData();
		form.set('alt', 'Nothing');
		const noFile = await upload(form);
		expect(noFile.status).toBe(400);
		const json = await roles.editor.client.post('/api/admin/media', { alt: 'x' });
		expect(json.status).toBe(415);
	});

	it('refuses a file over 10 MB with 413', async () => {
		const big = Buffer.alloc(MAX_MEDIA_BYTES + 1, 1);
		big.set([0xff, 0xd8, 0xff, 0xe0]);
		const answer = await upload(uploadForm(big, { alt: 'Too big' }));
		expect(answer.status).toBe(413);
		expect(answer.body.message).toMatch(/10 MB/);
		const huge = await upload(uploadForm(Buffer.alloc(MAX_MEDIA_BYTES + 200_000, 1), { alt: 'Far too big' }));
		expect(huge.status).toBe(413);
	});

	it('is for editors only', async () => {
		const form = () => uploadForm(Buffer.from('x'), { alt: 'x' });
		expect((await roles.anonymous.post('/api/admin/media', form())).status).toBe(401);
		expect((await roles.user.client.post('/api/admin/media', form())).status).toBe(403);
		expect((await roles.anonymous.get('/api/admin/media')).status).toBe(401);
		expect((await roles.user.client.get('/api/admin/media')).status).toBe(403);
	});
});

describe('/media/{file}', () => {
	it('answers byte ranges, 304 to its ETag, and 404 for an unknown name', async () => {
		const answer = await upload(uploadForm(await photoWithGps(800, 600), { alt: 'Ranges' }));
		const { bytes: whole } = await served(answer.body.url);
		const part = await served(answer.body.url, { range: 'bytes=0-9' });
		expect(part.response.status).toBe(206);
		expect(part.response.headers.get('content-range')).toBe(`bytes 0-9/${whole.byteLength}`);
		expect(part.bytes).toEqual(whole.subarray(0, 10));
		const tail = await served(answer.body.url, { range: 'bytes=-5' });
		expect(tail.bytes).toEqual(whole.subarray(whole.byteLength - 5));
		const past = await served(answer.body.url, { range: `bytes=${whole.byteLength}-` });
		expect(past.response.status).toBe(416);
		const etag = part.response.headers.get('etag')!;
		expect((await served(answer.body.url, { 'if-none-match': etag })).response.status).toBe(304);
		expect((await served('/media/0123456789abcdef0123456789abcdef.jpg')).response.status).toBe(404);
		expect((await served('/media/..%2F..%2Fapp.db')).response.status).toBe(404);
	});

	it('keeps a file of many parts whole in the host memory, byte for byte', async () => {
		// Noise does not compress: the stored PNG is several of the stores' parts (64 KB on
		// SQLite, 256 KB on PostgreSQL), which may arrive in one reused buffer.
		const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
			.png()
			.toBuffer();
		const answer = await upload(uploadForm(noise, { name: 'noise.png', type: 'image/png', alt: 'Noise' }));
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		const first = await served(answer.body.url);
		// Under the 1 MB an answer may take in the host's memory.
		expect(first.bytes.byteLength).toBeGreaterThan(300 * 1024);
		let kept: Awaited<ReturnType<typeof served>> | undefined;
		await expect
			.poll(async () => {
				kept = await served(answer.body.url);
				return kept.response.headers.get('x-cache');
			})
			.toBe('hit');
		expect(kept!.bytes.equals(first.bytes)).toBe(true);
	});
});

describe('the library', () => {
	it('lists newest first, pages by 24, and searches alt text and file names', async () => {
		const word = `zebra${Date.now()}`;
		for (let i = 0; i < 25; i += 1) {
			const form = uploadForm(await plainPng(40, 40), {
				name: i === 0 ? `${word}-file.png` : `n${i}.png`,
				type: 'image/png',
				alt: `${word} number ${i}`,
			});
			expect((await upload(form)).status).toBe(201);
		}
		const first = await roles.editor.client.get(`/api/admin/media?q=${word}`);
		expect(first.status).toBe(200);
		expect(first.headers.get('x-total-count')).toBe('25');
		expect(first.body).toHaveLength(24);
		expect(first.body[0].alt).toBe(`${word} number 24`);
		const second = await roles.editor.client.get(`/api/admin/media?q=${word}&page=2`);
		expect(second.body.map((item: { alt: string }) => item.alt)).toEqual([`${word} number 0`]);
		const byName = await roles.editor.client.get(`/api/admin/media?q=${word}-FILE`);
		expect(byName.body.map((item: { name: string }) => item.name)).toEqual([`${word}-file.png`]);
		expect((await roles.editor.client.get('/api/admin/media?page=0')).status).toBe(400);
	});

	it('edits the alt text', async () => {
		const { body } = await upload(
			uploadForm(await plainPng(30, 30), { name: 'e.png', type: 'image/png', alt: 'Before' }),
		);
		const changed = await roles.editor.client.patch(`/api/admin/media/${body.id}`, { alt: 'After' });
		expect(changed.status).toBe(200);
		expect(changed.body.alt).toBe('After');
		expect((await roles.editor.client.patch(`/api/admin/media/${body.id}`, { alt: '' })).status).toBe(400);
		expect((await roles.editor.client.patch('/api/admin/media/999999', { alt: 'x' })).status).toBe(404);
	});

	it('refuses to delete an image an article or platform uses, naming them, then deletes it and its files', async () => {
		const { body } = await upload(
			uploadForm(await plainPng(600, 400), { name: 'd.png', type: 'image/png', alt: 'Used' }),
		);
		const webp = body.variants.find(
			(v: { format: string; width: number }) => v.format === 'webp' && v.width === 480,
		).url;
		const article = await insertArticle(server, { title: 'Cover story', imageUrl: body.url });
		const platform = await server.db
			.insert(server.tables.platforms)
			.values({
				name: 'Logo Corp',
				slug: testSlug('Logo Corp'),
				description: 'D',
				pricing: 'CPM',
				category: 'Retailer',
				logo: webp,
			})
			.returning();
		// Read once, so the host keeps it in memory: the delete must drop that copy too.
		expect((await served(body.url)).response.status).toBe(200);
		// Kept once the answer has ended and no change was announced meanwhile (the inserts
		// above announce theirs): ask until it is.
		await expect.poll(async () => (await served(body.url)).response.headers.get('x-cache')).toBe('hit');
		const refused = await roles.editor.client.delete(`/api/admin/media/${body.id}`);
		expect(refused.status).toBe(409);
		expect(refused.body.message).toContain('news article “Cover story”');
		expect(refused.body.message).toContain('platform “Logo Corp”');

		const { articles, platforms } = server.tables;
		const { eq } = await import('drizzle-orm');
		await server.db.delete(articles).where(eq(articles.id, article.id));
		await server.db.delete(platforms).where(eq(platforms.id, platform[0]!.id));
		const deleted = await roles.editor.client.delete(`/api/admin/media/${body.id}`);
		expect(deleted.status).toBe(200);
		expect((await served(body.url)).response.status).toBe(404);
		expect((await roles.editor.client.get(`/api/admin/media/${body.id}`)).status).toBe(404);
	});

	it('answers a revalidation 304 while the file is there and 404 once it is deleted', async () => {
		const { body } = await upload(
			uploadForm(await plainPng(41, 37), { name: 'r.png', type: 'image/png', alt: 'Revalidated' }),
		);
		const etag = `"${body.url.slice('/media/'.length)}"`;
		const fresh = await served(body.url, { 'if-none-match': etag });
		expect(fresh.response.status).toBe(304);
		expect(fresh.response.headers.get('etag')).toBe(etag);
		expect(fresh.response.headers.get('cache-control')).toBe('public, max-age=86400, s-maxage=1');
		expect((await roles.editor.client.delete(`/api/admin/media/${body.id}`)).status).toBe(200);
		expect((await served(body.url, { 'if-none-match': etag })).response.status).toBe(404);
	});

	// Only PostgreSQL has other nodes (SQLite runs one process), so the test exists only there.
	if (testEngine() === 'postgres') {
		it('announces a delete on the shared change stream, so the other nodes drop their copies', async () => {
			// Another node, as far as the stream goes: its own bus and relay on the same database.
			const otherNode = new ChangeBus();
			const heard: ContentChange[] = [];
			otherNode.changes.subscribe((change) => heard.push(change));
			const relay = new PostgresContentRelay(server.db as unknown as PostgresDatabase, otherNode);
			await relay.start();
			try {
				const { body } = await upload(
					uploadForm(await plainPng(50, 30), { name: 's.png', type: 'image/png', alt: 'Streamed' }),
				);
				expect((await roles.editor.client.delete(`/api/admin/media/${body.id}`)).status).toBe(200);
				const paths = (body.variants as Array<{ url: string }>).map((variant) => variant.url).sort();
				await vi.waitFor(
					() => {
						const change = heard.find((one) => one.kind === 'media-deleted');
						expect(change && change.kind === 'media-deleted' && change.paths.toSorted()).toEqual(paths);
					},
					{ timeout: 30_000, interval: 20 },
				);
			} finally {
				await relay.close();
			}
		});
	}

	it('keeps one copy of an image uploaded twice, and says so', async () => {
		const png = await plainPng(70, 70);
		const one = await upload(uploadForm(png, { name: 'same.png', type: 'image/png', alt: 'One' }));
		expect(one.status).toBe(201);
		expect(one.body.alreadyInLibrary).toBe(false);
		const two = await upload(uploadForm(png, { name: 'again.png', type: 'image/png', alt: 'Two' }));
		expect(two.status).toBe(200);
		expect(two.body).toMatchObject({
			id: one.body.id,
			url: one.body.url,
			alt: 'One',
			alreadyInLibrary: true,
		});
		const listed = await roles.editor.client.get('/api/admin/media?q=again.png');
		expect(listed.body).toEqual([]);
		const original = await roles.editor.client.get('/api/admin/media?q=same.png');
		expect(original.body.map((item: { id: number }) => item.id)).toContain(one.body.id);
	});
});
