/**
 * The README's "What is where" table names every page route under src/pages (the API aside,
 * which docs/api.md lists, and the 404 screen), so a new page cannot be left out of it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGES = join(process.cwd(), 'src/pages');

/** The URL pattern of each page file: `[id]` is a parameter, `index` its folder. */
function pageRoutes(dir = PAGES): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === 'api' ? [] : pageRoutes(path);
		const route = `/${relative(PAGES, path)}`.replace(/\.(astro|ts)$/, '').replace(/\/index$/, '') || '/';
		return route === '/404' ? [] : [route];
	});
}

/** The README's table from "What is where" to the next heading. */
function urlTable(): string {
	const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
	const start = readme.indexOf('What is where:');
	return readme.slice(start, readme.indexOf('\n## ', start));
}

describe("the README's URL table", () => {
	it('names every page route', () => {
		const table = urlTable();
		const missing = pageRoutes().filter((route) => {
			const pattern = route
				.split('/')
				.map((segment) => {
					// `[id]` (or `[id].png`, a parameter with a fixed extension) is written `{id}` (`{id}.png`).
					const parameter = /^\[[^\]]+\](\.[a-z]+)?$/.exec(segment);
					const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
					if (!parameter) return literal(segment);
					return `\\{[^}\`]+\\}${parameter[1] ? literal(parameter[1]) : '(?:\\.\\{[^}`]+\\})?'}`;
				})
				.join('/');
			return !new RegExp(`\`${pattern}[\`?]`).test(table);
		});
		expect(missing).toEqual([]);
	});
});
