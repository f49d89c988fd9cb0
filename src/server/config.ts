/**
 * Environment, read and checked once. Every server module asks here rather than process.env,
 * so a bad setting fails at start with a clear message.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const schema = z.object({
	DATABASE_PATH: z.string().min(1).default('data/app.db'),
	SITE_URL: z.url().default('http://localhost:4321'),
	SMTP_URL: z
		.string()
		.optional()
		.transform((v) => (v ? v : undefined)),
	OUTBOX_DIR: z.string().min(1).default('data/outbox'),
	MAIL_FROM: z.string().min(3).default('Retail Media Hub <no-reply@retailmediahub.local>'),
	/** The podcast feed's itunes:owner address: podcast directories write there to confirm ownership. */
	PODCAST_OWNER_EMAIL: z.email().default('podcast@retailmediahub.local'),
	/** Take the client address from X-Forwarded-For (only behind a trusted reverse proxy). */
	TRUST_PROXY: z
		.enum(['0', '1', 'true', 'false', ''])
		.optional()
		.transform((v) => v === '1' || v === 'true'),
	NODE_ENV: z.string().optional(),
});

export type AppConfig = {
	databasePath: string;
	siteUrl: URL;
	smtpUrl: string | undefined;
	outboxDir: string;
	mailFrom: string;
	podcastOwnerEmail: string;
	trustProxy: boolean;
	/** Cookies get Secure when the public site is served over https. */
	secureCookies: boolean;
};

let cached: AppConfig | undefined;

export function config(): AppConfig {
	if (cached) return cached;
	const parsed = schema.safeParse(process.env);
	if (!parsed.success) {
		throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
	}
	const env = parsed.data;
	const siteUrl = new URL(env.SITE_URL);
	cached = {
		databasePath: resolve(env.DATABASE_PATH),
		siteUrl,
		smtpUrl: env.SMTP_URL,
		outboxDir: resolve(env.OUTBOX_DIR),
		mailFrom: env.MAIL_FROM,
		podcastOwnerEmail: env.PODCAST_OWNER_EMAIL,
		trustProxy: env.TRUST_PROXY,
		secureCookies: siteUrl.protocol === 'https:',
	};
	return cached;
}
