import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import full from './vitest.config';

/**
 * API and security files that run in-process in the quick run: their assertions are about the
 * API's routes, middleware and services, not about the production host (compression, the
 * shared answer cache, generated pages, static files, probes, signals, the headers and limits
 * the host adds), so they hold the same way against the app served in the test's own process
 * (tests/support/in-process-host.ts) as against the build. Each runs in the full suite too.
 */
export const QUICK_SERVER_FILES = ['tests/api/auth-session.test.ts'];

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
			'astro:middleware': fileURLToPath(new URL('./node_modules/astro/dist/virtual-modules/middleware.js', import.meta.url)),
		},
	},
	test: {
		name: 'quick',
		include: ['tests/unit/**/*.test.ts', ...QUICK_SERVER_FILES],
		testTimeout: 60_000,
		hookTimeout: 120_000,
		pool: 'forks',
		maxWorkers: 2,
		globalSetup: ['tests/support/global-quick.ts'],
		env: { DOTENV: '0', TEST_DATABASE: 'sqlite', TEST_HOST: 'in-process' },
	},
});
