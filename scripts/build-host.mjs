/**
 * Last step of `npm run build`: bundles the production host (src/server/host/main.ts, with the
 * few shared modules it imports: settings, log, metrics, headers) and its start script
 * (scripts/serve.ts: migrate, seed, then the host) into plain JavaScript under $DIST_DIR/host/,
 * so production runs them with `node` and no TypeScript loader. Packages stay imports of
 * node_modules. The host reaches the database only through the app (Astro's server build,
 * dist/server/app.mjs), so main.mjs holds no database code (tests/api/start-up.test.ts);
 * serve.mjs migrates with its own copy and closes it before it loads the host.
 *
 * It also bundles the key-phrase thread's entry (src/server/community/key-phrases-worker.ts) into
 * $DIST_DIR/server/key-phrases-worker.mjs, where the server build's themes worker finds it
 * (community/key-phrases-thread.ts): a worker thread loads a file, which Astro's build does not
 * emit on its own.
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';

const outdir = resolve(process.env.DIST_DIR || 'dist', 'host');
const started = Date.now();
/** Both bundles: ES modules for Node 24, their packages left to node_modules. */
const bundled = {
	outExtension: { '.js': '.mjs' },
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node24',
	packages: 'external',
	sourcemap: true,
	logLevel: 'warning',
};
await build({
	...bundled,
	entryPoints: {
		main: resolve(import.meta.dirname, '../src/server/host/main.ts'),
		serve: resolve(import.meta.dirname, 'serve.ts'),
	},
	outdir,
});
await build({
	...bundled,
	entryPoints: {
		'key-phrases-worker': resolve(import.meta.dirname, '../src/server/community/key-phrases-worker.ts'),
	},
	outdir: resolve(process.env.DIST_DIR || 'dist', 'server'),
});
console.log(
	`[host] ${outdir}/main.mjs and serve.mjs, server/key-phrases-worker.mjs (${Date.now() - started} ms)`,
);
