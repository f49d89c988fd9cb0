import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPostgresRunDir, stopPostgresCluster } from '../../scripts/shared/postgres-cluster';

/**
 * The tests drive the production build; `npm test` runs `astro build` before vitest. The run's
 * templates (tests/support/templates.ts) and PostgreSQL cluster (tests/support/postgres-databases.ts) are made
 * by the first test file that needs them, in folders made here and removed here at the end.
 */
export default function setup(project: TestProject): () => void {
	const entry = join(process.env.DIST_DIR || 'dist', 'server/entry.mjs');
	if (!existsSync(entry)) {
		throw new Error(`${entry} is missing: run \`npm run build\` (npm test does) first.`);
	}
	const removeTemplates = provideTemplatesDir(project);
	const postgresRunDir = createPostgresRunDir();
	project.provide('postgresRunDir', postgresRunDir);
	return () => {
		try {
			stopPostgresCluster(postgresRunDir);
		} finally {
			removeTemplates();
		}
	};
}

/** Makes the run's templates folder (tests/support/templates.ts); returns its removal. */
export function provideTemplatesDir(project: TestProject): () => void {
	const templatesDir = mkdtempSync(join(tmpdir(), 'rmh-templates-'));
	project.provide('templatesDir', templatesDir);
	return () => rmSync(templatesDir, { recursive: true, force: true });
}
