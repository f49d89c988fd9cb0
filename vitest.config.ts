import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * API and security files that run again on PostgreSQL: those whose outcome depends on what the
 * engine does. Search and list queries (ILIKE, case-insensitive order), row locks and aggregates
 * (ratings, votes, moderation), shared counters (rate limits, password guessing), sessions and
 * unique violations (sign-up, email change), verification and unsubscribe tokens, the newsletter
 * queue, the per-node status rows, the media library's files (a folder, or PostgreSQL), the relay started with the server, closing the pool on a
 * graceful stop, and input PostgreSQL refuses (NUL, reached by the fuzzer; ids past its integer). The rest (headers,
 * methods, body limits, cross-site checks, permissions, escaping) is decided before any query
 * and runs once, on SQLite.
 */
const POSTGRES_API = [
	'tests/api/analytics.test.ts',
	'tests/api/content.test.ts',
	'tests/api/api-v1.test.ts',
	'tests/api/editor-article-lists.test.ts',
	'tests/api/platforms.test.ts',
	'tests/api/editor-addresses.test.ts',
	'tests/api/comparisons.test.ts',
	'tests/api/podcasts.test.ts',
	'tests/api/podcast-editing.test.ts',
	'tests/api/community.test.ts',
	'tests/api/reviews.test.ts',
	'tests/api/work-email.test.ts',
	'tests/api/review-invitations.test.ts',
	'tests/api/review-themes.test.ts',
	// The leaders rank the weighted score kept per engine, and their awards are upserted.
	'tests/api/leaders.test.ts',
	// The map's satisfaction reads the weighted score.
	'tests/api/market-map.test.ts',
	'tests/api/platform-history.test.ts',
	'tests/api/platform-follows.test.ts',
	'tests/api/platform-digests.test.ts',
	'tests/api/platform-unfollow-page.test.ts',
	'tests/api/admin-comments.test.ts',
	'tests/api/admin-overview.test.ts',
	'tests/api/auth-session.test.ts',
	'tests/api/account-sessions.test.ts',
	'tests/api/profile.test.ts',
	'tests/api/email-verification.test.ts',
	'tests/api/password-guessing.test.ts',
	'tests/api/rate-limits.test.ts',
	'tests/api/newsletters.test.ts',
	'tests/api/site-build.test.ts',
	'tests/api/graceful-stop.test.ts',
	'tests/api/start-up.test.ts',
	'tests/api/site-search.test.ts',
	'tests/api/article-body-search.test.ts',
	'tests/api/archives.test.ts',
	'tests/api/newsletter-archive.test.ts',
	'tests/api/addresses.test.ts',
	'tests/api/newsletter-members.test.ts',
	'tests/api/previews.test.ts',
	'tests/api/media.test.ts',
	'tests/api/scheduled-publishing.test.ts',
	'tests/api/revisions.test.ts',
	'tests/api/episode-scheduling.test.ts',
	'tests/api/edit-conflicts.test.ts',
	'tests/api/episode-audio.test.ts',
	'tests/api/media-audio.test.ts',
	'tests/api/media-streaming.test.ts',
	'tests/api/upload-refused-unread.test.ts',
	'tests/api/costly-reads.test.ts',
	// Share images regenerated and removed with their items; IndexNow pings once per change.
	'tests/api/share-images.test.ts',
	'tests/api/indexnow.test.ts',
	// Webhook messages queued and tried through the lease queue; rating badges refreshed on change.
	'tests/api/webhooks.test.ts',
	'tests/api/rating-badges.test.ts',
	'tests/security/rate-limits.test.ts',
	'tests/security/hardening.test.ts',
	// The fuzzer in three parts (tests/support/fuzz.ts), so both workers share it.
	'tests/security/fuzz/*.test.ts',
	'tests/security/input-bounds.test.ts',
];

const POSTGRES_BROWSER_SMOKE = [
	'tests/e2e/articles.test.ts',
	'tests/e2e/publishing.test.ts',
	'tests/e2e/comment-own-votes.test.ts',
	'tests/e2e/podcast-editor.test.ts',
	'tests/e2e/media-library.test.ts',
	'tests/e2e/revisions.test.ts',
	'tests/e2e/editor-autosave.test.ts',
	'tests/e2e/editor-media-tools.test.ts',
];

// Integration and browser tests run against the production build (`npm test` builds first);
// each test file starts its own server on a free port with its own temporary database.
export default defineConfig({
	// The same aliases as tsconfig.json's paths, which Astro, esbuild and tsx read on their own.
	resolve: {
		alias: {
			'@/': fileURLToPath(new URL('./src/', import.meta.url)),
			'@db/': fileURLToPath(new URL('./db/', import.meta.url)),
		},
	},
	test: {
		// drizzle-orm goes through Vite's module runner in the test processes (transformed once a run);
		// loaded by Node, module by module, it reads its 179 KB package.json for each of its ES modules,
		// over a second of CPU in every test file that touches the database.
		server: { deps: { inline: ['drizzle-orm'] } },
		// Browser journeys (sign up, mail, reset, sign in: four argon2 hashes in turn) take long on a
		// busy 2-core machine; a timeout here says nothing about the product.
		testTimeout: 60_000,
		hookTimeout: 120_000,
		pool: 'forks',
		maxWorkers: 2,
		globalSetup: ['tests/support/global.ts'],
		// A developer's own .env must not change what the tests run (servers they start inherit it).
		env: { DOTENV: '0' },
		// Browser checks poll the page for a state, returning as soon as it holds; the timeout only
		// bounds a failure, so it is as long as a loaded 2-core machine needs (a dialog's round trip
		// took over 12 s there while the whole suite ran).
		expect: { poll: { timeout: 30_000, interval: 50 } },
		projects: [
			// Everything on SQLite, the default engine.
			{
				extends: true,
				test: { name: 'sqlite', include: ['tests/**/*.test.ts'], env: { TEST_DATABASE: 'sqlite' } },
			},
			// The files where the engine matters, again with the servers on PostgreSQL (TEST_DATABASE).
			{
				extends: true,
				test: {
					name: 'postgres',
					include: [
						...POSTGRES_API,
						// Services on a database: sessions, content change events, the newsletter
						// queue (in-process, and with sender processes that crash). The other unit
						// and process tests either need no database or test both engines themselves.
						'tests/unit/session.test.ts',
						'tests/unit/analytics-days.test.ts',
						'tests/unit/content-events.test.ts',
						'tests/unit/newsletter-queue.test.ts',
						'tests/unit/platform-digest-queue.test.ts',
						'tests/unit/review-score.test.ts',
						'tests/unit/category-leaders.test.ts',
						'tests/integration/newsletter-crash.test.ts',
						// The partner events' outbox: written in each change's transaction, fanned out once.
						'tests/integration/partner-event-outbox.test.ts',
						// A browser smoke test on PostgreSQL: reading and searching articles, an
						// editor publishing articles and podcast episodes through the dashboard, a
						// comment moderated and voted on by readers. The rest of the browser suite runs on SQLite.
						...POSTGRES_BROWSER_SMOKE,
					],
					env: { TEST_DATABASE: 'postgres' },
				},
			},
		],
	},
});
