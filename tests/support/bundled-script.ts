/**
 * A test's helper process (a newsletter sender, a crash writer) as one bundled file that Node runs
 * itself. Started through tsx, each such process transformed the server's TypeScript and loaded
 * drizzle-orm's few hundred modules anew: about 4 s of CPU a start, a dozen starts a file.
 * Bundled once per test process, a start takes under 1 s. Packages stay imports of node_modules
 * (the native ones must), except drizzle-orm, bundled as the server build bundles it. The file is
 * written under node_modules/.cache, so what it imports resolves as from the repository.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';

const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
	dependencies?: Record<string, string>;
	devDependencies?: Record<string, string>;
};
const EXTERNAL = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
	(name) => name !== 'drizzle-orm',
);

const built = new Map<string, string>();

/** The bundled file of `entry` (a path from the repository's root), built on first use. */
export function bundledScript(entry: string): string {
	let outfile = built.get(entry);
	if (!outfile) {
		// One file per test process: files running side by side never write the same one.
		outfile = join(
			process.cwd(),
			'node_modules',
			'.cache',
			'rmh-test-scripts',
			`${basename(entry, '.ts')}-${process.pid}.mjs`,
		);
		buildSync({
			entryPoints: [join(process.cwd(), entry)],
			outfile,
			bundle: true,
			platform: 'node',
			format: 'esm',
			target: 'node24',
			external: EXTERNAL,
			logLevel: 'warning',
		});
		built.set(entry, outfile);
	}
	return outfile;
}
