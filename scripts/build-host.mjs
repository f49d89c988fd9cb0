/**
 * Last step of `npm run build`: bundles the production host (src/server/host/main.ts, with the
 * app modules it imports) and its start script (scripts/serve.ts: migrate, seed, then the host)
 * into plain JavaScript under $DIST_DIR/host/, so production runs them with `node` and no
 * TypeScript loader. Packages stay imports of node_modules.
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';

const outdir = resolve(process.env.DIST_DIR || 'dist', 'host');
const started = Date.now();
await build({
	entryPoints: {
		main: resolve(import.meta.dirname, '../src/server/host/main.ts'),
		serve: resolve(import.meta.dirname, 'serve.ts'),
	},
	outdir,
	outExtension: { '.js': '.mjs' },
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	sourcemap: true,
	logLevel: 'warning',
});
console.log(`[host] ${outdir}/main.mjs and serve.mjs (${Date.now() - started} ms)`);
