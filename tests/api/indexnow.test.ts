/**
 * IndexNow: with INDEXNOW_KEY set, publishing an article or editing a platform POSTs its public
 * URL, once, to INDEXNOW_ENDPOINT in the protocol's JSON form; a draft's save sends nothing; a
 * failing endpoint (500, a closed port) is logged and never fails the save. The key file is
 * served at /{key}.txt, and nowhere without a key. Runs on both engines.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { createPlatform, platformInput } from '../support/platform-fixtures';
import { startIndexNowReceiver, type IndexNowReceiver } from '../support/indexnow-receiver';

const KEY = 'test-indexnow-key-0123456789';

let receiver: IndexNowReceiver;
let server: TestServer;
let roles: Roles;
let origin: string;

/** Waits without timing anything: a busy machine must not fail the test. */
const eventually = <T>(check: () => T) => vi.waitFor(check, { timeout: 30_000, interval: 50 });

beforeAll(async () => {
	receiver = await startIndexNowReceiver();
	server = await startContentServer({ env: { INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINT: receiver.url } });
	roles = await setUpRoles(server);
	origin = new URL(server.url).origin;
});

afterAll(async () => {
	await server?.stop();
	await receiver?.close();
});

const article = (overrides: Record<string, unknown> = {}) => ({
	title: 'An article search engines hear of',
	excerpt: 'An excerpt',
	content: '# Body',
	category: 'Industry News',
	isPublished: true,
	...overrides,
});

function expectPing(index: number, path: string): void {
	expect(receiver.pings[index]).toEqual({
		host: new URL(server.url).host,
		key: KEY,
		keyLocation: `${origin}/${KEY}.txt`,
		urlList: [`${origin}${path}`],
	});
}

describe('the key file', () => {
	it('is served at /{key}.txt as text/plain with the key as its body', async () => {
		const answer = await fetch(`${server.url}/${KEY}.txt`);
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
		expect(await answer.text()).toBe(KEY);
	});

	it('is the only such file: another name answers 404', async () => {
		expect((await fetch(`${server.url}/another-key-0123456789.txt`)).status).toBe(404);
		expect((await fetch(`${server.url}/robots.txt`)).status).toBe(200);
	});
});

describe('pings', () => {
	it('one per change: a published article, then an edited platform; a draft sends none', async () => {
		const draft = await roles.editor.client.post('/api/news', article({ isPublished: false }));
		expect(draft.status, JSON.stringify(draft.body)).toBe(201);

		const published = await roles.editor.client.post('/api/news', article());
		expect(published.status, JSON.stringify(published.body)).toBe(201);
		await eventually(() => expect(receiver.pings.length).toBeGreaterThanOrEqual(1));
		// The platform's creation is announced too; its edit is the change under test.
		const platform = await createPlatform(roles.editor);
		await eventually(() => expect(receiver.pings.length).toBeGreaterThanOrEqual(2));
		const edited = await roles.editor.client.put(
			`/api/admin/platforms/${platform.id}`,
			platformInput({ name: `${platform.name} renamed` }),
		);
		expect(edited.status, JSON.stringify(edited.body)).toBe(200);
		await eventually(() => expect(receiver.pings.length).toBeGreaterThanOrEqual(3));
		// Each ping goes out before the next change's, so a second one of a change would be here.
		await server.siteIdle();
		expect(receiver.pings).toHaveLength(3);
		expectPing(0, `/news/${published.body.slug}`);
		expectPing(1, `/platforms/${platform.slug}`);
		expectPing(2, `/platforms/${platform.slug}`);
	});

	it('a failing endpoint (500, then a closed port) is logged and never fails publishing', async () => {
		const before = receiver.pings.length;
		receiver.answerWith(500);
		const refused = await roles.editor.client.post('/api/education', article({ category: 'For Brands' }));
		expect(refused.status, JSON.stringify(refused.body)).toBe(201);
		await eventually(() => expect(receiver.pings.length).toBe(before + 1));
		await eventually(() => expect(server.logs()).toContain('IndexNow refused a ping'));

		await receiver.close();
		const unreachable = await roles.editor.client.post('/api/news', article({ title: 'Nobody listens' }));
		expect(unreachable.status, JSON.stringify(unreachable.body)).toBe(201);
		await eventually(() => expect(server.logs()).toContain('IndexNow ping failed'));
		expect((await fetch(`${server.url}/news/${unreachable.body.id}`)).status).toBe(200);
	});
});

describe('without INDEXNOW_KEY', () => {
	it('serves no key file', async () => {
		const plain = await startContentServer();
		try {
			expect((await fetch(`${plain.url}/${KEY}.txt`)).status).toBe(404);
		} finally {
			await plain.stop();
		}
	});
});
