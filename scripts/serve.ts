/**
 * Serves the built site: migrates and seeds the database, then starts the standalone server
 * from dist/ (HOST and PORT from the environment, default localhost:4321).
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { prepareDatabase } from './prepare-database';

const entry = resolve('dist/server/entry.mjs');
if (!existsSync(entry)) {
	console.error('dist/ is missing: run `npm run build` first (npm start does both).');
	process.exit(1);
}
await prepareDatabase({ seed: true });
process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
await import(pathToFileURL(entry).href);
