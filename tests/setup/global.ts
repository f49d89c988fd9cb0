import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The tests drive the production build; `npm test` runs `astro build` before vitest. */
export default function setup(): void {
	const entry = join(process.env.DIST_DIR || 'dist', 'server/entry.mjs');
	if (!existsSync(entry)) {
		throw new Error(`${entry} is missing: run \`npm run build\` (npm test does) first.`);
	}
}
