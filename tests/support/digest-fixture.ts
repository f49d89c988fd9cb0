/**
 * A server whose platform followers get digests through the newsletter's queue, mailed to a test
 * SMTP server, with a window of DIGEST_WINDOW_MS; and the readers and mails the digest tests use
 * (tests/api/platform-digests.test.ts, tests/api/platform-unfollow-page.test.ts).
 */
import { expect } from 'vitest';
import type { TestServer } from './server';
import { startAccountServer, type Registered } from './account-api';
import { registerEditor, registerVerified } from './platform-fixtures';
import { mailHeaders } from './newsletter-fixture';
import { startSmtp, type CapturedMail } from './smtp';

export const DIGEST_WINDOW_MS = 1500;

export type DigestServer = {
	server: TestServer;
	smtp: Awaited<ReturnType<typeof startSmtp>>;
	editor: Registered;
	stop: () => Promise<void>;
};

export async function startDigestServer(): Promise<DigestServer> {
	const smtp = await startSmtp();
	let server: TestServer | undefined;
	let editor: Registered;
	try {
		server = await startAccountServer({
			env: {
				SMTP_URL: smtp.url,
				NEWSLETTER_POLL_MS: '100',
				FOLLOW_DIGEST_INTERVAL_MS: String(DIGEST_WINDOW_MS),
			},
		});
		editor = await registerEditor(server);
	} catch (error) {
		await server?.stop();
		await smtp.close();
		throw error;
	}
	return {
		server,
		smtp,
		editor,
		async stop() {
			await server.stop();
			await smtp.close();
		},
	};
}

/** A confirmed reader who follows the platform. */
export async function follower(server: TestServer, platformId: number): Promise<Registered> {
	const user = await registerVerified(server);
	expect((await user.client.post(`/api/platforms/${platformId}/follow`)).status).toBe(200);
	return user;
}

/** Whether a mail is a digest about the platform (its subject starts with the name). */
export const aboutPlatform = (platform: { name: string }) => (mail: CapturedMail) =>
	mailHeaders(mail.raw).get('subject')?.startsWith(`${platform.name}:`) ?? false;
