/**
 * Readable addresses (issue 44): platforms, articles, episodes and sent newsletter issues are
 * read at /{kind}/{slug}; a numeric address and every earlier slug answer 301 to the current
 * slug in one hop, keeping the query string; an unknown slug and a draft are 404. Links in
 * listings, feeds, the sitemap and search results use the slug; the API keeps its ids and
 * carries the slug. Runs on both engines (the slugs are looked up in the database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { articleBody, setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { episodeBody } from '../support/episode-fixtures';
import { createPlatform, platformInput } from '../support/platform-fixtures';
import { renameInDatabase, unfollowed } from '../support/addresses';
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

const page = (path: string) => unfollowed(`${server.url}${path}`);

async function text(path: string): Promise<string> {
	const answer = await fetch(`${server.url}${path}`);
	expect(answer.status, path).toBe(200);
	return answer.text();
}

describe('a platform', () => {
	it('is read at its slug, its number and earlier slugs move to it in one hop, query kept', async () => {
		const form = platformInput({ name: `Addressed Platform ${testSlug('x').slice(-8)}` });
		const created = await createPlatform(roles.editor, form);
		const id = created.id;
		const first = created.slug as string;
		expect(first).toMatch(/^addressed-platform-/);
		// The API keeps the id and carries the slug.
		const detail = await roles.anonymous.get(`/api/platforms/${id}`);
		expect(detail.body).toMatchObject({ id, slug: first });
		await server.siteIdle();
		expect((await page(`/platforms/${first}`)).status).toBe(200);
		expect(await page(`/platforms/${id}?sort=newest&utm_source=mail`)).toEqual({
			status: 301,
			location: `/platforms/${first}?sort=newest&utm_source=mail`,
		});
		expect(await page(`/platforms/${id}/rss`)).toEqual({ status: 301, location: `/platforms/${first}/rss` });

		// Renamed twice (as an editor's save does, then announced by a save of the platform).
		const second = `${first}-second`;
		const third = `${first}-third`;
		for (const [from, to] of [
			[first, second],
			[second, third],
		] as const) {
			await renameInDatabase(server.db, server.tables, 'platform', id, from, to);
			expect((await roles.editor.client.put(`/api/admin/platforms/${id}`, form)).status).toBe(200);
			await server.siteIdle();
		}
		for (const old of [String(id), first, second]) {
			expect(await page(`/platforms/${old}`), old).toEqual({ status: 301, location: `/platforms/${third}` });
			expect(await page(`/platforms/${old}/rss`), old).toEqual({
				status: 301,
				location: `/platforms/${third}/rss`,
			});
		}
		const html = await text(`/platforms/${third}`);
		expect(html).toContain(`<link rel="canonical" href="${server.url}/platforms/${third}"`);
		expect(html).toContain(`href="/platforms/${third}/rss"`);
		expect(await text(`/platforms/${third}/rss`)).toContain(`${server.url}/platforms/${third}`);
		// The listings, the sitemap and the search link to the current slug.
		expect(await text('/sitemap.xml')).toContain(`<loc>${server.url}/platforms/${third}</loc>`);
		expect(await text('/sitemap.xml')).not.toContain(`/platforms/${first}<`);
		const search = await roles.anonymous.get(`/api/search?q=${encodeURIComponent(form.name)}`);
		expect(search.body.platforms[0]).toMatchObject({ id, url: `/platforms/${third}` });
	});

	it('an unknown slug or number is a 404', async () => {
		expect((await page('/platforms/no-such-platform-anywhere')).status).toBe(404);
		expect((await page('/platforms/999999')).status).toBe(404);
		expect((await page('/platforms/no-such-platform-anywhere/rss')).status).toBe(404);
	});
});

describe('an article', () => {
	it('moves from its number and its earlier slug to its slug; the listings and feeds link the slug', async () => {
		for (const kind of ['news', 'education'] as const) {
			const category = kind === 'news' ? 'Industry News' : 'For Brands';
			const created = await roles.editor.client.post(`/api/${kind}`, articleBody({ category }));
			expect(created.status, JSON.stringify(created.body)).toBe(201);
			const { id, slug } = created.body as { id: number; slug: string };
			expect(slug).toMatch(/^title-/);
			await server.siteIdle();
			expect((await page(`/${kind}/${slug}`)).status).toBe(200);
			expect(await page(`/${kind}/${id}?from=mail`)).toEqual({
				status: 301,
				location: `/${kind}/${slug}?from=mail`,
			});
			// The other kind's address of the same slug is not this article.
			const other = kind === 'news' ? 'education' : 'news';
			expect((await page(`/${other}/${slug}`)).status).toBe(404);

			const renamed = `${slug}-renamed`;
			await renameInDatabase(server.db, server.tables, kind, id, slug, renamed);
			const saved = await roles.editor.client.put(
				`/api/${kind}/${id}`,
				articleBody({ title: created.body.title, category }),
			);
			expect(saved.status, JSON.stringify(saved.body)).toBe(200);
			await server.siteIdle();
			for (const old of [String(id), slug]) {
				expect(await page(`/${kind}/${old}`), old).toEqual({ status: 301, location: `/${kind}/${renamed}` });
			}
			expect(await text(`/${kind}/${renamed}`)).toContain(
				`<link rel="canonical" href="${server.url}/${kind}/${renamed}"`,
			);
			expect(await text('/rss')).toContain(`<link>${server.url}/${kind}/${renamed}</link>`);
			expect(await text('/sitemap.xml')).toContain(`<loc>${server.url}/${kind}/${renamed}</loc>`);
			expect(await text(`/${kind}`)).toContain(`href="/${kind}/${renamed}"`);
		}
	});

	it('a draft stays a 404 at its number and its slug', async () => {
		const created = await roles.editor.client.post('/api/news', articleBody({ isPublished: false }));
		expect(created.status).toBe(201);
		const { id, slug } = created.body as { id: number; slug: string };
		await server.siteIdle();
		expect((await page(`/news/${id}`)).status).toBe(404);
		expect((await page(`/news/${slug}`)).status).toBe(404);
	});
});

describe('a podcast episode', () => {
	it('has its own page: the player, the show notes and PodcastEpisode data; /podcast and the feed link it', async () => {
		const created = await roles.editor.client.post('/api/podcasts', episodeBody({ duration: 95 }));
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const { id, slug, title } = created.body as { id: number; slug: string; title: string };
		await server.siteIdle();
		expect(await page(`/podcast/${id}`)).toEqual({ status: 301, location: `/podcast/${slug}` });
		const html = await text(`/podcast/${slug}`);
		expect(html).toMatch(/<h1[^>]*>[^<]*Episode fixture/);
		expect(html).toMatch(/<audio[^>]+src="https:\/\/audio\.example\.com\/show\/episode\.mp3"/);
		expect(html).toContain('about retail media');
		const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
			(match) => JSON.parse(match[1]!) as Record<string, any>,
		);
		const data = blocks.find((block) => block['@type'] === 'PodcastEpisode');
		expect(data).toMatchObject({
			'@context': 'https://schema.org',
			name: title,
			url: `${server.url}/podcast/${slug}`,
			timeRequired: 'PT1H35M',
			associatedMedia: { '@type': 'MediaObject', contentUrl: 'https://audio.example.com/show/episode.mp3' },
			partOfSeries: {
				'@type': 'PodcastSeries',
				name: 'Retail Media Hub Podcast',
				url: `${server.url}/podcast`,
			},
		});
		expect(new Date(data!.datePublished).getTime()).not.toBeNaN();
		expect(await text('/podcast')).toContain(`href="/podcast/${slug}"`);
		expect(await text('/podcast/rss')).toContain(`<link>${server.url}/podcast/${slug}</link>`);
		expect(await text('/sitemap.xml')).toContain(`<loc>${server.url}/podcast/${slug}</loc>`);
		const search = await roles.anonymous.get(`/api/search?q=${encodeURIComponent(title)}`);
		expect(search.body.podcasts[0]).toMatchObject({ id, url: `/podcast/${slug}` });
	});

	it('an unpublished episode and an unknown slug are 404; the feed keeps its own address', async () => {
		const created = await roles.editor.client.post('/api/podcasts', episodeBody({ isPublished: false }));
		expect(created.status).toBe(201);
		await server.siteIdle();
		expect((await page(`/podcast/${created.body.slug}`)).status).toBe(404);
		expect((await page(`/podcast/${created.body.id}`)).status).toBe(404);
		expect((await page('/podcast/no-such-episode-here')).status).toBe(404);
		expect((await page('/podcast/rss')).status).toBe(200);
	});
});

describe('a sent newsletter issue', () => {
	it('is read at its slug; its number moves there; a draft is a 404', async () => {
		const { newsletterIssues } = server.tables;
		const insert = async (subject: string, sent: boolean) => {
			const at = sent ? new Date() : null;
			const [row] = await server.db
				.insert(newsletterIssues)
				.values({
					subject,
					slug: testSlug(subject),
					content: 'Body',
					status: sent ? 'sent' : 'draft',
					sendStartedAt: at,
					sentAt: at,
				})
				.returning({ id: newsletterIssues.id, slug: newsletterIssues.slug });
			return row!;
		};
		const sent = await insert('Addressed briefing', true);
		const draft = await insert('Addressed draft', false);
		await server.regenerate();
		expect(await page(`/newsletter/${sent.id}`)).toEqual({
			status: 301,
			location: `/newsletter/${sent.slug}`,
		});
		expect(await text(`/newsletter/${sent.slug}`)).toContain('Addressed briefing');
		expect(await text('/newsletter')).toContain(`href="/newsletter/${sent.slug}"`);
		expect(await text('/sitemap.xml')).toContain(`<loc>${server.url}/newsletter/${sent.slug}</loc>`);
		expect((await page(`/newsletter/${draft.id}`)).status).toBe(404);
		expect((await page(`/newsletter/${draft.slug}`)).status).toBe(404);
	});
});
