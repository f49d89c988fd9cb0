/**
 * A platform digest's body links to the unfollow page (issue 43, minor 1), where its one-click
 * header address, opened in a browser, leads too: a visit asks and changes nothing, the page's
 * POST unfollows, and the spent link is not valid. Apart from tests/api/platform-digests.test.ts
 * because the page (src/pages/unfollow.astro) renders only under the production host: this file
 * runs in the full suite, not in the quick run's in-process server (tests/support/in-process-host.ts
 * renders no pages). Runs on the engine of TEST_DATABASE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import type { Registered } from '../support/account-api';
import { createPlatform, platformInput } from '../support/platform-fixtures';
import { aboutPlatform, type DigestServer, follower, startDigestServer } from '../support/digest-fixture';
import { listUnsubscribeUrl, mailPart } from '../support/newsletter-fixture';

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

describe("a digest's unfollow page", () => {
	it('links its body to a page that asks before unfollowing, where the header address leads too (issue 43, minor 1)', async () => {
		const form = platformInput();
		const platform = await createPlatform(editor, form);
		const reader = await follower(server, platform.id);
		expect(
			(await editor.client.put(`/api/admin/platforms/${platform.id}`, { ...form, pricing: 'Per click' }))
				.status,
		).toBe(200);
		const mail = await smtp.waitForMail(reader.email, aboutPlatform(platform));
		const text = mailPart(mail, 'text/plain');
		const pageLink = /Unfollow it: (\S+)/.exec(text)?.[1];
		expect(pageLink).toMatch(/\/unfollow\?token=/);
		const page = pageLink!.replace(/^https?:\/\/[^/]+/, server.url);

		// The one-click address, opened in a browser, leads to the same page.
		const opened = await fetch(listUnsubscribeUrl(mail).replace(/^https?:\/\/[^/]+/, server.url), {
			redirect: 'manual',
		});
		expect(opened.status).toBe(303);
		expect(opened.headers.get('location')).toBe(pageLink);

		// A visit asks and changes nothing (link scanners open every URL in a mail).
		const asked = await fetch(page);
		expect(asked.status).toBe(200);
		expect(await asked.text()).toContain(`Stop following <strong>${platform.name}</strong>?`);
		expect((await reader.client.get('/api/profile/follows')).body).toHaveLength(1);

		const unfollowed = await fetch(page, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: '',
		});
		expect(unfollowed.status).toBe(200);
		expect(await unfollowed.text()).toContain(`You no longer follow ${platform.name}.`);
		expect((await reader.client.get('/api/profile/follows')).body).toEqual([]);

		// Spent with the follow: the page says the link is not valid.
		const spent = await fetch(page);
		expect(spent.status).toBe(404);
		expect(await spent.text()).toContain('This unfollow link is not valid.');
	});
});
