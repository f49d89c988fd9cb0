import type { TestProject } from 'vitest/node';
import { provideTemplatesDir } from './global';

/**
 * The quick run's setup (vitest.quick.config.ts): the run's templates folder, and nothing that
 * needs a build or another program. No PostgreSQL run folder is provided, so a file that would
 * start the cluster fails at once instead.
 */
export default function setup(project: TestProject): () => void {
	return provideTemplatesDir(project);
}
