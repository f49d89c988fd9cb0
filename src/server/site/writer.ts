/**
 * Writes generated pages under SITE_DIR with an atomic rename, plus brotli and gzip twins that
 * the server hands to clients that accept them. Readers see the old file or the new, never half.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { config } from '@/server/runtime/config';
import { storedPagePath } from './query-variants';
import { storedPages } from '@/server/changes/served-copies';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * Quality 6 gets within a few percent of the smallest brotli output for HTML at a fraction of
 * the CPU of 9-11 (compression was 40% of generation time at 9); zlib runs off the main thread.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } };
const GZIP_OPTIONS = { level: 6 };

export function siteDir(): string {
	return config().siteDir;
}

/**
 * The file a path is stored in: pages as <path>/index.html, feeds as <path>/index.xml; a page
 * variant chosen by its query (/news?page=2) under the path query-variants.ts gives it.
 */
export function fileForPath(path: string, contentType: string): string {
	const clean = storedPagePath(path).replace(/^\/+/, '');
	if (/\.[a-z]+$/.test(clean)) return join(siteDir(), clean);
	const name = contentType.includes('xml') ? 'index.xml' : 'index.html';
	return join(siteDir(), clean, name);
}

let tempCounter = 0;

async function writeAtomically(file: string, data: Buffer): Promise<void> {
	mkdirSync(dirname(file), { recursive: true });
	const temp = `${file}.${process.pid}.${++tempCounter}.tmp`;
	await writeFile(temp, data);
	renameSync(temp, file);
}

/**
 * The page first, then its twins, so a twin is never newer content than its page; then the
 * host (which serves pages from memory) gets the new version.
 */
export async function writePage(path: string, contentType: string, body: Buffer): Promise<void> {
	const file = fileForPath(path, contentType);
	// A PNG share image is compressed already: no twins.
	if (contentType.startsWith('image/')) {
		await writeAtomically(file, body);
		storedPages.emit({ file, identity: body });
		return;
	}
	const [br, gz] = await Promise.all([brotli(body, BROTLI_OPTIONS), gzipAsync(body, GZIP_OPTIONS)]);
	await writeAtomically(file, body);
	await writeAtomically(`${file}.br`, br);
	await writeAtomically(`${file}.gz`, gz);
	storedPages.emit({ file, identity: body, br, gzip: gz });
}

/** Removes a page (every stored form of it), so its route answers on demand (404). */
export function removePage(path: string): void {
	for (const type of ['text/html', 'application/xml']) {
		const file = fileForPath(path, type);
		for (const suffix of ['', '.br', '.gz']) rmSync(file + suffix, { force: true });
		storedPages.emit({ file, removed: true });
	}
}
