/**
 * Environment, read and checked once. Every server module asks here rather than process.env,
 * so a bad setting fails at start with a clear message.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { loadDotEnv } from './dotenv.mjs';
import {
	LOOPBACK_PROXIES,
	NO_TRUSTED_PROXIES,
	parseTrustedProxies,
	type TrustedProxies,
} from '@/server/trusted-proxies';

/** An empty variable (`PORT=` in a copied .env) means "use the default", as if unset. */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
	DATABASE_PATH: z.preprocess(unsetIfEmpty, z.string().default('data/app.db')),
	/** A PostgreSQL server instead of the SQLite file, for several app nodes on one database. */
	DATABASE_URL: z.preprocess(
		unsetIfEmpty,
		z
			.string()
			.regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
			.optional(),
	),
	/** Unset: http://localhost:$PORT, so a changed port does not leave mailed links on the old one. */
	SITE_URL: z.preprocess(unsetIfEmpty, z.url().optional()),
	SMTP_URL: z
		.string()
		.optional()
		.transform((v) => (v ? v : undefined)),
	OUTBOX_DIR: z.string().min(1).default('data/outbox'),
	MAIL_FROM: z.string().min(3).default('Retail Media Hub <no-reply@retailmediahub.local>'),
	/** The podcast feed's itunes:owner address: podcast directories write there to confirm ownership. */
	PODCAST_OWNER_EMAIL: z.email().default('podcast@retailmediahub.local'),
	/**
	 * The reverse proxies' own addresses or subnets (comma-separated): only requests whose
	 * connection comes from one of them have their forwarding headers believed.
	 */
	TRUSTED_PROXIES: z.preprocess(
		unsetIfEmpty,
		z
			.string()
			.transform((text, ctx) => {
				const parsed = parseTrustedProxies(text);
				if (parsed.ok) return parsed.proxies;
				ctx.addIssue({
					code: 'custom',
					message: `TRUSTED_PROXIES takes addresses or subnets (10.0.0.0/8), not ${parsed.invalid.join(', ')}`,
				});
				return z.NEVER;
			})
			.optional(),
	),
	/** The older spelling: 1 (or true) is TRUSTED_PROXIES=127.0.0.1,::1, a proxy on this machine. */
	TRUST_PROXY: z
		.enum(['0', '1', 'true', 'false', ''])
		.optional()
		.transform((v) => v === '1' || v === 'true'),
	NODE_ENV: z.string().optional(),
	/** Newsletter mails in flight at once, per app process. */
	NEWSLETTER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
	/** Newsletter mails started per second, per app process (the mail provider's limit). */
	NEWSLETTER_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(10),
	/** Tries per recipient before a temporary (4xx) failure is recorded as failed. */
	NEWSLETTER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
	/** Wait after the first temporary failure; it doubles with each further one (capped at 1 h). */
	NEWSLETTER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(60_000),
	/** A claimed mail not settled within this time is taken again (its worker died). */
	NEWSLETTER_LEASE_MS: z.coerce
		.number()
		.int()
		.min(100)
		.default(10 * 60_000),
	/** How often an idle worker looks for work that another node queued. */
	NEWSLETTER_POLL_MS: z.coerce.number().int().min(10).default(5_000),
	/** Where replies to the newsletter go (its Reply-To); unset: no Reply-To, replies go to MAIL_FROM. */
	NEWSLETTER_REPLY_TO: z.preprocess(
		unsetIfEmpty,
		z.email('NEWSLETTER_REPLY_TO must be an email address').optional(),
	),
	/** The publisher's postal address, printed in every issue's footer (anti-spam laws ask for it). */
	NEWSLETTER_POSTAL_ADDRESS: z.preprocess(unsetIfEmpty, z.string().trim().max(300).optional()),
	/**
	 * How long a platform's followers' digest gathers changes and reviews from the first one,
	 * so several quick edits make one mail (default a day).
	 */
	FOLLOW_DIGEST_INTERVAL_MS: z.coerce
		.number()
		.int()
		.min(0)
		.default(24 * 60 * 60_000),
	/** Set to 0 on app processes that should not send newsletter mail. */
	NEWSLETTER_WORKER: z
		.enum(['0', '1', 'true', 'false', ''])
		.optional()
		.transform((v) => v !== '0' && v !== 'false'),
	/** Wait after a webhook's first failed try; it doubles with each further one (8 tries in all). */
	WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(0).default(30_000),
	/** Set to 1 to let webhooks reach private, loopback and link-local addresses (tests, intranets). */
	WEBHOOK_ALLOW_PRIVATE: z
		.enum(['0', '1', 'true', 'false', ''])
		.optional()
		.transform((v) => v === '1' || v === 'true'),
	/** Where the production host listens. */
	PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(65535).default(4321)),
	HOST: z.preprocess(unsetIfEmpty, z.string().optional()),
	/** Where the media library keeps its files when the database is SQLite (one node). */
	MEDIA_DIR: z.preprocess(unsetIfEmpty, z.string().default('data/media')),
	/** Where the site generator writes public pages, served as files from then on. */
	SITE_DIR: z.preprocess(unsetIfEmpty, z.string().default('data/site')),
	/** The `astro build` output the host serves (several builds can live side by side). */
	DIST_DIR: z.preprocess(unsetIfEmpty, z.string().default('dist')),
	/**
	 * Longest time a shared API answer is kept: the bound for writes this process does not see
	 * (another node, a script, a restore). 0 turns the in-memory cache off.
	 */
	API_CACHE_TTL_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).default(10_000)),
	/**
	 * Costly public reads (a review list, the market map) one client may have computed a minute,
	 * beyond those answered from a cache. 0 turns the budget off (the bench measures queries).
	 */
	COSTLY_READS_PER_MINUTE: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).default(120)),
	/**
	 * Counted reviews a platform needs to be ranked among its category's leaders (/leaders,
	 * /methodology): fewer, and it is left out whatever its score.
	 */
	LEADERS_MIN_REVIEWS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).default(10)),
	/** Requests one API key (/api/v1) may make a minute, counted by every node together. */
	API_KEY_RATE_LIMIT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).default(600)),
	/** `0` skips the full page generation at start (pages render on demand until a change). */
	SITE_GENERATE_ON_START: z
		.enum(['0', '1', 'true', 'false', ''])
		.optional()
		.transform((v) => v !== '0' && v !== 'false'),
	/** The least severe log level written (pino's names; `silent` writes nothing). */
	LOG_LEVEL: z.preprocess(
		unsetIfEmpty,
		z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	),
	/** `json` (one object per line, for collectors) or `pretty` (for people); see logFormat. */
	LOG_FORMAT: z.preprocess(unsetIfEmpty, z.enum(['json', 'pretty']).optional()),
	/** Serves Prometheus metrics at /metrics on this port only; unset: no metrics server. */
	METRICS_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(65535).optional()),
	/** Longest a graceful stop waits for requests in flight and mails being sent. */
	/** How often a node writes the page views it counted in memory (and once more when it stops). */
	ANALYTICS_FLUSH_MS: z.preprocess(
		unsetIfEmpty,
		z.coerce.number().int().min(10).max(3_600_000).default(10_000),
	),
	SHUTDOWN_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).default(10_000)),
	/** Open connections one node accepts; past it new ones are closed at once. */
	MAX_CONNECTIONS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).default(1000)),
	/**
	 * Open connections one client address may hold (a trusted proxy's are not counted); past it
	 * its least recently used idle one is closed, or the newcomer when none is idle.
	 */
	MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).default(100)),
	/**
	 * How long an idle keep-alive connection stays open. Above the idle timeout of the proxy in
	 * front (deploy/nginx.conf's upstream `keepalive_timeout`, 5 s), so the proxy closes first.
	 */
	KEEP_ALIVE_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1000).default(10_000)),
	/** Longest a request may take to arrive whole (headers and body); past it: 408. */
	REQUEST_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1000).default(30_000)),
	/**
	 * Uploads (images, episode audio) one node takes at once; more are refused with 429 and
	 * Retry-After. Each streams to a temporary file and then decodes or parses it.
	 */
	MAX_CONCURRENT_UPLOADS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).default(4)),
	/**
	 * The bytes of image and audio uploads one editor may keep in the media library; an upload
	 * that would pass it is refused with 413. 2 GB by default.
	 */
	MEDIA_QUOTA_BYTES: z.preprocess(
		unsetIfEmpty,
		z.coerce
			.number()
			.int()
			.min(1)
			.default(2 * 1024 ** 3),
	),
	/** Longest a connection with a request open may go without a byte moving; past it: dropped. */
	SEND_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1000).default(60_000)),
	/** Set: public changes are announced to search engines by IndexNow (seo/indexnow.ts); the protocol's key form. */
	INDEXNOW_KEY: z.preprocess(
		unsetIfEmpty,
		z
			.string()
			.regex(/^[A-Za-z0-9-]{8,128}$/, 'INDEXNOW_KEY must be 8 to 128 letters, digits or hyphens')
			.optional(),
	),
	/** Where IndexNow pings go (any engine taking part shares them with the others). */
	INDEXNOW_ENDPOINT: z.preprocess(unsetIfEmpty, z.url().default('https://api.indexnow.org/indexnow')),
});

