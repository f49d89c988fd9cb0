/**
 * Verified work emails (issue 47): a link mailed to the address confirms it for the account that
 * asked; free-mail domains are refused with a sentence; the mail budget per mailbox applies;
 * reviews say `verifiedWorkEmail: true` and never show the address or its domain. A work email at
 * the platform's own website's registrable domain makes the user's reviews of it affiliated:
 * marked, and out of its numbers (recounted when the email is confirmed or the website changes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import {
	TestClient,
	laterMailWritten,
	mailTo,
	outboxMails,
	registerUser,
	startAccountServer,
	workEmailLink,
} from '../support/account-api';
import { createPlatform, platformInput, registerEditor } from '../support/platform-fixtures';

let server: TestServer;
let anonymous: TestClient;
let tag = 0;

beforeAll(async () => {
	server = await startAccountServer({ env: { API_CACHE_TTL_MS: '0' } });
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

const workAddress = () => `buyer${process.pid}x${++tag}@shopper-brands.test`;

describe('POST /api/profile/work-email', () => {
	it('refuses free-mail domains with a sentence and mails nothing', async () => {
		const user = await registerUser(server);
		const free = ['someone@gmail.com', 'Someone@Outlook.com', 'x@yahoo.com'];
		for (const email of free) {
			const answer = await user.client.post('/api/profile/work-email', {
				email,
			});
			expect(answer.status, email).toBe(400);
			expect(answer.body.message).toMatch(/^Please use your work address: .*\.$/);
		}
		await laterMailWritten(server);
		const mailed = outboxMails(server).filter((text) =>
			free.some((email) => mailTo(text, email.toLowerCase())),
		);
		expect(mailed).toEqual([]);
	});

	it('needs a signed-in user and a valid address', async () => {
		expect(
			(
				await anonymous.post('/api/profile/work-email', {
					email: workAddress(),
				})
			).status,
		).toBe(401);
		const user = await registerUser(server);
		const bad = await user.client.post('/api/profile/work-email', {
			email: 'not-an-address',
		});
		expect(bad.status).toBe(400);
		expect(bad.body.message).toBe('Please enter a valid email address.');
	});

	it('confirms through the mailed link, for the asking account only, once', async () => {
		const user = await registerUser(server);
		const email = workAddress();
		const asked = await user.client.post('/api/profile/work-email', { email });
		expect(asked.status, JSON.stringify(asked.body)).toBe(200);
		expect((await user.client.get('/api/profile/work-email')).body).toEqual({
			workEmail: null,
		});
		const { link, token } = await workEmailLink(server, email);
		expect(link).toBe(`${server.url}/profile/work-email#token=${token}`);

		// Another account holding the link confirms nothing (and does not spend it).
		const other = await registerUser(server);
		const stolen = await other.client.post('/api/profile/work-email/confirm', {
			token,
		});
		expect(stolen.status).toBe(400);

		const confirmed = await user.client.post('/api/profile/work-email/confirm', { token });
		expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
		expect(confirmed.body.message).toBe(`Your work email ${email} is verified.`);
		expect((await user.client.get('/api/profile/work-email')).body).toEqual({
			workEmail: email,
		});
		const again = await user.client.post('/api/profile/work-email/confirm', {
			token,
		});
		expect(again.status).toBe(400);
		expect(again.body.message).toMatch(/invalid, has expired or was already used/);
	});

	it('leaves a waiting sign-in email change alone, and is not one', async () => {
		const user = await registerUser(server);
		const newEmail = `moved${process.pid}x${++tag}@example.com`;
		const change = await user.client.put('/api/profile/email', {
			email: newEmail,
			currentPassword: user.password,
		});
		expect(change.status).toBe(200);
		await user.client.post('/api/profile/work-email', { email: workAddress() });
		expect((await user.client.get('/api/profile/email')).body).toEqual({
			pendingEmail: newEmail,
		});
		// The sign-in verification endpoint does not take a work-email link.
		const email = workAddress();
		await user.client.post('/api/profile/work-email', { email });
		const { token } = await workEmailLink(server, email);
		expect((await anonymous.post('/api/auth/verify-email', { token })).status).toBe(400);
	});

	it('keeps to the mail budget of the mailbox', async () => {
		const email = workAddress();
		const statuses: number[] = [];
		// Ten mails an hour to one mailbox (limits.mailsPerDestination), from however many accounts.
		for (let i = 0; i < 11; i++) {
			const user = await registerUser(server);
			statuses.push((await user.client.post('/api/profile/work-email', { email })).status);
		}
		expect(statuses).toEqual([...Array(10).fill(200), 429]);
	});
});

describe('reviews by a verified work email', () => {
	it('carry verifiedWorkEmail: true and never the address or domain', async () => {
		const editor = await registerEditor(server);
		const platform = await createPlatform(editor);
		const verified = await registerUser(server);
		const plain = await registerUser(server);
		const email = workAddress();
		await verified.client.post('/api/profile/work-email', { email });
		const { token } = await workEmailLink(server, email);
		expect((await verified.client.post('/api/profile/work-email/confirm', { token })).status).toBe(200);
		for (const author of [verified, plain]) {
			const rated = await author.client.post(`/api/platforms/${platform.id}/ratings`, { rating: 4 });
			expect(rated.status).toBe(201);
		}
		const listed = await anonymous.get(`/api/platforms/${platform.id}/ratings`);
		const byName = Object.fromEntries(
			listed.body.map((review: { user: { username: string } }) => [review.user.username, review]),
		);
		expect(byName[verified.username]).toMatchObject({
			verifiedWorkEmail: true,
		});
		expect(byName[plain.username]).toMatchObject({ verifiedWorkEmail: false });
		const raw =
			JSON.stringify(listed.body) +
			JSON.stringify((await anonymous.get(`/api/platforms/${platform.id}`)).body);
		expect(raw).not.toContain('shopper-brands');
	});
});

describe('a work email at the vendor’s own domain', () => {
	type Review = { user: { username: string }; isAffiliated: boolean };
	const vendor = `acme-retail-${process.pid}.com`;

	async function confirmWorkEmail(user: Awaited<ReturnType<typeof registerUser>>, email: string) {
		expect((await user.client.post('/api/profile/work-email', { email })).status).toBe(200);
		const { token } = await workEmailLink(server, email);
		expect((await user.client.post('/api/profile/work-email/confirm', { token })).status).toBe(200);
	}

	async function reviewsOf(platformId: number): Promise<Record<string, Review>> {
		const listed = await anonymous.get(`/api/platforms/${platformId}/ratings`);
		return Object.fromEntries(listed.body.map((review: Review) => [review.user.username, review]));
	}

	it('makes the user’s existing review affiliated and drops it from the numbers; another domain does not', async () => {
		const editor = await registerEditor(server);
		const platform = await createPlatform(editor, {
			websiteUrl: `https://www.${vendor}/retail-media`,
		});
		const staff = await registerUser(server);
		const elsewhere = await registerUser(server);
		const buyer = await registerUser(server);
		for (const [author, rating] of [
			[staff, 5],
			[elsewhere, 2],
			[buyer, 2],
		] as const) {
			const rated = await author.client.post(`/api/platforms/${platform.id}/ratings`, { rating });
			expect(rated.status).toBe(201);
		}
		expect((await anonymous.get(`/api/platforms/${platform.id}`)).body).toMatchObject({
			rating: 3,
			reviewCount: 3,
		});

		// mail.acme-retail….com has the registrable domain of www.acme-retail….com.
		await confirmWorkEmail(staff, `a${tag++}@mail.${vendor}`);
		// Another registrable domain that merely contains the vendor's name is not the vendor's.
		await confirmWorkEmail(elsewhere, `b${tag++}@${vendor.replace('.com', '-partners.com')}`);

		const reviews = await reviewsOf(platform.id);
		expect(reviews[staff.username]).toMatchObject({
			isAffiliated: true,
			verifiedWorkEmail: true,
		});
		expect(reviews[elsewhere.username]).toMatchObject({
			isAffiliated: false,
			verifiedWorkEmail: true,
		});
		expect(reviews[buyer.username]).toMatchObject({ isAffiliated: false });
		const counted = (await anonymous.get(`/api/platforms/${platform.id}`)).body;
		expect(counted).toMatchObject({ rating: 2, score: 2, reviewCount: 2 });
		expect(counted.ratingDistribution).toEqual({
			'1': 0,
			'2': 2,
			'3': 0,
			'4': 0,
			'5': 0,
		});
		// The affiliated reviewer rating again stays out of the numbers.
		const again = await staff.client.post(`/api/platforms/${platform.id}/ratings`, { rating: 4 });
		expect(again.body.platform).toMatchObject({ rating: 2, reviewCount: 2 });
		expect(again.body.rating).toMatchObject({ isAffiliated: true });
	});

	it('follows the platform’s website when an editor changes it', async () => {
		const editor = await registerEditor(server);
		const platform = await createPlatform(editor, {
			websiteUrl: 'https://www.example.org',
		});
		const staff = await registerUser(server);
		const buyer = await registerUser(server);
		await confirmWorkEmail(staff, `c${tag++}@${vendor}`);
		await staff.client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 5,
		});
		await buyer.client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 1,
		});
		expect((await anonymous.get(`/api/platforms/${platform.id}`)).body).toMatchObject({
			rating: 3,
			reviewCount: 2,
		});

		const input = platformInput({
			name: platform.name,
			websiteUrl: `https://${vendor.toUpperCase()}`,
		});
		const moved = await editor.client.put(`/api/admin/platforms/${platform.id}`, input);
		expect(moved.status, JSON.stringify(moved.body)).toBe(200);
		expect(moved.body).toMatchObject({ rating: 1, reviewCount: 1 });
		expect((await reviewsOf(platform.id))[staff.username]).toMatchObject({
			isAffiliated: true,
		});

		const back = platformInput({
			name: platform.name,
			websiteUrl: 'https://www.example.org',
		});
		expect((await editor.client.put(`/api/admin/platforms/${platform.id}`, back)).status).toBe(200);
		expect((await anonymous.get(`/api/platforms/${platform.id}`)).body).toMatchObject({
			rating: 3,
			reviewCount: 2,
		});
		expect((await reviewsOf(platform.id))[staff.username]).toMatchObject({
			isAffiliated: false,
		});
	});
});
