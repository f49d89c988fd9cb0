/**
 * The followers' digest through the newsletter's queue, with a window of 1.5 s: two quick
 * changes send one mail (without the editor), whose one-click List-Unsubscribe unfollows the
 * platform; a suppressed address is skipped; a platform's representative, following or not, is
 * told of a new review; new themes (issue 47) are named. The page the digest's body links to is
 * tested in tests/api/platform-unfollow-page.test.ts (pages render only under the production
 * host, and this file runs in the quick run too). Runs on the engine of TEST_DATABASE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { registerUser, type Registered } from '../support/account-api';
import { createPlatform, platformInput, registerVerified } from '../support/platform-fixtures';
import {
	aboutPlatform,
	DIGEST_WINDOW_MS as WINDOW_MS,
	type DigestServer,
	follower as followerOf,
	startDigestServer,
} from '../support/digest-fixture';
import { listUnsubscribeUrl, mailHeaders, mailPart } from '../support/newsletter-fixture';

let digest: DigestServer;
let server: TestServer;
let smtp: DigestServer['smtp'];
let editor: Registered;

beforeAll(async () => {
	digest = await startDigestServer();
	({ server, smtp, editor } = digest);
});
afterAll(async () => {
	await digest?.stop();
});

const follower = (platformId: number) => followerOf(server, platformId);

/** The digests about the platform mailed to the address (sign-up verification mails aside). */
const digestsTo = (email: string, platform: { name: string }) =>
	smtp.mails.filter((mail) => mail.to.includes(email) && aboutPlatform(platform)(mail));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the followers digest', () => {
	it('sends two quick changes as one mail, and its one-click link unfollows', async () => {
		const form = platformInput({ pricing: 'CPC from $0.50' });
		const platform = await createPlatform(editor, form);
		const reader = await follower(platform.id);
		for (const pricing of ['CPC from $0.55', 'CPC from $0.60']) {
			expect(
				(await editor.client.put(`/api/admin/platforms/${platform.id}`, { ...form, pricing })).status,
			).toBe(200);
		}
		const mail = await smtp.waitForMail(reader.email, aboutPlatform(platform));
		expect(mailPart(mail, 'text/plain')).toContain('Pricing: CPC from $0.50 → CPC from $0.55');
		expect(mailPart(mail, 'text/plain')).toContain('Pricing: CPC from $0.55 → CPC from $0.60');
		expect(mailPart(mail, 'text/plain')).not.toContain(editor.username);
		expect(mailPart(mail, 'text/plain')).not.toContain(editor.email);
		// Past the window: still the one mail.
		await pause(WINDOW_MS + 500);
		expect(digestsTo(reader.email, platform)).toHaveLength(1);

		expect(mailHeaders(mail.raw).get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
		const link = listUnsubscribeUrl(mail);
		const clicked = await fetch(link.replace(/^https?:\/\/[^/]+/, server.url), {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'List-Unsubscribe=One-Click',
		});
		expect(clicked.status).toBe(200);
		expect(await clicked.json()).toEqual({ message: `You no longer follow ${platform.name}.` });
		expect((await reader.client.get('/api/profile/follows')).body).toEqual([]);

		// Unfollowed: the next change mails nobody.
		expect(
			(await editor.client.put(`/api/admin/platforms/${platform.id}`, { ...form, pricing: 'Free' })).status,
		).toBe(200);
		await pause(WINDOW_MS + 1000);
		expect(digestsTo(reader.email, platform)).toHaveLength(1);
	});

	it("spends a digest's unfollow link with the follow it was sent for (issue 42, F-7)", async () => {
		const form = platformInput();
		const platform = await createPlatform(editor, form);
		const reader = await follower(platform.id);
		expect(
			(await editor.client.put(`/api/admin/platforms/${platform.id}`, { ...form, pricing: 'Flat fee' }))
				.status,
		).toBe(200);
		const mail = await smtp.waitForMail(reader.email, aboutPlatform(platform));
		const click = () =>
			fetch(listUnsubscribeUrl(mail).replace(/^https?:\/\/[^/]+/, server.url), {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: 'List-Unsubscribe=One-Click',
			});
		expect((await click()).status).toBe(200);
		expect((await reader.client.get('/api/profile/follows')).body).toEqual([]);

		// Following again: the old mail's link no longer unfollows.
		expect((await reader.client.post(`/api/platforms/${platform.id}/follow`)).status).toBe(200);
		const again = await click();
		expect(again.status).toBe(404);
		expect(await again.json()).toEqual({
			message: 'This unfollow link is not valid. Sign in and unfollow the platform from your profile.',
		});
		const follows = (await reader.client.get<{ platformId: number }[]>('/api/profile/follows')).body;
		expect(follows.map((follow) => follow.platformId)).toEqual([platform.id]);
	});

	it('skips a suppressed address and sends to the others', async () => {
		const form = platformInput();
		const platform = await createPlatform(editor, form);
		const refused = await follower(platform.id);
		const reader = await follower(platform.id);
		await server.db
			.insert(server.tables.newsletterSuppressions)
			.values({ email: refused.email.toLowerCase(), reason: '550 Mailbox unavailable' });
		expect(
			(await editor.client.put(`/api/admin/platforms/${platform.id}`, { ...form, cons: ['Slow'] })).status,
		).toBe(200);
		const mail = await smtp.waitForMail(reader.email, aboutPlatform(platform));
		expect(mailPart(mail, 'text/plain')).toContain('Cons: added Slow');
		await pause(500);
		expect(digestsTo(refused.email, platform)).toEqual([]);
	});

	it('tells the platform representative of a new review, without an unfollow link', async () => {
		const platform = await createPlatform(editor);
		const representative = await registerVerified(server);
		await server.db
			.insert(server.tables.platformRepresentatives)
			.values({ userId: representative.id, platformId: platform.id });
		const reviewer = await registerVerified(server);
		const rated = await reviewer.client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 2,
			review: 'Support took a week to answer.',
		});
		expect(rated.status).toBe(201);
		const mail = await smtp.waitForMail(representative.email, aboutPlatform(platform));
		expect(mailPart(mail, 'text/plain')).toContain('New reviews');
		expect(mailPart(mail, 'text/plain')).toContain(
			`${reviewer.username}, 2 of 5 stars, wrote: “Support took a week to answer.”`,
		);
		expect(mailHeaders(mail.raw).has('list-unsubscribe')).toBe(false);
	});

	it("leaves out an unconfirmed author's text and quotes the others on one line, links broken (issue 42, F-5)", async () => {
		const platform = await createPlatform(editor);
		const reader = await follower(platform.id);
		const stranger = await registerUser(server);
		expect(
			(
				await stranger.client.post(`/api/platforms/${platform.id}/ratings`, {
					rating: 1,
					review:
						'SECURITY NOTICE\n\nYour account is locked. Confirm it at https://retailmediahub-support.example/login',
				})
			).status,
		).toBe(201);
		const confirmed = await registerVerified(server);
		expect(
			(
				await confirmed.client.post(`/api/platforms/${platform.id}/ratings`, {
					rating: 4,
					review: 'Good reach.\n\nDocs at https://docs.vendor.example/start and www.vendor.example',
				})
			).status,
		).toBe(201);
		// The two reviews may fall in one digest or two: read every digest the reader got.
		let text = '';
		for (
			let waited = 0;
			!(text.includes(stranger.username) && text.includes(confirmed.username));
			waited += 100
		) {
			if (waited > 30_000) throw new Error(`digests incomplete: ${text}`);
			await pause(100);
			text = digestsTo(reader.email, platform)
				.map((mail) => mailPart(mail, 'text/plain'))
				.join('\n');
		}
		expect(text).toContain(`${stranger.username}, 1 of 5 stars (its text is on the platform's page)`);
		expect(text).not.toContain('SECURITY NOTICE');
		expect(text).not.toContain('retailmediahub-support');
		expect(text).toContain(
			`${confirmed.username}, 4 of 5 stars, wrote: “Good reach. Docs at hxxps://docs[.]vendor[.]example/start and www[.]vendor[.]example”`,
		);
		expect(text).not.toMatch(/https?:\/\/docs|vendor\.example/);
	});

	it('names the themes that appeared in its window (issue 47)', async () => {
		const platform = await createPlatform(editor);
		const reader = await follower(platform.id);
		for (const pros of ['Self-serve dashboards.', 'A self-serve dashboard we love.']) {
			const reviewer = await registerVerified(server);
			const rated = await reviewer.client.post(`/api/platforms/${platform.id}/ratings`, { rating: 5, pros });
			expect(rated.status).toBe(201);
		}
		// The two reviews may fall in one digest or two: the theme comes with the second.
		let text = '';
		for (let waited = 0; !text.includes('New themes in what users say'); waited += 100) {
			if (waited > 30_000) throw new Error(`no theme in the digests: ${text}`);
			await pause(100);
			text = digestsTo(reader.email, platform)
				.map((mail) => mailPart(mail, 'text/plain'))
				.join('\n');
		}
		expect(text).toContain('- Users like: self-serve dashboard (2 reviews)');
	});
});
