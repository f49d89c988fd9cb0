/**
 * Review invitation links (issue 47): only the platform's representative makes, lists and
 * revokes them; each is used once, within 30 days, and labels its review vendor-invited, which
 * weighs half in the score. Runs on the engine of TEST_DATABASE.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { TestClient, registerUser, startAccountServer, type Registered } from '../support/account-api';
import { createPlatform, registerEditor } from '../support/platform-fixtures';
import { DAY_MS } from '@/lib/durations';

let server: TestServer;
let editor: Registered;
let anonymous: TestClient;

beforeAll(async () => {
	server = await startAccountServer({ env: { API_CACHE_TTL_MS: '0' } });
	editor = await registerEditor(server);
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

/** A platform and its representative. */
async function representedPlatform() {
	const platform = await createPlatform(editor);
	const representative = await registerUser(server);
	const named = await editor.client.put(`/api/admin/users/${representative.id}/vendor`, {
		platformId: platform.id,
	});
	expect(named.status, JSON.stringify(named.body)).toBe(200);
	return { platform, representative };
}

async function invite(representative: Registered, platformId: number) {
	const answer = await representative.client.post(`/api/platforms/${platformId}/invitations`);
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return answer.body as { id: string; token: string; url: string; expiresAt: string };
}

describe('POST /api/platforms/{id}/invitations', () => {
	it("answers the platform's representative with a 30-day link, and refuses everyone else", async () => {
		const { platform, representative } = await representedPlatform();
		const before = Date.now();
		const link = await invite(representative, platform.id);
		expect(Object.keys(link).sort()).toEqual(['expiresAt', 'id', 'token', 'url']);
		expect(link.token).toMatch(/^[a-z2-7]{32}$/);
		expect(link.url).toBe(
			`${new URL(`/platforms/${platform.slug}`, link.url).href}#invitation=${link.token}`,
		);
		const lifetime = Date.parse(link.expiresAt) - before;
		expect(lifetime).toBeGreaterThanOrEqual(30 * DAY_MS - 60_000);
		expect(lifetime).toBeLessThanOrEqual(30 * DAY_MS + 60_000);

		const other = await registerUser(server);
		const { platform: elsewhere } = await representedPlatform();
		for (const client of [other.client, editor.client]) {
			const refused = await client.post(`/api/platforms/${platform.id}/invitations`);
			expect(refused.status).toBe(403);
			expect(refused.body.message).toBe("Only the platform's representative can invite reviews of it.");
			expect((await client.get(`/api/platforms/${platform.id}/invitations`)).status).toBe(403);
		}
		// A representative of one platform invites to that one only.
		expect((await representative.client.post(`/api/platforms/${elsewhere.id}/invitations`)).status).toBe(403);
		expect((await anonymous.post(`/api/platforms/${platform.id}/invitations`)).status).toBe(401);
		expect((await representative.client.post('/api/platforms/999999/invitations')).status).toBe(404);
	});
});

describe('a review sent with an invitation', () => {
	it('is vendor-invited, spends the link once, and weighs half in the score', async () => {
		const { platform, representative } = await representedPlatform();
		const link = await invite(representative, platform.id);
		const customer = await registerUser(server);
		const rated = await customer.client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 1,
			invitation: link.token,
		});
		expect(rated.status, JSON.stringify(rated.body)).toBe(201);
		expect(rated.body.rating).toMatchObject({ source: 'vendor-invited', incentivized: false });
		const organic = await (await registerUser(server)).client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 4,
		});
		expect(organic.body.rating.source).toBe('organic');
		// (1 x 0.5 + 4 x 1) / 1.5 = 3.0; the plain mean is 2.5.
		expect(organic.body.platform).toEqual({ rating: 2.5, score: 3, reviewCount: 2 });

		// Used once: a second review with the same link is refused and changes nothing.
		const again = await (await registerUser(server)).client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 5,
			invitation: link.token,
		});
		expect(again.status).toBe(400);
		expect(again.body.message).toMatch(/^This invitation link is unknown, already used, revoked or expired/);
		expect((await anonymous.get(`/api/platforms/${platform.id}`)).body.reviewCount).toBe(2);

		const listed = await representative.client.get(`/api/platforms/${platform.id}/invitations`);
		expect(listed.status).toBe(200);
		expect(listed.body).toHaveLength(1);
		expect(listed.body[0]).toMatchObject({ id: link.id });
		expect(listed.body[0].usedAt).not.toBeNull();
		// A used link stays as a record: it cannot be revoked.
		expect(
			(await representative.client.delete(`/api/platforms/${platform.id}/invitations/${link.id}`)).status,
		).toBe(404);
	});

	it('is refused with an expired, revoked, unknown or other platform’s link', async () => {
		const { platform, representative } = await representedPlatform();
		const { platform: other, representative: otherRepresentative } = await representedPlatform();
		const expired = await invite(representative, platform.id);
		const { reviewInvitations } = server.tables;
		await server.db
			.update(reviewInvitations)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(reviewInvitations.id, expired.id));
		const revoked = await invite(representative, platform.id);
		const gone = await representative.client.delete(
			`/api/platforms/${platform.id}/invitations/${revoked.id}`,
		);
		expect(gone.status).toBe(204);
		const foreign = await invite(otherRepresentative, other.id);
		for (const token of [expired.token, revoked.token, foreign.token, 'abcdefghijklmnopqrstuvwxyz234567']) {
			const answer = await (await registerUser(server)).client.post(`/api/platforms/${platform.id}/ratings`, {
				rating: 5,
				invitation: token,
			});
			expect(answer.status, token).toBe(400);
		}
		expect((await anonymous.get(`/api/platforms/${platform.id}`)).body.reviewCount).toBe(0);
		const malformed = await (await registerUser(server)).client.post(
			`/api/platforms/${platform.id}/ratings`,
			{
				rating: 5,
				invitation: 'not a code!',
			},
		);
		expect(malformed.status).toBe(400);
		expect(malformed.body.message).toBe('The invitation must be the code from an invitation link.');
		const badId = await representative.client.delete(`/api/platforms/${platform.id}/invitations/nope`);
		expect(badId.status).toBe(400);
		expect(badId.body.message).toBe('The invitation id must be 64 hexadecimal characters.');
	});
});
