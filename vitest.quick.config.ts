import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import full from './vitest.config.ts';

/**
 * API and security files that run in-process in the quick run: their assertions are about the
 * API's routes, middleware and services, not about the production host (compression, the
 * shared answer cache, generated pages, static files, probes, signals, the headers and limits
 * the host adds), so they hold the same way against the app served in the test's own process
 * (tests/support/in-process-host.ts) as against the build. Each runs in the full suite too.
 */
export const QUICK_SERVER_FILES = [
	'tests/api/account-sessions.test.ts',
	'tests/api/admin-comments.test.ts',
	'tests/api/admin-overview.test.ts',
	'tests/api/admin-users.test.ts',
	'tests/api/article-body-search.test.ts',
	'tests/api/auth-session.test.ts',
	'tests/api/community.test.ts',
	'tests/api/content.test.ts',
	'tests/api/edit-conflicts.test.ts',
	'tests/api/episode-audio.test.ts',
	'tests/api/market-map.test.ts',
	'tests/api/my-votes.test.ts',
	'tests/api/pages.test.ts',
	'tests/api/password-guessing.test.ts',
	'tests/api/platform-digests.test.ts',
	'tests/api/platform-history.test.ts',
	'tests/api/platforms.test.ts',
	'tests/api/podcasts.test.ts',
	'tests/api/reviews.test.ts',
	'tests/security/authorization-matrix/*.test.ts',
	'tests/security/fuzz/*.test.ts',
];

/**
 * Unit files that test PostgreSQL, alone or beside SQLite (engine parity, migrations on both,
 * the PostgreSQL adapters): they need the run's cluster, which the quick run never starts.
 */
const POSTGRES_UNIT_FILES = [
	'tests/unit/content-bus-postgres.test.ts',
	'tests/unit/email-verified-migration.test.ts',
	'tests/unit/engine-persistence.test.ts',
	'tests/unit/housekeeping.test.ts',
	'tests/unit/media-chunks-migration.test.ts',
	'tests/unit/rate-limit-postgres.test.ts',
	'tests/unit/rating-breakdown-migration.test.ts',
	'tests/unit/readiness.test.ts',
	'tests/unit/recount-ratings-migration.test.ts',
	'tests/unit/review-themes-retired-migration.test.ts',
	'tests/unit/review-vote-counts-migration.test.ts',
	'tests/unit/search-engines.test.ts',
	'tests/unit/seed.test.ts',
	'tests/unit/site-status-postgres.test.ts',
	'tests/unit/slug-migration.test.ts',
	'tests/unit/theme-generations.test.ts',
	'tests/unit/transaction.test.ts',
];

/**
 * `npm run test:quick`, the inner loop: the unit tests and QUICK_SERVER_FILES, on SQLite, with no
 * build and no outside program (no Chromium, PostgreSQL, nginx or Java). `npm test` runs
 * everything, these files included, against the build.
 */
export default defineConfig({
	resolve: {
		alias: {
			...(full.resolve?.alias as Record<string, string>),
			// The one virtual module the app's own code imports (src/middleware.ts), which Astro's
			// Vite plugin provides in a build; here its public twin.
			'astro:middleware': fileURLToPath(
				new URL('./node_modules/astro/dist/virtual-modules/middleware.js', import.meta.url),
			),
		},
	},
	test: {
		name: 'quick',
		include: ['tests/unit/**/*.test.ts', ...QUICK_SERVER_FILES],
		exclude: POSTGRES_UNIT_FILES,
		testTimeout: 60_000,
		hookTimeout: 120_000,
		pool: 'forks',
		maxWorkers: 2,
		// drizzle-orm through the module runner, as in the full suite (vitest.config.ts says why).
		server: full.test?.server,
		globalSetup: ['tests/support/global-quick.ts'],
		env: { DOTENV: '0', TEST_DATABASE: 'sqlite', TEST_HOST: 'in-process' },
	},
});
