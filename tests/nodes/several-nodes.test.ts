/**
 * Three app nodes on one PostgreSQL database behind nginx (the repository's deploy/nginx.conf).
 * nginx keeps public answers whatever cookies come and never a personal one.
 * The nodes start together against an empty database: one migrates and seeds, the others wait.
 * Then: a session works on every node, a publication reaches every node's pages and cached API
 * answers, nginx forwards every path with its own forwarding headers (a backslash path reaches no
 * API) and logs no token, page views sent to two nodes add up in one report, a scheduled article goes public on every node once, an image uploaded through one node is served by all (and cached by nginx), an image deleted through one node is gone from every node's kept answers and from nginx's cache, the sign-in limit holds across nodes, a stalled node holds no more than the request sent to it, and killing a node under load
 * loses neither a read nor an acknowledged write. Times are printed for the record, never asserted: the bench
 * reports them against the goals.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentCounts, DEMO_ACCOUNTS } from '../../scripts/seed/index';
import type { AppDatabase } from '@/server/db';
import { schema } from '@/server/db/postgres-connection';
import { newCredentials, TestClient } from '../support/account-api';
import { rawRequest } from '../support/http';
import { renameInDatabase, unfollowed } from '../support/addresses';
import type { Tables } from '../support/server';
import { episodeBody } from '../support/episode-fixtures';
import { mp3Audio, plainPng, uploadForm } from '../support/media-fixtures';
import { emptyPostgresDatabase, type TestPostgres } from '../support/postgres-databases';
import { freePort } from '../../scripts/shared/ports';
import { launchBrowser, newPage } from '../support/browser';
import { startIndexNowReceiver, type IndexNowReceiver } from '../support/indexnow-receiver';
import {
	killNode,
	startNginx,
	startNode,
	stopNode,
	type AppNode,
	type Nginx,
} from '../../scripts/shared/node-cluster';

let database: TestPostgres;
let nodes: AppNode[] = [];
let nginx: Nginx;
let dir: string;
let publicUrl: string;
let editor: TestClient;
/** Every node pings it (INDEXNOW_ENDPOINT) for the changes it makes. */
let indexNow: IndexNowReceiver;
const INDEXNOW_KEY = 'nodes-indexnow-key-0123456789';

const editorAccount = DEMO_ACCOUNTS.editor;

/** Waits without timing anything: a busy machine must not fail the test. */
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 30_000, interval: 50 });

async function getWithCookie(url: string, cookie: string): Promise<Response> {
	return fetch(url, { headers: { cookie } });
}

/** Reads a path through nginx to its end: the status and nginx's X-Cache-Status. */
async function throughNginx(path: string): Promise<{ status: number; cache: string | null }> {
	const answer = await fetch(`${nginx.url}${path}`);
	await answer.arrayBuffer();
	return { status: answer.status, cache: answer.headers.get('x-cache-status') };
}

/**
 * Waits until a node's first generation of every page has finished: three nodes generating side
 * by side may take past `eventually`'s 30 s on a shared, busy machine.
 */
async function firstGenerationDone(node: AppNode, cookie: string): Promise<void> {
	await vi.waitFor(
		async () => {
			const status = await (await getWithCookie(`${node.url}/api/admin/site-build`, cookie)).json();
			expect(status).toMatchObject({ running: false, queued: 0 });
			expect(status.lastSuccessAt).not.toBeNull();
		},
		{ timeout: 240_000, interval: 200 },
	);
}

beforeAll(async () => {
	database = await emptyPostgresDatabase();
	dir = mkdtempSync(join(tmpdir(), 'rmh-nodes-'));
	const nginxPort = await freePort();
	publicUrl = `http://127.0.0.1:${nginxPort}`;
	indexNow = await startIndexNowReceiver();
	const env = { INDEXNOW_KEY, INDEXNOW_ENDPOINT: indexNow.url, ANALYTICS_FLUSH_MS: '200' };
	nodes = await Promise.all(
		['node-a', 'node-b', 'node-c'].map((name) => startNode(name, database.url, publicUrl, dir, { env })),
	);
	nginx = await startNginx(
		nginxPort,
		nodes.map((node) => node.url),
	);
	editor = new TestClient(nodes[0]!.url);
	const signedIn = await editor.login(editorAccount.email, editorAccount.password);
	expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
	for (const node of nodes) await firstGenerationDone(node, editor.sessionCookie);
});

