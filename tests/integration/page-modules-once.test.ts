/**
 * Each route's module is imported once by the server build, not on every request it answers
 * (src/integrations/page-modules-once.mjs): a repeated `import()` of a loaded module still costs
 * Node's module resolution on every signed-in API answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPageModulesOnce } from '../../src/integrations/page-modules-once.mjs';

const ENTRY = join(process.env.DIST_DIR || 'dist', 'server/entry.mjs');

describe('route modules in the server build', () => {
	it('keep their first import for every later request', () => {
		// A route's loader, one a line: `var _page7 = <loader>;`, or in the route map itself,
		// `["src/pages/…", <loader>],`.
		const loaders = readFileSync(ENTRY, 'utf8')
			.split('\n')
			.filter((line) => /^var _page\d+ = |^\s*\["[^"]+", .*import\(/.test(line));
		// The site has well over fifty routes; far fewer means the entry is no longer spelled so.
		expect(loaders.length).toBeGreaterThan(50);
		expect(loaders.filter((line) => !line.includes('loaded ??= import('))).toEqual([]);
	});

	it('load a route module once however many requests ask', async () => {
		let imports = 0;
		const source = loadPageModulesOnce(
			'var _page7 = () => import("./chunks/user.mjs").then((n) => n.t);\nreturn _page7;',
		);
		// The rewritten loader, run with a stand-in for import() that counts what it loads.
		const loader = (
			new Function('load', source.replace(/\bimport\(/g, 'load(')) as (
				load: (path: string) => Promise<{ t: string }>,
			) => () => Promise<string>
		)(async (path) => {
			imports++;
			return { t: path };
		});
		expect(await loader()).toBe('./chunks/user.mjs');
		expect(await loader()).toBe('./chunks/user.mjs');
		expect(imports).toBe(1);
	});
});
