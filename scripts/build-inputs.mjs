/**
 * What a build is made from, summed up as one hash: the content of every file the build reads
 * (sources, public files, the database schema, the build scripts, the lock file and the
 * configs) and SITE_URL, which prerendered pages carry. `npm start` compares it with the hash
 * recorded beside the last build and rebuilds only when they differ. Content, not modification
 * times, so a checkout or a copy that touches files without changing them rebuilds nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders and files (relative to the project root) whose content a build depends on. */
export const BUILD_INPUTS = [
	'src',
	'public',
	'db',
	'scripts',
	'astro.config.mjs',
	'tsconfig.json',
	'package.json',
	'package-lock.json',
];

/** The file beside a build that records the hash of the inputs it was built from. */
export const RECORD_FILE = '.build-inputs';

function* files(path) {
	if (!existsSync(path)) return;
	if (!statSync(path).isDirectory()) {
		yield path;
		return;
	}
	for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
		a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
	)) {
		if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
		yield* files(join(path, entry.name));
	}
}

/** The hash of the build inputs under `root` with the given environment. */
export function buildInputsHash(root, env = process.env) {
	const hash = createHash('sha256');
	hash.update(`SITE_URL=${env.SITE_URL || ''}\0`);
	for (const input of BUILD_INPUTS) {
		for (const file of files(join(root, input))) {
			hash.update(`${relative(root, file).split(sep).join('/')}\0`);
			hash.update(readFileSync(file));
			hash.update('\0');
		}
	}
	return hash.digest('hex');
}

/**
 * Whether the build in `distDir` was made from exactly these inputs: its server entry, host
 * and recorded hash are there, and the hash matches.
 */
export function buildIsCurrent(distDir, inputsHash) {
	const record = join(distDir, RECORD_FILE);
	for (const file of ['server/entry.mjs', 'host/main.mjs', 'host/serve.mjs', RECORD_FILE]) {
		if (!existsSync(join(distDir, file))) return false;
	}
	return readFileSync(record, 'utf8').trim() === inputsHash;
}
