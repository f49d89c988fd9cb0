/**
 * Writes generated pages under SITE_DIR with an atomic rename, plus brotli and gzip twins that
 * the server hands to clients that accept them. Readers see the old file or the new, never half.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

export function siteDir(): string {
	return resolve(process.env.SITE_DIR ?? 'data/site');
}

/** The file a path is stored in: pages as <path>/index.html, feeds as <path>/index.xml. */
export function fileForPath(path: string, contentType: string): string {
	const clean = path.replace(/^\/+/, '');
	if (/\.[a-z]+$/.test(clean)) return join(siteDir(), clean);
	const name = contentType.includes('xml') ? 'index.xml' : 'index.html';
	return join(siteDir(), clean, name);
}

function writeAtomically(file: string, data: Buffer): void {
	mkdirSync(dirname(file), { recursive: true });
	const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
	writeFileSync(temp, data);
	renameSync(temp, file);
}

/** The page first, then its twins, so a twin is never newer content than its page. */
export function writePage(path: string, contentType: string, body: Buffer): void {
	const file = fileForPath(path, contentType);
	writeAtomically(file, body);
	writeAtomically(
		`${file}.br`,
		brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
	);
	writeAtomically(`${file}.gz`, gzipSync(body, { level: 9 }));
}

/** Removes a page (every stored form of it), so its route answers on demand (404). */
export function removePage(path: string): void {
	for (const type of ['text/html', 'application/xml']) {
		const file = fileForPath(path, type);
		for (const suffix of ['', '.br', '.gz']) rmSync(file + suffix, { force: true });
	}
}
