/**
 * Webhooks: editors subscribe a URL to events (the secret shown once, in Standard Webhooks'
 * whsec_ form); a published article reaches a real receiver signed so that standardwebhooks'
 * Webhook.verify accepts it; a 500 is tried again with the same webhook-id; a 410 turns the
 * webhook off; private addresses are refused unless WEBHOOK_ALLOW_PRIVATE=1 (the receivers here
 * listen on 127.0.0.1, so the delivering server allows them). Runs on both engines.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { registerUser } from '../support/account-api';
import { episodeBody } from '../support/episode-fixtures';
import { createPlatform, platformInput } from '../support/platform-fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const INTERNAL =
	'The webhook URL points to a private, loopback or link-local address; give a public address.';

let receiver: WebhookReceiver;
/** Allows private receivers (WEBHOOK_ALLOW_PRIVATE=1) and retries after 50 ms. */
let server: TestServer;
let roles: Roles;
/** The default settings: private addresses refused. */
let strict: TestServer;
let strictRoles: Roles;

/** Waits without timing anything: a busy machine must not fail the test. */
const eventually = <T>(check: () => T) => vi.waitFor(check, { timeout: 30_000, interval: 50 });

beforeAll(async () => {
	receiver = await startWebhookReceiver();
	server = await startContentServer({
		env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '50', NEWSLETTER_POLL_MS: '100' },
	});
	roles = await setUpRoles(server);
	strict = await startContentServer();
	strictRoles = await setUpRoles(strict);
});

afterAll(async () => {
	await server?.stop();
	await strict?.stop();
	await receiver?.close();
});

const article = (title: string) => ({
	title,
	excerpt: 'An excerpt',
	content: '# Body',
	category: 'Industry News',
	isPublished: true,
});

type Created = { id: number; url: string; events: string[]; active: boolean; secret: string };

async function subscribe(path: string, events: string[]): Promise<Created> {
	const answer = await roles.editor.client.post('/api/admin/webhooks', { url: receiver.url(path), events });
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return answer.body as Created;
}

async function listed(id: number) {
	const answer = await roles.editor.client.get('/api/admin/webhooks');
	expect(answer.status).toBe(200);
	return (answer.body as { id: number }[]).find((webhook) => webhook.id === id) as
		| { id: number; active: boolean; events: string[]; lastDelivery: { statusCode: number | null } | null }
		| undefined;
}

describe('subscribing', () => {
	it('is for editors only', async () => {
		const body = { url: 'https://203.0.114.1/hook', events: ['article.published'] };
		expect((await roles.anonymous.post('/api/admin/webhooks', body)).status).toBe(401);
		expect((await roles.user.client.post('/api/admin/webhooks', body)).status).toBe(403);
		expect((await roles.user.client.get('/api/admin/webhooks')).status).toBe(403);
	});

	it('answers the secret once, in whsec_ form; the list shows events and state, never the secret', async () => {
		const created = await subscribe('/listed', ['article.published', 'review.created']);
		expect(created).toMatchObject({
			url: receiver.url('/listed'),
			events: ['article.published', 'review.created'],
			active: true,
		});
		expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
		const list = await roles.editor.client.get('/api/admin/webhooks');
		expect(JSON.stringify(list.body)).not.toContain(created.secret);
		expect(await listed(created.id)).toMatchObject({
			active: true,
			events: ['article.published', 'review.created'],
			lastDelivery: null,
		});
		expect((await roles.editor.client.delete(`/api/admin/webhooks/${created.id}`)).status).toBe(200);
		expect(await listed(created.id)).toBeUndefined();
		expect((await roles.editor.client.get(`/api/admin/webhooks/${created.id}/deliveries`)).status).toBe(404);
	});

	it.each([
		['ftp://203.0.114.1/hook', 'The webhook URL must start with http:// or https://.'],
		['not a url', 'The webhook URL is not a valid URL.'],
	])('refuses %s with a sentence', async (url, message) => {
		const answer = await roles.editor.client.post('/api/admin/webhooks', {
			url,
			events: ['article.published'],
		});
		expect(answer.status).toBe(400);
		expect(answer.body.message).toBe(message);
	});

	it('refuses an unknown event', async () => {
		const answer = await roles.editor.client.post('/api/admin/webhooks', {
			url: 'https://203.0.114.1/hook',
			events: ['article.deleted'],
		});
		expect(answer.status).toBe(400);
		expect(typeof answer.body.message).toBe('string');
	});

	it.each([
		'http://127.0.0.1:9/hook',
		'http://10.1.2.3/hook',
		'http://192.168.0.10/hook',
		'http://169.254.169.254/latest/meta-data',
		'http://[::1]/hook',
		'http://[fe80::1]/hook',
		'http://[::ffff:127.0.0.1]/hook',
		'http://localhost/hook',
	])('refuses the private, loopback or link-local %s by default', async (url) => {
		const answer = await strictRoles.editor.client.post('/api/admin/webhooks', {
			url,
			events: ['article.published'],
		});
		expect(answer.status).toBe(400);
		expect(answer.body.message).toBe(INTERNAL);
	});

	it('takes a public address by default', async () => {
		const answer = await strictRoles.editor.client.post('/api/admin/webhooks', {
			url: 'https://203.0.114.1/hook',
			events: ['newsletter.sent'],
		});
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		await strictRoles.editor.client.delete(`/api/admin/webhooks/${answer.body.id}`);
	});

	it('takes a loopback receiver with WEBHOOK_ALLOW_PRIVATE=1', async () => {
		const created = await subscribe('/allowed', ['newsletter.sent']);
		expect(created.url).toBe(receiver.url('/allowed'));
		await roles.editor.client.delete(`/api/admin/webhooks/${created.id}`);
	});
});