afterAll(async () => {
	for (const node of nodes) await stopNode(node);
	await nginx?.stop();
	await indexNow?.close();
	await database?.close();
	if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('three nodes starting together against one empty database', () => {
	it('migrate and seed it once', async () => {
		const counts = await contentCounts(database.db as unknown as AppDatabase);
		// The demo content once: a second seeding would double every count, or fail on the
		// demo accounts' unique e-mail addresses.
		const { users } = schema;
		const [demo] = await database.db
			.select({ n: count() })
			.from(users)
			.where(
				inArray(
					users.email,
					Object.values(DEMO_ACCOUNTS).map((account) => account.email),
				),
			);
		expect(Number(demo!.n)).toBe(Object.keys(DEMO_ACCOUNTS).length);
		expect(counts.platforms).toBeGreaterThan(0);
		expect(counts.articles).toBeGreaterThan(0);
		const migrations = await database.db.execute<{ n: number }>(
			sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
		);
		expect(migrations.rows[0]!.n).toBeGreaterThan(0);
		for (const node of nodes) expect(node.logs()).not.toMatch(/duplicate key|deadlock/i);
	});
});

describe('a session', () => {
	it('made on one node is valid on every node and through nginx', async () => {
		for (const url of [...nodes.map((node) => node.url), nginx.url]) {
			const answer = await getWithCookie(`${url}/api/user`, editor.sessionCookie);
			expect(answer.status, url).toBe(200);
			expect((await answer.json()).email).toBe(editorAccount.email);
		}
	});

	it('ended on one node is ended on every node', async () => {
		const visitor = new TestClient(nodes[1]!.url);
		const signedIn = await visitor.login(editorAccount.email, editorAccount.password);
		expect(signedIn.status).toBe(200);
		const cookie = visitor.sessionCookie;
		expect((await getWithCookie(`${nodes[2]!.url}/api/user`, cookie)).status).toBe(200);
		expect((await visitor.post('/api/logout')).status).toBeLessThan(300);
		for (const node of nodes) {
			expect((await getWithCookie(`${node.url}/api/user`, cookie)).status, node.name).toBe(401);
		}
	});
});

describe('an integration revoked through one node', () => {
	it('is refused at once by another node, both keys, however the key comes', async () => {
		const made = await editor.post('/api/admin/integrations', { name: 'A partner on every node' });
		expect(made.status, JSON.stringify(made.body)).toBe(201);
		const { id, contentKey, adminKey } = made.body as { id: number; contentKey: string; adminKey: string };
		const nodeB = nodes[1]!.url;
		const asks = [
			() => fetch(`${nodeB}/api/v1/platforms`, { headers: { authorization: `Bearer ${contentKey}` } }),
			() => fetch(`${nodeB}/api/v1/platforms?key=${contentKey}`),
			() => fetch(`${nodeB}/api/v1/platforms`, { headers: { authorization: `Bearer ${adminKey}` } }),
		];
		// Node B has answered the keys before the revoke, twice (anything it might keep, such as
		// the answers its host keeps per key, it has).
		for (const ask of asks) expect((await ask()).status).toBe(200);
		for (const ask of asks) expect((await ask()).status).toBe(200);
		expect((await editor.delete(`/api/admin/integrations/${id}`)).status).toBe(200);
		// Right after node A's answer, with no wait: nothing outlives the revoke on node B.
		for (const ask of asks) {
			const answer = await ask();
			expect(answer.status).toBe(401);
			expect((await answer.json()).message).toBe('This API key is not known: it may have been revoked.');
		}
	});
});

describe('page views counted by two nodes', () => {
	it('add up in one report, and a reader seen by both is one visitor (the daily salt is shared)', async () => {
		const CHROME =
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
		const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
		const path = `/news/nodes-${randomBytes(4).toString('hex')}`;
		const beacon = async (node: AppNode, userAgent: string) => {
			const answer = await fetch(`${node.url}/api/events`, {
				method: 'POST',
				headers: { 'content-type': 'text/plain', 'user-agent': userAgent },
				body: JSON.stringify({ name: 'pageview', path }),
			});
			expect(answer.status, node.name).toBe(202);
		};
		await beacon(nodes[0]!, CHROME);
		await beacon(nodes[0]!, CHROME);
		await beacon(nodes[1]!, CHROME);
		await beacon(nodes[1]!, FIREFOX);
		await eventually(async () => {
			const report = await (
				await getWithCookie(`${nodes[2]!.url}/api/admin/analytics?days=1`, editor.sessionCookie)
			).json();
			expect(report.pages.find((page: { path: string }) => page.path === path)).toEqual({
				path,
				pageviews: 4,
				visitors: 2,
			});
		});
	});
});

describe('an article published through one node', () => {
	it('shows on every node, in its generated pages and its cached API answers', async () => {
		const title = `Published across nodes ${Date.now()}`;
		// nginx holds the home page and the API list in its cache from before the publication.
		for (const path of ['/', '/api/news']) {
			await eventually(async () => {
				const answer = await fetch(`${nginx.url}${path}`);
				await answer.arrayBuffer();
				expect(answer.headers.get('x-cache-status'), path).toBe('HIT');
			});
		}
		// Every node holds the listing page and a cached API answer from before the publication.
		for (const node of nodes) {
			expect(await (await fetch(`${node.url}/news`)).text()).not.toContain(title);
			for (let read = 0; read < 3; read += 1) await fetch(`${node.url}/api/news`);
			const cached = await fetch(`${node.url}/api/news`);
			expect(cached.headers.get('x-cache'), node.name).toBe('hit');
		}
		const started = Date.now();
		const created = await editor.post('/api/news', {
			title,
			excerpt: 'Written on one node, read on all of them.',
			content: 'Body text.',
			category: 'Industry News',
			tags: ['nodes'],
			readTime: 3,
			isPublished: true,
		});
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const id = created.body.id as number;
		const visibleAfter: Record<string, number> = {};
		await Promise.all(
			nodes.map(async (node) => {
				await eventually(async () => {
					const list = (await (await fetch(`${node.url}/api/news`)).json()) as Array<{
						id: number;
					}>;
					expect(list.map((article) => article.id)).toContain(id);
					expect(await (await fetch(`${node.url}/news`)).text()).toContain(title);
					const page = await fetch(`${node.url}/news/${id}`);
					expect(page.status).toBe(200);
					expect(await page.text()).toContain(title);
				});
				visibleAfter[node.name] = Date.now() - started;
			}),
		);
		// Through nginx's cache: its copies expire after a second (s-maxage=1) and may be served a
		// second longer while revalidating, so the publication shows within about two seconds.
		await eventually(async () => {
			const list = (await (await fetch(`${nginx.url}/api/news`)).json()) as Array<{ id: number }>;
			expect(list.map((article) => article.id)).toContain(id);
			expect(await (await fetch(`${nginx.url}/`)).text()).toContain(title);
		});
		visibleAfter.nginx = Date.now() - started;
		console.log(`[nodes] published to visible (page and API) after ms: ${JSON.stringify(visibleAfter)}`);
	});
});

describe('a platform whose slug is renamed through one node', () => {
	it('moves on every node: the old addresses answer 301 to the new one in one hop, the new one 200', async () => {
		const [platform] = (await (await fetch(`${nodes[0]!.url}/api/platforms?limit=1`)).json()) as Array<
			Record<string, unknown> & { id: number; slug: string }
		>;
		const { id, slug: before, rating: _r, reviewCount: _c, isClaimed: _i, ...form } = platform!;
		// Every node serves the page at the old slug from its generated file.
		for (const node of nodes) {
			const page = await fetch(`${node.url}/platforms/${before}`);
			expect(page.status, node.name).toBe(200);
			expect(page.headers.get('etag'), node.name).toBeTruthy();
		}
		const after = `${before}-renamed`;
		// As an editor's save renames it (renameSlug in its transaction), then the save announces it.
		await renameInDatabase(
			database.db as unknown as AppDatabase,
			schema as unknown as Tables,
			'platform',
			id,
			before,
			after,
		);
		const saved = await editor.put(`/api/admin/platforms/${id}`, form);
		expect(saved.status, JSON.stringify(saved.body)).toBe(200);
		await Promise.all(
			nodes.map((node) =>
				eventually(async () => {
					for (const old of [before, String(id)]) {
						expect(await unfollowed(`${node.url}/platforms/${old}`), `${node.name} ${old}`).toEqual({
							status: 301,
							location: `/platforms/${after}`,
						});
					}
					expect((await unfollowed(`${node.url}/platforms/${after}`)).status, node.name).toBe(200);
				}),
			),
		);
	});
});

describe('a podcast episode published through one node', () => {
	it('shows on every node, in /podcast, the feed and the cached API list; as a draft on none', async () => {
		const title = `Episode across nodes ${Date.now()}`;
		for (const node of nodes) {
			for (let read = 0; read < 3; read += 1) await fetch(`${node.url}/api/podcasts`);
			expect((await fetch(`${node.url}/api/podcasts`)).headers.get('x-cache'), node.name).toBe('hit');
		}
		const body = {
			title,
			description: 'Recorded on one node, heard on all of them.',
			audioUrl: '/audio/episode-1.mp3',
			duration: 1,
			episodeNumber: 99,
			isPublished: false,
		};
		const created = await editor.post('/api/podcasts', body);
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const id = created.body.id as number;
		const published = await editor.put(`/api/podcasts/${id}`, { ...body, isPublished: true });
		expect(published.status, JSON.stringify(published.body)).toBe(200);
		await Promise.all(
			nodes.map((node) =>
				eventually(async () => {
					const list = (await (await fetch(`${node.url}/api/podcasts`)).json()) as Array<{ id: number }>;
					expect(list.map((episode) => episode.id)).toContain(id);
					expect(await (await fetch(`${node.url}/podcast`)).text()).toContain(title);
					expect(await (await fetch(`${node.url}/podcast/rss`)).text()).toContain(title);
				}),
			),
		);
		// Unpublished again: gone from every node.
		expect((await editor.put(`/api/podcasts/${id}`, body)).status).toBe(200);
		await Promise.all(
			nodes.map((node) =>
				eventually(async () => {
					const list = (await (await fetch(`${node.url}/api/podcasts`)).json()) as Array<{ id: number }>;
					expect(list.map((episode) => episode.id)).not.toContain(id);
					expect(await (await fetch(`${node.url}/podcast`)).text()).not.toContain(title);
					expect(await (await fetch(`${node.url}/podcast/rss`)).text()).not.toContain(title);
				}),
			),
		);
	});
});

describe("nginx's cache", () => {
	it('answers public reads whatever cookies come; the session skips it, to see its own writes', async () => {
		await eventually(async () => {
			const answer = await fetch(`${nginx.url}/api/platforms`);
			await answer.arrayBuffer();
			expect(answer.headers.get('x-cache-status')).toBe('HIT');
		});
		for (const cookie of ['_ga=GA1.2.1234567.1700000000', 'other=1', 'consent=yes; _ga=GA1.2.3.4']) {
			const answer = await getWithCookie(`${nginx.url}/api/platforms`, cookie);
			await answer.arrayBuffer();
			expect(answer.headers.get('x-cache-status'), cookie).toBe('HIT');
		}
		const signedIn = await getWithCookie(`${nginx.url}/api/platforms`, editor.sessionCookie);
		await signedIn.arrayBuffer();
		expect(signedIn.headers.get('x-cache-status')).toBe('BYPASS');
		// A public answer says so to everyone, signed in or not.
		expect(signedIn.headers.get('cache-control')).toMatch(/^public, /);
		const asset = (await (await fetch(`${nginx.url}/`)).text()).match(/\/_astro\/[\w.-]+\.(?:js|css)/)![0];
		await eventually(async () => {
			const answer = await getWithCookie(`${nginx.url}${asset}`, editor.sessionCookie);
			await answer.arrayBuffer();
			expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
			expect(answer.headers.get('x-cache-status')).toBe('HIT');
		});
	});

	it("never serves one user's personal answer to another, however the session cookie is spelled", async () => {
		const users = await Promise.all(
			[newCredentials(), newCredentials()].map(async (account) => {
				const client = new TestClient(nginx.url);
				expect((await client.post('/api/register', account)).status).toBe(201);
				return { account, client };
			}),
		);
		const platform = (await (await fetch(`${nginx.url}/api/platforms?limit=1`)).json())[0].id as number;
		for (let round = 0; round < 3; round += 1) {
			for (const { account, client } of users) {
				const token = client.sessionToken;
				for (const cookie of [`session=${token}`, `session =${token}`, `_ga=GA1.2.3.4;session= ${token}`]) {
					const user = await getWithCookie(`${nginx.url}/api/user`, cookie);
					expect(user.status, cookie).toBe(200);
					expect(user.headers.get('cache-control')).toBe('private, no-store');
					expect(user.headers.get('x-cache-status')).not.toBe('HIT');
					expect((await user.json()).email, cookie).toBe(account.email);
					const votes = await getWithCookie(`${nginx.url}/api/platforms/${platform}/my-votes`, cookie);
					expect(votes.status, cookie).toBe(200);
					expect(votes.headers.get('cache-control')).toBe('private, no-store');
					expect(votes.headers.get('x-cache-status')).not.toBe('HIT');
					await votes.arrayBuffer();
				}
			}
			// Nobody else gets what they were answered: an unrelated cookie meets the sign-in refusal.
			const other = await getWithCookie(`${nginx.url}/api/user`, '_ga=GA1.2.3.4');
			expect(other.status).toBe(401);
			expect(other.headers.get('x-cache-status')).not.toBe('HIT');
		}
	});

	it("never shows a signed-in reader another reader's answers (two browsers)", async () => {
		const browser = await launchBrowser();
		try {
			const readers = await Promise.all(
				[newCredentials(), newCredentials()].map(async (account) => {
					const { context, page } = await newPage(browser, nginx.url);
					const registered = await context.request.post('/api/register', { data: account });
					expect(registered.status()).toBe(201);
					return { account, context, page };
				}),
			);
			// Turn by turn, several times: each reader's /api/user and profile are their own.
			for (let round = 0; round < 3; round += 1) {
				for (const { account, context, page } of readers) {
					const user = await context.request.get('/api/user');
					expect(user.headers()['x-cache-status']).toBe('BYPASS');
					expect(await user.json()).toMatchObject({ email: account.email, username: account.username });
					const profile = await page.goto('/profile');
					expect(profile?.headers()['x-cache-status']).toBe('BYPASS');
					await expect.poll(() => page.getByTestId('profile-username').innerText()).toBe(account.username);
				}
			}
			for (const { context } of readers) await context.close();
		} finally {
			await browser.close();
		}
	});
});

describe('an article scheduled through one node', () => {
	it('goes public on every node at its time, not before, published by exactly one node', async () => {
		const at = new Date(Date.now() + 4_000);
		const title = `Scheduled across nodes ${Date.now()}`;
		const created = await editor.post('/api/news', {
			title,
			excerpt: 'Goes out by itself.',
			content: 'Body.',
			category: 'Market Analysis',
			imageUrl: '',
			tags: '',
			readTime: 3,
			isPublished: false,
			publishAt: at.toISOString(),
		});
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const id = created.body.id as number;
		for (const node of nodes) expect((await fetch(`${node.url}/api/news/${id}`)).status, node.name).toBe(404);
		for (const node of nodes) {
			await eventually(async () => {
				expect((await fetch(`${node.url}/news/${id}`)).status, node.name).toBe(200);
				expect(await (await fetch(`${node.url}/rss`)).text(), node.name).toContain(title);
			});
		}
		expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
		// Each node looks once a second; one of them published it, once.
		const published = nodes.flatMap((node) =>
			node
				.logs()
				.split('\n')
				.filter(
					(line) => line.includes('published a scheduled article') && line.includes(`"articleId":${id}`),
				),
		);
		expect(published).toHaveLength(1);
	});
});

describe('IndexNow', () => {
	it('gets one ping per change with three nodes: published on one, edited on another, scheduled', async () => {
		// Pings from earlier tests (a rename of the same platform) are not this test's.
		const earlierPings = indexNow.pings.length;
		const pingsOf = (path: string) =>
			indexNow.pings.slice(earlierPings).filter((ping) => ping.urlList.includes(`${publicUrl}${path}`));
		const article = (title: string, extra: Record<string, unknown> = {}) => ({
			title,
			excerpt: 'Announced once.',
			content: 'Body.',
			category: 'Industry News',
			isPublished: true,
			...extra,
		});
		// Published through node a.
		const published = await editor.post('/api/news', article(`Pinged once ${Date.now()}`));
		expect(published.status, JSON.stringify(published.body)).toBe(201);
		// A platform edited through node b.
		const onB = new TestClient(nodes[1]!.url);
		expect((await onB.login(editorAccount.email, editorAccount.password)).status).toBe(200);
		const platform = (await (await fetch(`${nodes[1]!.url}/api/platforms/1`)).json()) as Record<
			string,
			unknown
		>;
		const form = Object.fromEntries(
			[
				'name',
				'category',
				'pricing',
				'logo',
				'websiteUrl',
				'features',
				'pros',
				'cons',
				'isRecommended',
				'sortOrder',
			].map((field) => [field, platform[field]]),
		);
		const edited = await onB.put('/api/admin/platforms/1', {
			...form,
			description: `Edited on node b ${Date.now()}`,
		});
		expect(edited.status, JSON.stringify(edited.body)).toBe(200);
		// Published at its time by whichever node looks first (every node looks).
		const scheduled = await editor.post(
			'/api/news',
			article(`Scheduled ping ${Date.now()}`, {
				isPublished: false,
				publishAt: new Date(Date.now() + 2_000).toISOString(),
			}),
		);
		expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
		const paths = [
			`/news/${published.body.slug}`,
			`/platforms/${edited.body.slug}`,
			`/news/${scheduled.body.slug}`,
		];
		await eventually(async () => {
			for (const path of paths) expect(pingsOf(path).length, path).toBeGreaterThanOrEqual(1);
		});
		// One more change, pinged after those: a second ping of any of them would be in by now.
		const last = await editor.post('/api/news', article(`Last ping ${Date.now()}`));
		await eventually(async () => expect(pingsOf(`/news/${last.body.slug}`)).toHaveLength(1));
		for (const path of paths) {
			expect(pingsOf(path), path).toHaveLength(1);
			expect(pingsOf(path)[0]).toMatchObject({
				key: INDEXNOW_KEY,
				keyLocation: `${publicUrl}/${INDEXNOW_KEY}.txt`,
			});
		}
		const pingers = nodes.filter((node) => node.logs().includes('IndexNow pinged'));
		expect(pingers.length).toBeGreaterThanOrEqual(1);
	});
});

describe('an episode scheduled through one node', () => {
	it('goes public on every node at its time, not before, published by exactly one node', async () => {
		const at = new Date(Date.now() + 4_000);
		const title = `Episode scheduled across nodes ${Date.now()}`;
		const created = await editor.post(
			'/api/podcasts',
			episodeBody({ title, isPublished: false, publishAt: at.toISOString() }),
		);
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const id = created.body.id as number;
		for (const node of nodes)
			expect((await fetch(`${node.url}/api/podcasts/${id}`)).status, node.name).toBe(404);
		for (const node of nodes) {
			await eventually(async () => {
				expect((await fetch(`${node.url}/api/podcasts/${id}`)).status, node.name).toBe(200);
				expect(await (await fetch(`${node.url}/podcast/rss`)).text(), node.name).toContain(title);
			});
		}
		expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
		const published = nodes.flatMap((node) =>
			node
				.logs()
				.split('\n')
				.filter(
					(line) => line.includes('published a scheduled episode') && line.includes(`"episodeId":${id}`),
				),
		);
		expect(published).toHaveLength(1);
	});
});

describe('episode audio uploaded through nginx', () => {
	it('passes nginx whole (over its usual 2 MB) and is served by every node', async () => {
		const audio = mp3Audio(300);
		expect(audio.byteLength).toBeGreaterThan(2 * 1024 * 1024);
		const viaNginx = new TestClient(nginx.url);
		expect((await viaNginx.login(editorAccount.email, editorAccount.password)).status).toBe(200);
		const uploaded = await viaNginx.post('/api/admin/media/audio', audio);
		expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
		expect(uploaded.body).toMatchObject({ bytes: audio.byteLength, durationMinutes: 5 });
		for (const node of nodes) {
			const answer = await fetch(`${node.url}${uploaded.body.url}`, { headers: { range: 'bytes=0-99' } });
			expect(answer.status, node.name).toBe(206);
			expect((await answer.arrayBuffer()).byteLength).toBe(100);
		}
	});
});

describe('an image uploaded to the media library through one node', () => {
	it('is served at once by every node, and through nginx from its cache, ranges included', async () => {
		// Noise does not compress: a PNG of about 3 MB, over nginx's usual 2 MB body limit.
		const noise = randomBytes(1000 * 1000 * 3);
		const png = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
			.png()
			.toBuffer();
		expect(png.byteLength).toBeGreaterThan(2 * 1024 * 1024);
		const viaNginx = new TestClient(nginx.url);
		expect((await viaNginx.login(editorAccount.email, editorAccount.password)).status).toBe(200);
		const uploaded = await viaNginx.post(
			'/api/admin/media',
			uploadForm(png, { name: 'noise.png', type: 'image/png', alt: 'Noise' }),
		);
		expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
		const url: string = uploaded.body.url;
		const bytes: number[] = [];
		for (const node of nodes) {
			const answer = await fetch(`${node.url}${url}`);
			expect(answer.status, node.name).toBe(200);
			bytes.push((await answer.arrayBuffer()).byteLength);
		}
		expect(new Set(bytes).size).toBe(1);
		const first = await fetch(`${nginx.url}${url}`);
		await first.arrayBuffer();
		expect(first.headers.get('cache-control')).toBe('public, max-age=86400, s-maxage=1');
		await eventually(async () => expect((await throughNginx(url)).cache).toBe('HIT'));
		const part = await fetch(`${nginx.url}${url}`, { headers: { range: 'bytes=100-199' } });
		expect(part.status).toBe(206);
		expect((await part.arrayBuffer()).byteLength).toBe(100);
	});
});

describe('an image deleted through one node', () => {
	it("is gone at once from every node's kept answers, and from nginx's cache within seconds", async () => {
		const uploaded = await editor.post(
			'/api/admin/media',
			uploadForm(await plainPng(90, 60), { name: 'gone.png', type: 'image/png', alt: 'Soon gone' }),
		);
		expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
		const url: string = uploaded.body.url;
		// Nodes A and B keep the file in memory (kept answers live an hour in this test, so only
		// the delete's change can make them answer anew).
		for (const node of nodes.slice(0, 2)) {
			await eventually(async () => {
				const answer = await fetch(`${node.url}${url}`);
				await answer.arrayBuffer();
				expect(answer.status, node.name).toBe(200);
				expect(answer.headers.get('x-cache'), node.name).toBe('hit');
				// Kept with its validator, so nginx can revalidate a copy a node served from memory.
				expect(answer.headers.get('etag'), node.name).toBe(`"${url.slice('/media/'.length)}"`);
			});
		}
		// nginx keeps it, and a second later asks a node again with the ETag: a 304, no bytes.
		await eventually(async () => expect((await throughNginx(url)).cache).toBe('HIT'));
		await eventually(async () =>
			expect(await throughNginx(url)).toEqual({ status: 200, cache: 'REVALIDATED' }),
		);
		await eventually(async () => expect((await throughNginx(url)).cache).toBe('HIT'));

		const started = Date.now();
		const deleted = await editor.delete(`/api/admin/media/${uploaded.body.id}`);
		expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
		// The node that deleted it stops serving it before its answer goes out.
		expect((await fetch(`${nodes[0]!.url}${url}`)).status).toBe(404);
		const goneAfter: Record<string, number> = {};
		await Promise.all(
			[...nodes.slice(1), { name: 'nginx', url: nginx.url }].map(async (reader) => {
				await eventually(async () => {
					const answer = await fetch(`${reader.url}${url}`);
					await answer.arrayBuffer();
					expect(answer.status, reader.name).toBe(404);
				});
				goneAfter[reader.name] = Date.now() - started;
			}),
		);
		console.log(`[nodes] deleted image gone after ms: ${JSON.stringify(goneAfter)}`);
		// And stays gone: no node and no cached copy brings it back.
		for (const reader of [...nodes, nginx]) {
			expect((await fetch(`${reader.url}${url}`)).status, reader.url).toBe(404);
		}
	});
});

describe('nginx in front (deploy/nginx.conf)', () => {
	it('keeps one copy of a library file whatever name of the site is asked, and answers no other Host', async () => {
		const uploaded = await editor.post(
			'/api/admin/media',
			uploadForm(await plainPng(64, 48), { name: 'hosts.png', type: 'image/png', alt: 'Hosts' }),
		);
		expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
		const path: string = uploaded.body.url;
		const { port } = new URL(nginx.url);
		// The first request fills the cache under the site's first name...
		const first = await rawRequest(nginx.url, 'GET', path, { headers: { host: `127.0.0.1:${port}` } });
		expect(first.status).toBe(200);
		expect(first.headers['x-cache-status']).toBe('MISS');
		await eventually(async () => {
			const kept = await rawRequest(nginx.url, 'GET', path, { headers: { host: `127.0.0.1:${port}` } });
			expect(kept.headers['x-cache-status']).toBe('HIT');
		});
		// ...and the site's other name, and other spellings of the first, find that copy at once.
		for (const host of [`localhost:${port}`, 'LOCALHOST', '127.0.0.1']) {
			const again = await rawRequest(nginx.url, 'GET', path, { headers: { host } });
			expect(again.status, host).toBe(200);
			expect(again.headers['x-cache-status'], host).toBe('HIT');
			expect(again.body.equals(first.body), host).toBe(true);
		}
		// A Host that is none of the site's names gets no answer: 444 closes the connection. Each
		// would otherwise have been a miss of its own, sent to a node.
		for (const host of ['made-up.example', `made-up-${Date.now()}.example:${port}`, '10.0.0.1']) {
			await expect(rawRequest(nginx.url, 'GET', path, { headers: { host } }), host).rejects.toThrow(
				/socket hang up|ECONNRESET/,
			);
		}
		await expect(rawRequest(nginx.url, 'GET', '/', { headers: { host: 'made-up.example' } })).rejects.toThrow(
			/socket hang up|ECONNRESET/,
		);
	});

	it('keeps one copy of a page and of a build file whatever name of the site is asked', async () => {
		const { port } = new URL(nginx.url);
		const page = await rawRequest(nginx.url, 'GET', '/about', { headers: { host: `127.0.0.1:${port}` } });
		expect(page.status).toBe(200);
		const buildFile = page.body.toString().match(/\/_astro\/[\w.-]+\.(?:css|js)/)?.[0];
		expect(buildFile, 'the page links a build file').toBeDefined();
		for (const path of ['/about', buildFile!]) {
			// Kept under the site's first name...
			await eventually(async () => {
				const kept = await rawRequest(nginx.url, 'GET', path, { headers: { host: `127.0.0.1:${port}` } });
				expect(kept.headers['x-cache-status'], path).toBe('HIT');
			});
			// ...and found under its other name at once: the nodes write SITE_URL, not the Host, into
			// what they send, so one copy serves every name (and a second name is no second miss).
			const other = await rawRequest(nginx.url, 'GET', path, { headers: { host: `localhost:${port}` } });
			expect(other.status, path).toBe(200);
			expect(other.headers['x-cache-status'], path).toBe('HIT');
		}
	});

	it('routes no backslash path to the API, and the sign-in limit holds whatever the client claims', async () => {
		const account = newCredentials();
		expect((await new TestClient(nodes[0]!.url).post('/api/register', account)).status).toBe(201);
		const login = (attempt: number) => JSON.stringify({ email: account.email, password: `wrong-${attempt}` });
		const statuses: number[] = [];
		for (let attempt = 0; attempt < 8; attempt += 1) {
			// Each try claims another address and a request id of its own choosing.
			const claims = {
				'content-type': 'application/json',
				'x-forwarded-for': `198.51.100.${attempt + 1}`,
				'x-request-id': `chosen-by-the-client-${attempt}`,
			};
			// nginx does not read `\` as a separator: these fall into its /_astro/ location.
			for (const target of ['/_astro/..\\api\\login', '/_astro/..%5Capi%5Clogin', '/api\\login']) {
				const answer = await rawRequest(nginx.url, 'POST', target, { body: login(attempt), headers: claims });
				expect([400, 403], `${target}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(
					answer.status,
				);
			}
			for (const target of ['/_astro/..\\api\\user', '/_astro/..%5Capi%5Cuser']) {
				const answer = await rawRequest(nginx.url, 'GET', target, { headers: claims });
				expect(answer.status, target).toBe(400);
				expect(answer.headers['x-request-id']).not.toBe(claims['x-request-id']);
			}
			const answer = await fetch(`${nginx.url}/api/login`, {
				method: 'POST',
				headers: claims,
				body: login(attempt),
			});
			statuses.push(answer.status);
		}
		// One client (nginx says where it came from): five wrong passwords, then 429.
		expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
	});

	it("sets the forwarding headers in every location, replacing a client's own", async () => {
		const asset = (await (await fetch(`${nginx.url}/`)).text()).match(/\/_astro\/[\w.-]+\.(?:js|css)/)![0];
		const claims = {
			'x-forwarded-for': '127.0.0.1',
			'x-forwarded-proto': 'https',
			'x-request-id': 'chosen-by-the-client-1',
		};
		// A query of its own per request: nginx's cache cannot answer with an earlier request's id.
		const fresh = Date.now();
		for (const path of [
			`${asset}?fresh=${fresh}`,
			`/news?fresh=${fresh}`,
			'/api/user',
			'/api/admin/media',
			`/media/${fresh.toString(16).padStart(32, '0')}.png`,
			`/no/such/page?fresh=${fresh}`,
		]) {
			const answer = await fetch(`${nginx.url}${path}`, { headers: claims });
			await answer.arrayBuffer();
			// nginx's $request_id (32 hex digits), which its access log names too.
			const id = answer.headers.get('x-request-id');
			expect(id, path).toMatch(/^[0-9a-f]{32}$/);
			await eventually(async () => expect(nginx.accessLog()).toContain(id!));
			// X-Forwarded-Proto is nginx's ($scheme, http here): no HSTS over plain HTTP.
			expect(answer.headers.get('strict-transport-security'), path).toBeNull();
		}
	});

	it('keeps tokens out of its access log and its cache', async () => {
		const secret = (name: string) => `${name}Secret${Date.now()}x${Math.random().toString(36).slice(2)}`;
		const secrets: string[] = [];
		for (const path of ['/reset-password', '/verify-email', '/newsletter/confirm', '/unsubscribe']) {
			const token = secret('query');
			const referred = secret('referer');
			secrets.push(token, referred);
			for (let read = 0; read < 2; read += 1) {
				const answer = await fetch(`${nginx.url}${path}?token=${token}`, {
					headers: { referer: `${publicUrl}/unsubscribe?token=${referred}` },
				});
				await answer.arrayBuffer();
				expect(answer.headers.get('cache-control'), path).toBe('private, no-store');
				// Never kept, so never answered from nginx's cache.
				expect(answer.headers.get('x-cache-status'), path).not.toBe('HIT');
			}
		}
		const log = nginx.accessLog();
		expect(log).toContain('"GET /reset-password HTTP/1.1"');
		expect(log).toContain(`"${publicUrl}/unsubscribe"`);
		for (const token of secrets) expect(log).not.toContain(token);
		expect(log).not.toContain('?token=');
	});
});

describe('the sign-in limit', () => {
	it('holds for wrong passwords spread over the nodes', async () => {
		const account = newCredentials();
		const registering = new TestClient(nodes[0]!.url);
		expect((await registering.post('/api/register', account)).status).toBe(201);
		// One client address (forwarded, as nginx would), each try on the next node.
		const address = '203.0.113.77';
		const statuses: number[] = [];
		for (let attempt = 0; attempt < 12; attempt += 1) {
			const node = nodes[attempt % nodes.length]!;
			const answer = await fetch(`${node.url}/api/login`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
				body: JSON.stringify({ email: account.email, password: `wrong-${attempt}` }),
			});
			statuses.push(answer.status);
		}
		// Five wrong passwords per account and client in all, not five per node.
		expect(statuses).toEqual([401, 401, 401, 401, 401, ...Array(7).fill(429)]);
	});
});

/**
 * Readers going round `paths` through nginx until stopped: how many answered 200, and every
 * other answer or network error.
 */
function readThroughNginx(lanes: number, paths: string[], headers: Record<string, string> = {}) {
	const load = {
		answered: 0,
		failures: [] as string[],
		/** When each read that ended in a network error (not an answer) had started. */
		cutReadsStartedAt: [] as number[],
		stopped: false,
	};
	const reader = async (offset: number) => {
		for (let index = offset; !load.stopped; index += 1) {
			const path = paths[index % paths.length]!;
			const startedAt = Date.now();
			try {
				const answer = await fetch(`${nginx.url}${path}`, { headers });
				await answer.arrayBuffer();
				if (answer.status === 200) load.answered += 1;
				else load.failures.push(`${path}: ${answer.status}`);
			} catch (error) {
				load.failures.push(`${path}: ${String(error)}`);
				load.cutReadsStartedAt.push(startedAt);
			}
		}
	};
	const readers = Array.from({ length: lanes }, (_, offset) => reader(offset));
	return Object.assign(load, {
		async stop() {
			load.stopped = true;
			await Promise.all(readers);
		},
	});
}

describe('a node that stalls', () => {
	it('holds at most the request already sent to it; nginx sends the next ones to the others', async () => {
		const stalled = nodes[1]!;
		// A stopped process accepts connections (the kernel does) but answers nothing, as a node
		// in a long pause would: only the requests sent to it wait.
		process.kill(stalled.process.pid!, 'SIGSTOP');
		let waiting = 0;
		try {
			for (let read = 0; read < 20; read += 1) {
				try {
					const answer = await fetch(`${nginx.url}/api/user`, {
						headers: { cookie: editor.sessionCookie },
						signal: AbortSignal.timeout(3_000),
					});
					expect(answer.status).toBe(200);
				} catch (error) {
					if ((error as Error).name !== 'TimeoutError') throw error;
					waiting += 1;
				}
			}
		} finally {
			process.kill(stalled.process.pid!, 'SIGCONT');
		}
		expect(waiting).toBeLessThanOrEqual(1);
		console.log(`[nodes] 20 signed-in reads through nginx while node-b stalled: ${waiting} waited on it`);
	}, 120_000);
});

describe('a rolling restart under load', () => {
	it('of the three nodes in turn (SIGTERM, start again) loses no request through nginx', async () => {
		const paths = ['/api/platforms', '/news', '/api/news', '/platforms', '/api/user'];
		const reads = readThroughNginx(6, paths, { cookie: editor.sessionCookie });
		const failures: string[] = [];
		let written = 0;
		let stop = false;
		const writer = async (lane: number) => {
			for (let index = 0; !stop; index += 1) {
				try {
					const answer = await fetch(`${nginx.url}/api/news`, {
						method: 'POST',
						headers: { 'content-type': 'application/json', cookie: editor.sessionCookie, origin: publicUrl },
						body: JSON.stringify({
							title: `Written during a rolling restart ${lane}-${index}-${Date.now()}`,
							excerpt: 'Nodes come and go; writes stay.',
							content: 'Body.',
							category: 'Industry News',
							tags: [],
							readTime: 2,
							isPublished: false,
						}),
					});
					await answer.arrayBuffer();
					if (answer.status === 201) written += 1;
					else failures.push(`POST /api/news: ${answer.status}`);
				} catch (error) {
					failures.push(`POST /api/news: ${String(error)}`);
				}
			}
		};
		const writers = Array.from({ length: 2 }, (_, lane) => writer(lane));
		const exitCodes: Array<number | null> = [];
		const stopped: AppNode[] = [];
		try {
			await eventually(async () => expect(reads.answered).toBeGreaterThan(100));
			for (const [index, node] of nodes.entries()) {
				// The README's recipe: stop the node (SIGTERM: it finishes what it answers), start it
				// again on its port, wait until /readyz answers 200, then the next one.
				exitCodes.push(await stopNode(node));
				stopped.push(node);
				nodes[index] = await startNode(node.name, database.url, publicUrl, dir, { port: node.port });
				// Load goes on through the restarted node's first generation (slow on a busy machine).
				const before = reads.answered;
				await vi.waitFor(async () => expect(reads.answered).toBeGreaterThan(before + 50), {
					timeout: 120_000,
					interval: 50,
				});
			}
		} catch (error) {
			// What the load saw, and what the nodes said, explain a stall better than a count.
			const stopLines = [...stopped, ...nodes].map(
				(node) =>
					`${node.name}:\n${node
						.logs()
						.split('\n')
						.filter((line) => /"subject":"stop"|error/i.test(line))
						.slice(-12)
						.join('\n')}`,
			);
			throw new Error(
				`${String(error)}\nfailures (${reads.failures.length + failures.length}): ${[...reads.failures, ...failures].slice(0, 10).join('; ')}\n${stopLines.join('\n')}\nnginx:\n${nginx.logs().slice(-3000)}`,
			);
		} finally {
			stop = true;
			await Promise.all([reads.stop(), ...writers]);
		}
		expect(exitCodes).toEqual([0, 0, 0]);
		expect([...reads.failures, ...failures]).toEqual([]);
		console.log(
			`[nodes] rolling restart of ${nodes.length} nodes: ${reads.answered} reads and ${written} writes through nginx, none failed`,
		);
	}, 600_000);
});

describe('a node killed under load', () => {
	it('loses no read through nginx', async () => {
		const reads = readThroughNginx(8, ['/api/platforms', '/news', '/api/news', '/platforms']);
		await eventually(async () => expect(reads.answered).toBeGreaterThan(200));
		const killedAt = Date.now();
		await killNode(nodes[1]!);
		const atKill = reads.answered;
		await eventually(async () => expect(reads.answered).toBeGreaterThan(atKill + 400));
		await reads.stop();
		// nginx retries a read on another node when the killed one refused or reset it before
		// answering. A read whose answer had begun to flow when the process died cannot be
		// retried (its status and part of its body are already on the way), so the client sees
		// the connection cut: only a read already in flight at the kill, at most one per lane.
		const inFlightAtKill = reads.cutReadsStartedAt.filter((startedAt) => startedAt <= killedAt + 1_000);
		expect(reads.failures.filter((failure) => !failure.endsWith('TypeError: fetch failed'))).toEqual([]);
		expect(inFlightAtKill).toHaveLength(reads.cutReadsStartedAt.length);
		expect(reads.cutReadsStartedAt.length).toBeLessThanOrEqual(8);
		console.log(
			`[nodes] ${reads.answered} reads through nginx, node-b killed after ${atKill}: ` +
				`${reads.cutReadsStartedAt.length} cut mid-answer, none lost otherwise`,
		);
	});

	it('keeps every write it acknowledged', async () => {
		const acknowledged = new Map<number, string>();
		const refused: string[] = [];
		let stop = false;
		let sent = 0;
		const writer = async (lane: number) => {
			for (let index = 0; !stop; index += 1) {
				const title = `Written while a node dies ${lane}-${index}-${Date.now()}`;
				sent += 1;
				try {
					const answer = await fetch(`${nginx.url}/api/news`, {
						method: 'POST',
						headers: { 'content-type': 'application/json', cookie: editor.sessionCookie },
						body: JSON.stringify({
							title,
							excerpt: 'Acknowledged writes survive a node.',
							content: 'Body.',
							category: 'Industry News',
							tags: [],
							readTime: 2,
							isPublished: false,
						}),
					});
					const body = await answer.json();
					if (answer.status === 201) acknowledged.set(body.id, title);
					else refused.push(`${answer.status} ${JSON.stringify(body)}`);
				} catch (error) {
					refused.push(String(error));
				}
			}
		};
		const writers = Array.from({ length: 4 }, (_, lane) => writer(lane));
		await eventually(async () => expect(acknowledged.size).toBeGreaterThan(20));
		await killNode(nodes[2]!);
		const atKill = acknowledged.size;
		await eventually(async () => expect(acknowledged.size).toBeGreaterThan(atKill + 40));
		stop = true;
		await Promise.all(writers);
		const { articles } = schema;
		const stored = await database.db
			.select({ id: articles.id, title: articles.title })
			.from(articles)
			.where(inArray(articles.id, [...acknowledged.keys()]));
		expect(new Map(stored.map((row) => [row.id, row.title]))).toEqual(acknowledged);
		// A write in flight on the killed node may be refused (502); never more than the lanes.
		expect(refused.length).toBeLessThanOrEqual(4);
		console.log(
			`[nodes] ${sent} writes sent, ${acknowledged.size} acknowledged and all stored, ` +
				`${refused.length} refused while node-c died`,
		);
	});
});
