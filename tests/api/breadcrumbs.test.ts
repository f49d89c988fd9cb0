/**
 * BreadcrumbList structured data on every content page (platform, news and education article,
 * newsletter issue, podcast episode, comparison and alternatives): its own JSON-LD block beside the page's Product or Article data, with the
 * trail from the home page as absolute URLs on the public origin. Every block parses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { createPlatform, registerVerified } from '../support/platform-fixtures';
import { testSlug } from '../support/slugs';
import { episodeBody } from '../support/episode-fixtures';

let server: TestServer;
let roles: Roles;
let origin: string;

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
	origin = new URL(server.url).origin;
});

afterAll(async () => {
	await server?.stop();
});

type JsonLd = Record<string, unknown> & { '@type': string };

/** Every JSON-LD block of a page, parsed (a block that does not parse fails the test). */
async function jsonLdBlocks(path: string): Promise<JsonLd[]> {
	const response = await fetch(`${server.url}${path}`);
	expect(response.status, path).toBe(200);
	const html = await response.text();
	return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
		(match) => JSON.parse(match[1]!) as JsonLd,
	);
}

function expectTrail(blocks: JsonLd[], trail: [name: string, path: string][]): void {
	const lists = blocks.filter((block) => block['@type'] === 'BreadcrumbList');
	expect(lists).toHaveLength(1);
	expect(lists[0]!['@context']).toBe('https://schema.org');
	expect(lists[0]!.itemListElement).toEqual(
		trail.map(([name, path], index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name,
			item: `${origin}${path}`,
		})),
	);
}

describe('BreadcrumbList', () => {
	it('a platform page: Home > Platforms > the platform, beside its Product data', async () => {
		const platform = await createPlatform(roles.editor);
		const rater = await registerVerified(server);
		expect((await rater.client.post(`/api/platforms/${platform.id}/ratings`, { rating: 5 })).status).toBe(
			201,
		);
		await server.siteIdle();
		const blocks = await jsonLdBlocks(`/platforms/${platform.slug}`);
		expectTrail(blocks, [
			['Home', '/'],
			['Platforms', '/platforms'],
			[platform.name, `/platforms/${platform.slug}`],
		]);
		expect(blocks.find((block) => block['@type'] === 'Product')).toMatchObject({ name: platform.name });
	});

	it.each([
		['news', 'News', 'NewsArticle', 'Industry News'],
		['education', 'Education', 'Article', 'For Brands'],
	] as const)(
		'a %s article: Home > %s > the article, beside its Article data',
		async (kind, label, type, category) => {
			const title = `Breadcrumbs of a ${kind} article with "quotes" & </script>`;
			const created = await roles.editor.client.post(`/api/${kind}`, {
				title,
				excerpt: 'An excerpt',
				content: '# Body',
				category,
				isPublished: true,
			});
			expect(created.status, JSON.stringify(created.body)).toBe(201);
			await server.siteIdle();
			const blocks = await jsonLdBlocks(`/${kind}/${created.body.slug}`);
			expectTrail(blocks, [
				['Home', '/'],
				[label, `/${kind}`],
				[title, `/${kind}/${created.body.slug}`],
			]);
			expect(blocks.find((block) => block['@type'] === type)).toMatchObject({ headline: title });
		},
	);

	it('a newsletter issue: Home > Newsletter > the issue', async () => {
		const { newsletterIssues } = server.tables;
		const at = new Date(Date.now() - 60_000);
		const [issue] = await server.db
			.insert(newsletterIssues)
			.values({
				subject: 'Breadcrumb briefing',
				slug: testSlug('Breadcrumb briefing'),
				content: 'Body',
				status: 'sent',
				sendStartedAt: at,
				sentAt: at,
			})
			.returning({ id: newsletterIssues.id, slug: newsletterIssues.slug });
		const blocks = await jsonLdBlocks(`/newsletter/${issue!.slug}`);
		expectTrail(blocks, [
			['Home', '/'],
			['Newsletter', '/newsletter'],
			['Breadcrumb briefing', `/newsletter/${issue!.slug}`],
		]);
	});

	it('a podcast episode: Home > Podcast > the episode, beside its PodcastEpisode data', async () => {
		const created = await roles.editor.client.post(
			'/api/podcasts',
			episodeBody({ title: 'Breadcrumb episode' }),
		);
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		await server.siteIdle();
		const blocks = await jsonLdBlocks(`/podcast/${created.body.slug}`);
		expectTrail(blocks, [
			['Home', '/'],
			['Podcast', '/podcast'],
			['Breadcrumb episode', `/podcast/${created.body.slug}`],
		]);
		expect(blocks.find((block) => block['@type'] === 'PodcastEpisode')).toMatchObject({
			name: 'Breadcrumb episode',
		});
	});

	it('a comparison and an alternatives page: their trails through Compare and the platform', async () => {
		const first = await createPlatform(roles.editor, { name: 'Crumb Alpha Ads' });
		const second = await createPlatform(roles.editor, { name: 'Crumb Beta Ads' });
		await server.siteIdle();
		const vs = `/compare/${[first.slug, second.slug].sort().join('-vs-')}`;
		expectTrail(await jsonLdBlocks(vs), [
			['Home', '/'],
			['Compare', '/compare'],
			['Crumb Alpha Ads vs Crumb Beta Ads', vs],
		]);
		expectTrail(await jsonLdBlocks(`/platforms/${first.slug}/alternatives`), [
			['Home', '/'],
			['Platforms', '/platforms'],
			['Crumb Alpha Ads', `/platforms/${first.slug}`],
			['Alternatives', `/platforms/${first.slug}/alternatives`],
		]);
	});
});
