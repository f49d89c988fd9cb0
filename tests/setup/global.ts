import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPostgresRunDir, stopPostgresCluster } from './postgres-cluster';

/**
 * The tests drive the production build; `npm test` runs `astro build` before vitest. PostgreSQL
 * tests share one cluster per run, started by the first of them (tests/setup/postgres.ts) in a
 * folder made here and stopped here at the end.
 */
export default function setup(project: TestProject): () => void {
	const entry = join(process.env.DIST_DIR || 'dist', 'server/entry.mjs');
	if (!existsSync(entry)) {
		throw new Error(`${entry} is missing: run \`npm run build\` (npm test does) first.`);
	}
	const postgresRunDir = createPostgresRunDir();
	project.provide('postgresRunDir', postgresRunDir);
	return () => stopPostgresCluster(postgresRunDir);
}