export type AppConfig = {
	databasePath: string;
	/** Set: PostgreSQL at this URL is the database, and databasePath is not used. */
	databaseUrl: string | undefined;
	siteUrl: URL;
	smtpUrl: string | undefined;
	outboxDir: string;
	mailFrom: string;
	podcastOwnerEmail: string;
	/** The proxies whose forwarding headers (client address, scheme, request id) are believed. */
	trustedProxies: TrustedProxies;
	/** Cookies get Secure when the public site is served over https. */
	secureCookies: boolean;
	newsletter: {
		workerEnabled: boolean;
		concurrency: number;
		ratePerSecond: number;
		maxAttempts: number;
		retryBaseMs: number;
		leaseMs: number;
		pollMs: number;
		replyTo: string | undefined;
		postalAddress: string | undefined;
	};
	/** How long a platform's followers' digest gathers from its first change or review. */
	followDigestIntervalMs: number;
	webhooks: {
		/** The wait after the first failed try, doubled after each further one. */
		retryBaseMs: number;
		/** Whether receivers may be private, loopback or link-local addresses. */
		allowPrivate: boolean;
	};
	port: number;
	host: string;
	siteDir: string;
	/** The media library's folder (SQLite); with DATABASE_URL the files live in PostgreSQL. */
	mediaDir: string;
	distDir: string;
	apiCacheTtlMs: number;
	/** Costly public reads a client may have computed per minute; 0: no budget. */
	costlyReadsPerMinute: number;
	/** Requests per minute per API key (API_KEY_RATE_LIMIT). */
	apiKeyRateLimit: number;
	/** Counted reviews a platform needs to rank among its category's leaders. */
	leadersMinReviews: number;
	generateOnStart: boolean;
	logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
	/** Pretty under `astro dev` (NODE_ENV=development) unless LOG_FORMAT says otherwise; else JSON. */
	logFormat: 'json' | 'pretty';
	/** The metrics server: its port, and HOST or 127.0.0.1 (never all interfaces by default). */
	metrics: { port: number; host: string } | undefined;
	shutdownTimeoutMs: number;
	/** ANALYTICS_FLUSH_MS: page views wait in memory at most this long before they are written. */
	analyticsFlushMs: number;
	/** Bounds on what one client can hold open when a node is reachable without a proxy. */
	connections: {
		max: number;
		perAddress: number;
		keepAliveTimeoutMs: number;
		requestTimeoutMs: number;
		sendTimeoutMs: number;
	};
	/** Uploads one node takes at once (http/upload-file.ts). */
	maxConcurrentUploads: number;
	/** MEDIA_QUOTA_BYTES: each editor's media storage quota. */
	mediaQuotaBytes: number;
	/** IndexNow pings: off unless INDEXNOW_KEY is set. */
	indexNow: { key: string; endpoint: string } | undefined;
};

