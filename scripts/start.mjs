/**
 * `npm start`: builds the site when its inputs changed since the last build (or there is none),
 * then serves it as `npm run serve` does. A start with nothing changed skips the build, so it
 * serves within seconds; `npm run build` always builds.
 */
import './node-version.mjs';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildInputsHash, buildIsCurrent, RECORD_FILE } from './build-inputs.mjs';
import { loadDotEnv } from '../src/server/runtime/dotenv.mjs';

// Before anything reads a setting: the build takes SITE_URL and DIST_DIR from the environment.
loadDotEnv();

const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, process.env.DIST_DIR || 'dist');
// Taken before the build, so a file changed while it runs makes the next start build again.
const inputsHash = buildInputsHash(root);

if (buildIsCurrent(distDir, inputsHash)) {
	console.log(`[start] ${distDir} is up to date with the sources: not rebuilding`);
} else {
	console.log('[start] the sources changed since the last build (or there is none): building');
	const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
	if (build.status !== 0) process.exit(build.status ?? 1);
	writeFileSync(resolve(distDir, RECORD_FILE), `${inputsHash}\n`);
}
await import(pathToFileURL(resolve(distDir, 'host/serve.mjs')).href);
