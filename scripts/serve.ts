/**
 * Serves the built site: migrates and seeds the database, then starts scripts/server.mjs
 * (HOST and PORT from the environment, default localhost:4321), which also generates the
 * static pages from the database in the background.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { prepareDatabase } from './prepare-database';

const entry = resolve(process.env.DIST_DIR || 'dist', 'server/entry.mjs');
if (!existsSync(entry)) {
	console.error(`${entry} is missing: run \`npm run build\` first (npm start does both).`);
	process.exit(1);
}
await prepareDatabase({ seed: true });
await import('./server.mjs');
