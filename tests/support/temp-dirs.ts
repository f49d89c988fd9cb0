import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';

/**
 * For a test file whose tests each make folders of their own: the returned function makes one
 * (named `prefix` and a random tail), and every folder made during a test is removed after it.
 */
export function tempDirsPerTest(prefix: string): () => string {
	const made: string[] = [];
	afterEach(() => {
		for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
	});
	return () => {
		const dir = mkdtempSync(join(tmpdir(), prefix));
		made.push(dir);
		return dir;
	};
}

/**
 * For a test file that keeps one folder for all its tests: made now (named `prefix` and a random
 * tail), removed once the file's tests have run. Call at the file's top level.
 */
export function tempDirPerFile(prefix: string): string {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	afterAll(() => rmSync(dir, { recursive: true, force: true }));
	return dir;
}
