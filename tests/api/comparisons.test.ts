/**
 * Comparison pages (/compare/{a}-vs-{b}) and alternatives pages (/platforms/{slug}/alternatives):
 * canonical order and 301s, 404s, the marked table, the documented relevance order, generated
 * files for same-category pairs (in the sitemap), and the platform page's links to both.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alternativesPath, comparePath } from '@/lib/public-paths';
import type { TestServer } from '../support/server';
import { registerUser } from '../support/account-api';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { createPlatform, platformInput } from '../support/platform-fixtures';

let server: TestServer;
let roles: Roles;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });
const slugOf = async (id: number) => {
	const { platforms } = server.tables;
	const [row] = await server.db.select({ slug: platforms.slug }).from(platforms).where(eq(platforms.id, id));
	return row!.slug;
};
const generatedFile = (path: string) => join(server.dir, 'site', path.replace(/^\//, ''), 'index.html');

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
	const make = async (key: string, category: string, features: string[]) => {
		ids[key] = (
			await createPlatform(roles.editor, { name: `Cmp ${key} ${process.pid}`, category, features })
		).id;
		slugs[key] = await slugOf(ids[key]!);
	};
	await make('alpha', 'Video', ['CTV', 'Shoppable video']);
	await make('bravo', 'Video', ['CTV']);
	await make('charlie', 'Video', []);
	await make('delta', 'Display', ['CTV', 'Shoppable video']);
	await make('echo', 'Search', ['Keywords']);
	await make('foxtrot', 'Search', ['Keywords']);
	// Two readers reviewed both alpha and echo; one reviewed alpha and charlie.
	for (const [index, others] of [['echo'], ['echo', 'charlie']].entries()) {
		const reader = index === 0 ? roles.user : await registerUser(server);
		for (const key of ['alpha', ...others]) {
			const rated = await reader.client.post(`/api/platforms/${ids[key]}/ratings`, {
				rating: key === 'echo' ? 5 : 3,
				review: 'Worth a look for retail media.',
			});
			expect(rated.status, JSON.stringify(rated.body)).toBe(201);
		}
	}
	await server.siteIdle();
});

afterAll(async () => {
	await server?.stop();
});

describe('comparePath and the vs page', () => {
	it('answers the canonical (alphabetical) order with the page, titled "A vs B"', async () => {
		const path = comparePath([slugs.bravo!, slugs.alpha!]);
		expect(path).toBe(`/compare/${slugs.alpha}-vs-${slugs.bravo}`);
		const answer = await get(path);
		expect(answer.status).toBe(200);
		const html = await answer.text();
		expect(html).toContain(`<title>Cmp alpha ${process.pid} vs Cmp bravo ${process.pid} | `);
		expect(html).toContain(`<link rel="canonical" href="${server.url}${path}"`);
		// Links to both platforms, the ratings and review counts, and the table.
		expect(html).toContain(`href="/platforms/${slugs.alpha}"`);
		expect(html).toContain(`href="/platforms/${slugs.bravo}"`);
		expect(html).toMatch(/data-vs-reviews[^>]*>2 reviews</);
		expect(html).toContain('aria-label="Platform comparison"');
	});

	it('moves another order to the canonical address with a 301', async () => {
		const answer = await get(`/compare/${slugs.bravo}-vs-${slugs.alpha}`);
		expect(answer.status).toBe(301);
		expect(new URL(answer.headers.get('location')!, server.url).pathname).toBe(
			`/compare/${slugs.alpha}-vs-${slugs.bravo}`,
		);
	});

	it('compares three platforms, marking the rows that differ and not those that agree', async () => {
		const path = comparePath([slugs.charlie!, slugs.alpha!, slugs.bravo!]);
		const answer = await get(path);
		expect(answer.status).toBe(200);
		const html = await answer.text();
		expect(html).toContain(
			`Cmp alpha ${process.pid} vs Cmp bravo ${process.pid} vs Cmp charlie ${process.pid}`,
		);
		// All in Video (the same), with different features.
		expect(html).toMatch(/<tr[^>]*data-row="category"(?![^>]*data-differs)[^>]*>/);
		expect(html).toMatch(/<tr[^>]*data-row="features"[^>]*data-differs="true"/);
		expect(html.match(/Differs</g)?.length).toBeGreaterThan(0);
	});

	it.each([
		['an unknown platform', () => `/compare/${slugs.alpha}-vs-no-such-platform-${process.pid}`],
		['a repeated platform', () => `/compare/${slugs.alpha}-vs-${slugs.alpha}`],
		['one platform', () => `/compare/${slugs.alpha}`],
		[
			'more than four',
			() =>
				`/compare/${['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((key) => slugs[key]).join('-vs-')}`,
		],
	])('answers 404 for %s', async (_name, path) => {
		const answer = await get(path());
		expect(answer.status).toBe(404);
		expect(await answer.text()).toContain('Comparison not found');
	});

	it('generates same-category pairs as files listed in the sitemap; others render on request', async () => {
		const sameCategory = comparePath([slugs.alpha!, slugs.bravo!]);
		const otherCategories = comparePath([slugs.alpha!, slugs.delta!]);
		expect(existsSync(generatedFile(sameCategory))).toBe(true);
		expect(existsSync(generatedFile(otherCategories))).toBe(false);
		expect((await get(otherCategories)).status).toBe(200);
		const sitemap = await (await get('/sitemap.xml')).text();
		expect(sitemap).toContain(`<loc>${server.url}${sameCategory}</loc>`);
		expect(sitemap).not.toContain(`<loc>${server.url}${otherCategories}</loc>`);
		expect(sitemap).toContain(`<loc>${server.url}${alternativesPath(slugs.alpha!)}</loc>`);
	});

	it('regenerates a pair when a platform is rated', async () => {
		const path = comparePath([slugs.bravo!, slugs.charlie!]);
		expect(await (await get(path)).text()).toMatch(/data-vs-reviews[^>]*>0 reviews</);
		const rated = await roles.user.client.post(`/api/platforms/${ids.bravo}/ratings`, {
			rating: 4,
			review: 'Good video reach.',
		});
		expect(rated.status).toBe(201);
		await server.siteIdle();
		expect(await (await get(path)).text()).toMatch(/data-vs-reviews[^>]*>1 review</);
	});
});

describe('an earlier slug', () => {
	it('moves the vs and alternatives pages to the current slug in one hop', async () => {
		// Renamed in the database as the slug service does (current on the row, earlier in item_slugs),
		// then an editor's save announces the change.
		const { platforms, itemSlugs } = server.tables;
		const earlier = slugs.charlie!;
		const renamed = `renamed-${earlier}`;
		await server.db.update(platforms).set({ slug: renamed }).where(eq(platforms.id, ids.charlie!));
		await server.db.insert(itemSlugs).values({ kind: 'platform', slug: earlier, itemId: ids.charlie! });
		const saved = await roles.editor.client.put(
			`/api/admin/platforms/${ids.charlie}`,
			platformInput({ name: `Cmp charlie ${process.pid}`, category: 'Video', features: [] }),
		);
		expect(saved.status, JSON.stringify(saved.body)).toBe(200);
		await server.siteIdle();
		slugs.charlie = renamed;

		const old = await get(`/compare/${slugs.alpha}-vs-${earlier}`);
		expect(old.status).toBe(301);
		const location = new URL(old.headers.get('location')!, server.url).pathname;
		expect(location).toBe(comparePath([slugs.alpha!, renamed]));
		expect((await get(location)).status).toBe(200);
		expect(existsSync(generatedFile(location))).toBe(true);
		expect(existsSync(generatedFile(`/compare/${slugs.alpha}-vs-${earlier}`))).toBe(false);

		const alternatives = await get(alternativesPath(earlier));
		expect(alternatives.status).toBe(301);
		expect(new URL(alternatives.headers.get('location')!, server.url).pathname).toBe(
			alternativesPath(renamed),
		);
	});
});

describe('a deleted platform', () => {
	it('takes its generated comparisons with it: their files go and their addresses answer 404', async () => {
		const gone = await roles.editor.client.post(
			'/api/admin/platforms',
			platformInput({ category: 'Search' }),
		);
		expect(gone.status).toBe(201);
		const goneId = (gone.body as { id: number }).id;
		await server.siteIdle();
		const path = comparePath([slugs.foxtrot!, await slugOf(goneId)]);
		expect(existsSync(generatedFile(path))).toBe(true);
		expect((await roles.editor.client.delete(`/api/admin/platforms/${goneId}`)).status).toBe(200);
		await server.siteIdle();
		expect(existsSync(generatedFile(path))).toBe(false);
		expect((await get(path)).status).toBe(404);
	});
});

describe('the alternatives page', () => {
	const order = (html: string) =>
		[...html.matchAll(/data-alternative="([^"]+)"/g)]
			.map((match) => match[1])
			.filter((slug) => Object.values(slugs).includes(slug!));

	it('lists the same category first, then by shared features and shared readers, with links', async () => {
		const answer = await get(alternativesPath(slugs.alpha!));
		expect(answer.status).toBe(200);
		const html = await answer.text();
		expect(html).toContain(`<title>Cmp alpha ${process.pid} alternatives | `);
		// Video: charlie (0 features, 1 of 2 readers: 0.5) after bravo (1 of 2 features: 0.5, no
		// readers) on the tie by reviews (charlie 1, bravo 1 after its rating) then the name.
		// Then other categories: delta (2 of 2 features: 1) ties echo (2 of 2 readers: 1); echo
		// has more reviews. Foxtrot shares nothing and is left out.
		expect(order(html)).toEqual([slugs.bravo, slugs.charlie, slugs.echo, slugs.delta]);
		expect(html).toContain(`href="${comparePath([slugs.alpha!, slugs.echo!])}"`);
		expect(html).toContain(`href="/platforms/${slugs.echo}"`);
		expect(existsSync(generatedFile(alternativesPath(slugs.alpha!)))).toBe(true);
	});

	it('answers 404 for an unknown platform', async () => {
		expect((await get(alternativesPath(`no-such-platform-${process.pid}`))).status).toBe(404);
	});
});

describe('the platform page', () => {
	it('links to its most relevant comparisons and its alternatives page', async () => {
		const html = await (await get(`/platforms/${slugs.alpha}`)).text();
		expect(html).toContain('data-testid="platform-comparisons"');
		expect(html).toContain(`href="${comparePath([slugs.alpha!, slugs.bravo!])}"`);
		expect(html).toContain(`href="${comparePath([slugs.alpha!, slugs.echo!])}"`);
		expect(html).toContain(`href="${alternativesPath(slugs.alpha!)}"`);
		expect(html).not.toContain(`href="${comparePath([slugs.alpha!, slugs.foxtrot!])}"`);
	});

	it('the /compare selection links to its vs page', async () => {
		const html = await (await get(`/compare?platforms=${ids.bravo},${ids.alpha}`)).text();
		expect(html).toContain(`href="${comparePath([slugs.alpha!, slugs.bravo!])}"`);
	});
});
