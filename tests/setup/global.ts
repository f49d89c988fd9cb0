import { existsSync } from 'node:fs';

/** The tests drive the production build; `npm test` runs `astro build` before vitest. */
export default function setup(): void {
	if (!existsSync('dist/server/entry.mjs')) {
		throw new Error('dist/server/entry.mjs is missing: run `npm run build` (npm test does) first.');
	}
}
