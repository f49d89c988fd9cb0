/**
 * Verified work emails (issue 47): a link mailed to the address confirms it for the account that
 * asked; free-mail domains are refused with a sentence; the mail budget per mailbox applies;
 * reviews say `verifiedWorkEmail: true` and never show the address or its domain.
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
import { createPlatform, registerEditor } from '../support/platform-fixtures';

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
			const answer = await user.client.post('/api/profile/work-email', { email });
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
		expect((await anonymous.post('/api/profile/work-email', { email: workAddress() })).status).toBe(401);
		const user = await registerUser(server);
		const bad = await user.client.post('/api/profile/work-email', { email: 'not-an-address' });
		expect(bad.status).toBe(400);
		expect(bad.body.message).toBe('Please enter a valid email address.');
	});

	it('confirms through the mailed link, for the asking account only, once', async () => {
		const user = await registerUser(server);
		const email = workAddress();
		const asked = await user.client.post('/api/profile/work-email', { email });
		expect(asked.status, JSON.stringify(asked.body)).toBe(200);
		expect((await user.client.get('/api/profile/work-email')).body).toEqual({ workEmail: null });
		const { link, token } = await workEmailLink(server, email);
		expect(link).toBe(`${server.url}/profile/work-email#token=${token}`);

		// Another account holding the link confirms nothing (and does not spend it).
		const other = await registerUser(server);
		const stolen = await other.client.post('/api/profile/work-email/confirm', { token });
		expect(stolen.status).toBe(400);

		const confirmed = await user.client.post('/api/profile/work-email/confirm', { token });
		expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
		expect(confirmed.body.message).toBe(`Your work email ${email} is verified.`);
		expect((await user.client.get('/api/profile/work-email')).body).toEqual({ workEmail: email });
		const again = await user.client.post('/api/profile/work-email/confirm', { token });
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
		expect((await user.client.get('/api/profile/email')).body).toEqual({ pendingEmail: newEmail });
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
		expect(byName[verified.username]).toMatchObject({ verifiedWorkEmail: true });
		expect(byName[plain.username]).toMatchObject({ verifiedWorkEmail: false });
		const raw =
			JSON.stringify(listed.body) +
			JSON.stringify((await anonymous.get(`/api/platforms/${platform.id}`)).body);
		expect(raw).not.toContain('shopper-brands');
	});
});
