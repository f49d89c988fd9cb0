/**
 * Serves the built site: migrates and seeds the database, then starts the production host
 * ($DIST_DIR/host/main.mjs, bundled from src/server/host/ by `npm run build`), which listens on
 * HOST:PORT and generates the static pages from the database in the background.
 */
import './node-version.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { config } from '@/server/runtime/config';
import { baseLog, flushLog } from '@/server/runtime/log';
import { prepareDatabase } from './prepare-database';

let distDir: string;
try {
	distDir = config().distDir;
} catch (error) {
	// A bad setting stops the start with what is wrong, not a stack trace.
	console.error(error instanceof Error ? error.message : String(error));
	process.exit(1);
}
const host = join(distDir, 'host/main.mjs');
for (const file of [join(distDir, 'server/entry.mjs'), host]) {
	if (!existsSync(file)) {
		console.error(`${file} is missing: run \`npm run build\` first (npm start does both).`);
		process.exit(1);
	}
}
await prepareDatabase({ seed: true, report: (line) => baseLog().info({ subject: 'db' }, line) });
// The host bundle has its own log (its own copy of the module): this one's lines go out first.
await flushLog();
await import(pathToFileURL(host).href);
