/**
 * Runs dependency-cruiser under the house rules (.dependency-cruiser.cjs) and returns its JSON
 * answer; and reads the imports of the .astro files, which dependency-cruiser cannot parse.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';

export type CruiseResult = {
	modules: {
		source: string;
		dependencies: { resolved: string; rules: { name: string; severity: string }[] }[];
	}[];
	summary: {
		violations: {
			type: string;
			from: string;
			to: string;
			cycle?: { name: string }[];
			rule: { name: string; severity: string };
		}[];
	};
};

// The house test and the drawing ask the same questions; one cruise each is enough (about 10 s).
const cruises = new Map<string, CruiseResult>();

export function cruiseJson(args: string[]): CruiseResult {
	const key = args.join('\0');
	const cached = cruises.get(key);
	if (cached) return cached;
	const bin = join('node_modules', '.bin', 'depcruise');
	const output = execFileSync(
		bin,
		[...args, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
		{
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
		},
	);
	const result = JSON.parse(output) as CruiseResult;
	cruises.set(key, result);
	return result;
}

/** The aliases of tsconfig.json, as the folders they stand for. */
const ALIASES: [prefix: string, folder: string][] = [
	['@/', 'src/'],
	['@db/', 'db/'],
];
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts'];

/** The project file an import names (from the project root), or undefined for a package. */
function resolveImport(specifier: string, fromFile: string): string | undefined {
	const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
	let base: string;
	if (alias) base = alias[1] + specifier.slice(alias[0].length);
	else if (specifier.startsWith('.')) base = posix.join(posix.dirname(fromFile), specifier);
	else return undefined;
	base = base.replace(/\?.*$/, '');
	const found = EXTENSIONS.map((extension) => base + extension).find((path) => existsSync(path));
	return found ?? base;
}

function* astroFiles(folder: string): Generator<string> {
	for (const entry of readdirSync(folder, { withFileTypes: true })) {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) yield* astroFiles(path);
		else if (entry.name.endsWith('.astro')) yield relative('.', path).split('\\').join('/');
	}
}

/**
 * Every import of an .astro file under `folder` (its frontmatter and its <script> blocks), as
 * [importer, imported file]. dependency-cruiser reads no .astro, and the layouts and page
 * components import each other there.
 */
export function astroImports(folder = 'src'): [from: string, to: string][] {
	const arrows: [string, string][] = [];
	for (const file of astroFiles(folder)) {
		const text = readFileSync(file, 'utf8');
		const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
		const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
		for (const code of [frontmatter, ...scripts]) {
			for (const { fileName } of ts.preProcessFile(code, true, true).importedFiles) {
				const resolved = resolveImport(fileName, file);
				if (resolved && resolved !== file) arrows.push([file, resolved]);
			}
		}
	}
	return arrows;
}