describe('delivery', () => {
	it('signs a published article so that standardwebhooks verifies it', async () => {
		const hook = await subscribe('/signed', ['article.published']);
		const published = await roles.editor.client.post('/api/news', article('An article partners hear of'));
		expect(published.status, JSON.stringify(published.body)).toBe(201);
		await eventually(() => expect(receiver.received('/signed')).toHaveLength(1));
		const [message] = receiver.received('/signed');
		const headers = message!.headers as Record<string, string>;
		expect(headers['webhook-id']).toMatch(/^msg_/);
		expect(headers['webhook-signature']).toMatch(/^v1,/);
		const verified = new Webhook(hook.secret).verify(message!.body, headers);
		expect(verified).toEqual({
			type: 'article.published',
			timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			data: {
				id: published.body.id,
				kind: 'news',
				slug: published.body.slug,
				title: 'An article partners hear of',
				url: `${new URL(server.url).origin}/news/${published.body.slug}`,
			},
		});
		// Another secret, or a changed body, fails the check.
		const other = (await subscribe('/other', ['newsletter.sent'])).secret;
		expect(() => new Webhook(other).verify(message!.body, headers)).toThrow();
		expect(() => new Webhook(hook.secret).verify(`${message!.body} `, headers)).toThrow();
		// A draft is nobody's business outside.
		await roles.editor.client.post('/api/news', { ...article('A draft'), isPublished: false });
		const tries = await roles.editor.client.get(`/api/admin/webhooks/${hook.id}/deliveries`);
		expect(tries.body).toEqual([
			expect.objectContaining({
				attempt: 1,
				statusCode: 200,
				deliveryStatus: 'delivered',
				type: 'article.published',
			}),
		]);
		expect(receiver.received('/signed')).toHaveLength(1);
	});

	it('tries again after a 500 with the same webhook-id, and lists both tries', async () => {
		const hook = await subscribe('/flaky', ['platform.updated']);
		receiver.answerWith('/flaky', 500);
		const platform = await createPlatform(roles.editor);
		const edited = await roles.editor.client.put(
			`/api/admin/platforms/${platform.id}`,
			platformInput({ name: `${platform.name} renamed` }),
		);
		expect(edited.status, JSON.stringify(edited.body)).toBe(200);
		await eventually(() => expect(receiver.received('/flaky')).toHaveLength(2));
		const [first, second] = receiver.received('/flaky');
		expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
		expect(second!.body).toBe(first!.body);
		expect(JSON.parse(second!.body)).toMatchObject({
			type: 'platform.updated',
			data: { id: platform.id, name: `${platform.name} renamed` },
		});
		await eventually(async () => {
			const tries = await roles.editor.client.get(`/api/admin/webhooks/${hook.id}/deliveries`);
			expect(tries.body).toEqual([
				expect.objectContaining({ attempt: 2, statusCode: 200, deliveryStatus: 'delivered' }),
				expect.objectContaining({ attempt: 1, statusCode: 500, deliveryStatus: 'delivered' }),
			]);
		});
		expect(await listed(hook.id)).toMatchObject({ active: true, lastDelivery: { statusCode: 200 } });
	});

	it('tries again after a network error (the connection reset) with the same webhook-id', async () => {
		const hook = await subscribe('/reset', ['article.published']);
		receiver.answerWith('/reset', 'reset');
		const published = await roles.editor.client.post('/api/news', article('An article for a reset receiver'));
		expect(published.status, JSON.stringify(published.body)).toBe(201);
		await eventually(() => expect(receiver.received('/reset')).toHaveLength(2));
		const [first, second] = receiver.received('/reset');
		expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
		expect(second!.body).toBe(first!.body);
		const verified = new Webhook(hook.secret).verify(second!.body, second!.headers as Record<string, string>);
		expect(verified).toMatchObject({ type: 'article.published', data: { id: published.body.id } });
		await eventually(async () => {
			const tries = await roles.editor.client.get(`/api/admin/webhooks/${hook.id}/deliveries`);
			expect(tries.body).toEqual([
				expect.objectContaining({ attempt: 2, statusCode: 200, error: null, deliveryStatus: 'delivered' }),
				expect.objectContaining({ attempt: 1, statusCode: null, error: expect.any(String) }),
			]);
			const ids = new Set(tries.body.map((each: { messageId: string }) => each.messageId));
			expect(ids).toEqual(new Set([first!.headers['webhook-id']]));
		});
	});

	it('turns the webhook off when its receiver answers 410', async () => {
		const hook = await subscribe('/gone', ['article.published']);
		receiver.answerWith('/gone', 410);
		await roles.editor.client.post('/api/news', article('An article for a gone receiver'));
		await eventually(async () => expect(await listed(hook.id)).toMatchObject({ active: false }));
		expect(receiver.received('/gone')).toHaveLength(1);
		expect(await listed(hook.id)).toMatchObject({ lastDelivery: { statusCode: 410 } });
		// Off: the next article sends it nothing.
		await roles.editor.client.post('/api/news', article('An article after the 410'));
		await eventually(() => expect(receiver.received('/signed').length).toBeGreaterThanOrEqual(3));
		expect(receiver.received('/gone')).toHaveLength(1);
	});
});