/**
 * The committed migrations of each engine, found from the working directory unless named (an
 * empty variable is unset).
 * Read on each call rather than fixed with config(): scripts and tests open (and migrate) a
 * database before anything else reads the configuration.
 */
export function migrationsFolders(): { sqlite: string; postgres: string } {
	return {
		sqlite: resolve(process.env.MIGRATIONS_DIR || 'db/migrations'),
		postgres: resolve(process.env.POSTGRES_MIGRATIONS_DIR || 'db/migrations-postgres'),
	};
}

/**
 * Whether the environment names a PostgreSQL database (an empty DATABASE_URL names none), read
 * afresh: the table bindings follow it before an engine is chosen, and config() would fix the
 * configuration before a test or script has set it.
 */
export function environmentNamesPostgres(): boolean {
	return Boolean(process.env.DATABASE_URL);
}

let cached: AppConfig | undefined;

/**
 * The database as scripts and logs name it: the SQLite file, or PostgreSQL's host and database
 * (never the password the URL may carry).
 */
export function databaseName({ databaseUrl, databasePath }: AppConfig): string {
	if (!databaseUrl) return databasePath;
	const url = new URL(databaseUrl);
	return `PostgreSQL ${url.host}${url.pathname}`;
}

export function config(): AppConfig {
	if (cached) return cached;
	loadDotEnv();
	const parsed = schema.safeParse(process.env);
	if (!parsed.success) {
		throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
	}
	const env = parsed.data;
	if (env.TRUSTED_PROXIES && env.TRUST_PROXY) {
		throw new Error(
			'Invalid environment: set TRUSTED_PROXIES or TRUST_PROXY=1 (its older spelling), not both',
		);
	}
	const siteUrl = new URL(env.SITE_URL ?? `http://localhost:${env.PORT || 4321}`);
	cached = {
		databasePath: resolve(env.DATABASE_PATH),
		databaseUrl: env.DATABASE_URL,
		siteUrl,
		smtpUrl: env.SMTP_URL,
		outboxDir: resolve(env.OUTBOX_DIR),
		mailFrom: env.MAIL_FROM,
		podcastOwnerEmail: env.PODCAST_OWNER_EMAIL,
		trustedProxies: env.TRUSTED_PROXIES ?? (env.TRUST_PROXY ? LOOPBACK_PROXIES : NO_TRUSTED_PROXIES),
		secureCookies: siteUrl.protocol === 'https:',
		newsletter: {
			workerEnabled: env.NEWSLETTER_WORKER,
			concurrency: env.NEWSLETTER_CONCURRENCY,
			ratePerSecond: env.NEWSLETTER_RATE_PER_SECOND,
			maxAttempts: env.NEWSLETTER_MAX_ATTEMPTS,
			retryBaseMs: env.NEWSLETTER_RETRY_BASE_MS,
			leaseMs: env.NEWSLETTER_LEASE_MS,
			pollMs: env.NEWSLETTER_POLL_MS,
			replyTo: env.NEWSLETTER_REPLY_TO,
			postalAddress: env.NEWSLETTER_POSTAL_ADDRESS || undefined,
		},
		followDigestIntervalMs: env.FOLLOW_DIGEST_INTERVAL_MS,
		webhooks: { retryBaseMs: env.WEBHOOK_RETRY_BASE_MS, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE },
		port: env.PORT,
		host: env.HOST ?? 'localhost',
		siteDir: resolve(env.SITE_DIR),
		mediaDir: resolve(env.MEDIA_DIR),
		distDir: resolve(env.DIST_DIR),
		apiCacheTtlMs: env.API_CACHE_TTL_MS,
		costlyReadsPerMinute: env.COSTLY_READS_PER_MINUTE,
		apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
		leadersMinReviews: env.LEADERS_MIN_REVIEWS,
		generateOnStart: env.SITE_GENERATE_ON_START,
		logLevel: env.LOG_LEVEL,
		logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
		metrics:
			env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.HOST ?? '127.0.0.1' },
		shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
		analyticsFlushMs: env.ANALYTICS_FLUSH_MS,
		connections: {
			max: env.MAX_CONNECTIONS,
			perAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
			keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
			requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
			sendTimeoutMs: env.SEND_TIMEOUT_MS,
		},
		maxConcurrentUploads: env.MAX_CONCURRENT_UPLOADS,
		mediaQuotaBytes: env.MEDIA_QUOTA_BYTES,
		indexNow: env.INDEXNOW_KEY ? { key: env.INDEXNOW_KEY, endpoint: env.INDEXNOW_ENDPOINT } : undefined,
	};
	return cached;
}
