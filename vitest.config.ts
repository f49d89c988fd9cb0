import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API files that stay on SQLite: they check the SQLite file itself (a readiness probe while
 * the file is gone), which PostgreSQL has no counterpart for.
 */
const SQLITE_ONLY = ['tests/api/health.test.ts'];

const POSTGRES_BROWSER_SMOKE = [
	'tests/e2e/articles.test.ts',
	'tests/e2e/publishing.test.ts',
	'tests/e2e/comment-own-votes.test.ts',
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
		// Browser journeys (sign up, mail, reset, sign in: four argon2 hashes in turn) take long on a
		// busy 2-core machine; a timeout here says nothing about the product.
		testTimeout: 60_000,
		hookTimeout: 120_000,
		pool: 'forks',
		maxWorkers: 2,
		minWorkers: 1,
		globalSetup: ['tests/setup/global.ts'],
		// Browser checks poll the page; give a busy machine time before calling it a failure.
		expect: { poll: { timeout: 10_000, interval: 50 } },
		projects: [
			// Everything on SQLite, the default engine.
			{
				extends: true,
				test: { name: 'sqlite', include: ['tests/**/*.test.ts'], env: { TEST_DATABASE: 'sqlite' } },
			},
			// The API and security suites again with the servers on PostgreSQL (TEST_DATABASE).
			{
				extends: true,
				test: {
					name: 'postgres',
					include: [
						'tests/api/**/*.test.ts',
						'tests/security/**/*.test.ts',
						// Unit tests of services on a database: sessions, content change events, the
						// newsletter queue (in-process and with sender processes that crash). The
						// other unit tests either need no database or test both engines themselves.
						'tests/unit/session.test.ts',
						'tests/unit/content-events.test.ts',
						'tests/unit/newsletter-queue.test.ts',
						'tests/unit/newsletter-crash.test.ts',
						// A browser smoke test on PostgreSQL: reading and searching articles, an
						// editor publishing through the dashboard, a comment moderated and voted on by
						// readers. The rest of the browser suite runs on SQLite.
						...POSTGRES_BROWSER_SMOKE,
					],
					exclude: [...configDefaults.exclude, ...SQLITE_ONLY],
					env: { TEST_DATABASE: 'postgres' },
				},
			},
		],
	},
});
