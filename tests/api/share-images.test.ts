/**
 * Share images (og:image): each platform and published article has a 1200x630 PNG card at
 * /og/{kind}/{id}.png, generated once per change as a file beside the pages and served like
 * them; its page's og:image points to it by an absolute URL. A rating regenerates the
 * platform's card; a deleted platform's card goes. Runs on both engines.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_CACHE_CONTROL } from '@/server/http/cache-headers';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { createPlatform, registerVerified } from '../support/platform-fixtures';
import type { Registered } from '../support/account-api';
import { plainPng, storedPixel, uploadForm } from '../support/media-fixtures';
import { episodeBody } from '../support/episode-fixtures';

let server: TestServer;
let roles: Roles;
let rater: Registered;

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
	rater = await registerVerified(server);
});

afterAll(async () => {
	await server?.stop();
});

function metaContent(html: string, property: string): string | undefined {
	return html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]+)"`))?.[1];
}

async function image(path: string) {
	const response = await fetch(`${server.url}${path}`);
	return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The image answers 200 as a 1200x630 PNG, cached as pages are, from its generated file. */
async function expectCard(path: string): Promise<Buffer> {
	const { response, bytes } = await image(path);
	expect(response.status, path).toBe(200);
	expect(response.headers.get('content-type')).toBe('image/png');
	expect(response.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
	const metadata = await sharp(bytes).metadata();
	expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
		format: 'png',
		width: 1200,
		height: 630,
	});
	expect(existsSync(join(server.dir, 'site', path))).toBe(true);
	return bytes;
}

async function expectPageImage(pagePath: string, imagePath: string): Promise<void> {
	const html = await (await fetch(`${server.url}${pagePath}`)).text();
	const origin = new URL(server.url).origin;
	expect(metaContent(html, 'og:image')).toBe(`${origin}${imagePath}`);
	expect(metaContent(html, 'og:image:width')).toBe('1200');
	expect(metaContent(html, 'og:image:height')).toBe('630');
	expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
}

describe('platform share images', () => {
	it('a new platform gets a 1200x630 PNG that its page names as its absolute og:image', async () => {
		const platform = await createPlatform(roles.editor);
		await server.siteIdle();
		const path = `/og/platforms/${platform.id}.png`;
		await expectCard(path);
		await expectPageImage(`/platforms/${platform.id}`, path);
	});

	it('a rating regenerates the card (its bytes change); a second request serves the same file', async () => {
		const platform = await createPlatform(roles.editor);
		await server.siteIdle();
		const path = `/og/platforms/${platform.id}.png`;
		const before = await expectCard(path);
		const rated = await rater.client.post(`/api/platforms/${platform.id}/ratings`, { rating: 4 });
		expect(rated.status, JSON.stringify(rated.body)).toBe(201);
		await server.siteIdle();
		const after = await expectCard(path);
		expect(after.equals(before)).toBe(false);
		expect(readFileSync(join(server.dir, 'site', path)).equals(after)).toBe(true);
		expect((await image(path)).bytes.equals(after)).toBe(true);
	});

	it("a deleted platform's card answers 404 and its file is gone", async () => {
		const platform = await createPlatform(roles.editor);
		await server.siteIdle();
		const path = `/og/platforms/${platform.id}.png`;
		await expectCard(path);
		expect((await roles.editor.client.delete(`/api/admin/platforms/${platform.id}`)).status).toBe(200);
		await server.siteIdle();
		expect((await image(path)).response.status).toBe(404);
		expect(existsSync(join(server.dir, 'site', path))).toBe(false);
	});

	it('an unknown platform, an odd id or an unknown kind has no card (404)', async () => {
		for (const path of ['/og/platforms/999999.png', '/og/platforms/abc.png', '/og/users/1.png']) {
			expect((await image(path)).response.status, path).toBe(404);
		}
	});
});

describe('article share images', () => {
	it.each(['news', 'education'] as const)(
		'a published %s article gets its card; a draft has none',
		async (kind) => {
			const article = {
				title: `Share card of a ${kind} article`,
				excerpt: 'An excerpt',
				content: '# Body',
				category: kind === 'news' ? 'Industry News' : 'For Brands',
				isPublished: true,
			};
			const created = await roles.editor.client.post(`/api/${kind}`, article);
			expect(created.status, JSON.stringify(created.body)).toBe(201);
			await server.siteIdle();
			const path = `/og/${kind}/${created.body.id}.png`;
			await expectCard(path);
			await expectPageImage(`/${kind}/${created.body.id}`, path);

			const unpublished = await roles.editor.client.put(`/api/${kind}/${created.body.id}`, {
				...article,
				isPublished: false,
			});
			expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
			await server.siteIdle();
			expect((await image(path)).response.status).toBe(404);
		},
	);

	it('an article with an uploaded picture gets it cropped to 1200x630 under its title', async () => {
		const picture = await plainPng(1600, 900);
		const upload = await roles.editor.client.post(
			'/api/admin/media',
			uploadForm(picture, { name: 'cover.png', type: 'image/png', alt: 'Red' }),
		);
		expect(upload.status, JSON.stringify(upload.body)).toBe(201);
		const created = await roles.editor.client.post('/api/news', {
			title: 'An article with a cover picture',
			excerpt: 'An excerpt',
			content: '# Body',
			category: 'Industry News',
			imageUrl: upload.body.url,
			isPublished: true,
		});
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		await server.siteIdle();
		const card = await expectCard(`/og/news/${created.body.id}.png`);
		// The picture's colour fills the card above the text band (a text card is white there).
		const { data } = await sharp(card).extract({ left: 20, top: 20, width: 1, height: 1 }).raw().toBuffer({
			resolveWithObject: true,
		});
		expect([...data.subarray(0, 3)]).toEqual(await storedPixel(picture));
	});
});

describe('episode and comparison share images (issue 44)', () => {
	it('a published episode gets its card, which its page names', async () => {
		const created = await roles.editor.client.post(
			'/api/podcasts',
			episodeBody({ title: 'Share card episode' }),
		);
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		await server.siteIdle();
		const path = `/og/episodes/${created.body.id}.png`;
		await expectCard(path);
		await expectPageImage(`/podcast/${created.body.slug}`, path);
	});

	it('a same-category comparison gets its card by its canonical address; another order has none', async () => {
		const first = await createPlatform(roles.editor, { name: 'Card Alpha Media', category: 'DSP' });
		const second = await createPlatform(roles.editor, { name: 'Card Beta Media', category: 'DSP' });
		await server.siteIdle();
		const pair = [first.slug, second.slug].sort().join('-vs-');
		const path = `/og/compare/${pair}.png`;
		await expectCard(path);
		await expectPageImage(`/compare/${pair}`, path);
		const reversed = [first.slug, second.slug].sort().reverse().join('-vs-');
		expect((await image(`/og/compare/${reversed}.png`)).response.status).toBe(404);
	});
});