type Delivered = { type: string; timestamp: string; data: Record<string, unknown> };

/**
 * The one message a path received, checked with standardwebhooks against the webhook's secret:
 * exactly `{ type, timestamp, data }`.
 */
async function deliveredOnce(path: string, secret: string): Promise<Delivered> {
	await eventually(() => expect(receiver.received(path)).toHaveLength(1));
	const [message] = receiver.received(path);
	const verified = new Webhook(secret).verify(message!.body, message!.headers as Record<string, string>);
	expect(Object.keys(verified as object).sort()).toEqual(['data', 'timestamp', 'type']);
	expect((verified as Delivered).timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
	return verified as Delivered;
}

describe('each event, made through the API and delivered signed', () => {
	it('article.updated: a published article saved again (its first publication is not this event)', async () => {
		const hook = await subscribe('/article-updated', ['article.updated']);
		const published = await roles.editor.client.post('/api/news', article('An article to be edited'));
		expect(published.status, JSON.stringify(published.body)).toBe(201);
		const edited = await roles.editor.client.put(`/api/news/${published.body.id}`, {
			...article('An article, edited'),
			expectedUpdatedAt: published.body.updatedAt,
		});
		expect(edited.status, JSON.stringify(edited.body)).toBe(200);
		expect(await deliveredOnce('/article-updated', hook.secret)).toMatchObject({
			type: 'article.updated',
			data: {
				id: published.body.id,
				kind: 'news',
				title: 'An article, edited',
				slug: edited.body.slug,
				url: `${new URL(server.url).origin}/news/${edited.body.slug}`,
			},
		});
	});

	it('review.created and review.replied: a reader reviews a platform, its representative answers', async () => {
		const created = await subscribe('/review-created', ['review.created']);
		const replied = await subscribe('/review-replied', ['review.replied']);
		const platform = await createPlatform(roles.editor);
		const reader = await registerUser(server);
		const review = await reader.client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 4,
			review: 'Good self-serve tools, slow reporting.',
		});
		expect(review.status, JSON.stringify(review.body)).toBe(201);
		const reviewId = review.body.rating.id as number;
		expect(await deliveredOnce('/review-created', created.secret)).toMatchObject({
			type: 'review.created',
			data: {
				id: reviewId,
				platformId: platform.id,
				rating: 4,
				review: 'Good self-serve tools, slow reporting.',
			},
		});
		const representative = await registerUser(server);
		const claimed = await roles.editor.client.put(`/api/admin/users/${representative.id}/vendor`, {
			platformId: platform.id,
		});
		expect(claimed.status).toBe(200);
		const reply = await representative.client.post(`/api/ratings/${reviewId}/reply`, {
			content: 'Reporting is faster since March.',
		});
		expect(reply.status, JSON.stringify(reply.body)).toBe(201);
		expect(await deliveredOnce('/review-replied', replied.secret)).toMatchObject({
			type: 'review.replied',
			data: {
				id: reviewId,
				platformId: platform.id,
				reply: expect.objectContaining({ content: 'Reporting is faster since March.' }),
			},
		});
		// The reply was not a new review.
		expect(receiver.received('/review-created')).toHaveLength(1);
	});

	it('episode.published: an episode saved as published', async () => {
		const hook = await subscribe('/episode-published', ['episode.published']);
		const body = episodeBody({ title: 'An episode partners hear of' });
		const episode = await roles.editor.client.post('/api/podcasts', body);
		expect(episode.status, JSON.stringify(episode.body)).toBe(201);
		expect(await deliveredOnce('/episode-published', hook.secret)).toMatchObject({
			type: 'episode.published',
			data: {
				id: episode.body.id,
				slug: episode.body.slug,
				title: 'An episode partners hear of',
				url: expect.stringContaining(`/podcast/${episode.body.slug}`),
			},
		});
	});

	it('newsletter.sent: an issue sent from the dashboard', async () => {
		const hook = await subscribe('/newsletter-sent', ['newsletter.sent']);
		const draft = await roles.editor.client.post('/api/admin/newsletters', {
			subject: 'A briefing partners hear of',
			content: 'This week in retail media.',
		});
		expect(draft.status, JSON.stringify(draft.body)).toBe(201);
		const sent = await roles.editor.client.post(`/api/admin/newsletters/${draft.body.id}/send`);
		expect(sent.status, JSON.stringify(sent.body)).toBe(202);
		expect(await deliveredOnce('/newsletter-sent', hook.secret)).toMatchObject({
			type: 'newsletter.sent',
			data: {
				id: draft.body.id,
				subject: 'A briefing partners hear of',
				url: expect.stringContaining(sent.body.slug),
			},
		});
	});
});

describe('the address checked again at delivery', () => {
	it('sends nothing to a name that resolves inside, without WEBHOOK_ALLOW_PRIVATE', async () => {
		// As if the name pointed outside when the webhook was made: stored past the first check.
		const url = receiver.url('/renamed').replace('127.0.0.1', 'localhost');
		const { webhooks } = strict.tables;
		const [row] = await strict.db
			.insert(webhooks)
			.values({ url, events: ['article.published'], secret: `whsec_${Buffer.alloc(32).toString('base64')}` })
			.returning({ id: webhooks.id });
		await strictRoles.editor.client.post('/api/news', article('An article for a renamed receiver'));
		await eventually(async () => {
			const tries = await strictRoles.editor.client.get(`/api/admin/webhooks/${row!.id}/deliveries`);
			expect(tries.body).toEqual([
				expect.objectContaining({ attempt: 1, statusCode: null, error: INTERNAL, deliveryStatus: 'failed' }),
			]);
		});
		expect(receiver.received('/renamed')).toHaveLength(0);
	});
});
