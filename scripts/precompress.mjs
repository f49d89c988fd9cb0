/**
 * Post-build step (`npm run build` runs it after `astro build`): writes a brotli (.br) and a
 * gzip (.gz) twin beside every compressible file in dist/client, so the server hands out
 * compressed bytes without compressing per request (src/server/host/static-files.ts).
 * A twin that would not be smaller than its file is not written. DIST_DIR picks the build folder.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set([
	'.html',
	'.css',
	'.js',
	'.mjs',
	'.json',
	'.svg',
	'.xml',
	'.txt',
	'.webmanifest',
	'.map',
	'.ico',
]);
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir) {
	for (const entry of await readdir(dir, { withFileTypes: true })) {
		const full = join(dir, entry.name);
		if (entry.isDirectory()) yield* walk(full);
		else if (entry.isFile() && COMPRESSIBLE.has(extname(entry.name))) yield full;
	}
}

async function twins(file) {
	const body = await readFile(file);
	const [br, gzipped] = await Promise.all([
		brotli(body, {
			params: {
				[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
				[constants.BROTLI_PARAM_SIZE_HINT]: body.length,
			},
		}),
		gz(body, { level: 9 }),
	]);
	const written = [];
	for (const [suffix, data] of [
		['.br', br],
		['.gz', gzipped],
	]) {
		if (data.length >= body.length) continue;
		await writeFile(file + suffix, data);
		written.push(data.length);
	}
	return { size: body.length, br: written[0] ?? body.length };
}

const client = resolve(process.env.DIST_DIR || 'dist', 'client');
try {
	await stat(client);
} catch {
	console.error(`${client} is missing: run \`astro build\` first.`);
	process.exit(1);
}
const started = Date.now();
const files = [];
for await (const file of walk(client)) files.push(file);
let plain = 0;
let compressed = 0;
// zlib's async calls run on the libuv pool, so a few at once use every core.
for (let i = 0; i < files.length; i += 8) {
	for (const result of await Promise.all(files.slice(i, i + 8).map(twins))) {
		plain += result.size;
		compressed += result.br;
	}
}
console.log(
	`[precompress] ${files.length} files in ${client}: ${(plain / 1024).toFixed(0)} KB -> ` +
		`${(compressed / 1024).toFixed(0)} KB brotli (${Date.now() - started} ms)`,
);
