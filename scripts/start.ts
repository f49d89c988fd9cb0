/**
 * `npm start`: prepare the database (migrate, seed an empty one), build the site from it,
 * then serve. The build reads the database, so it comes after seeding.
 */
import { spawnSync } from 'node:child_process';
import { prepareDatabase } from './prepare-database';

await prepareDatabase({ seed: true });
// `npm run build`: astro build, then the pre-compressed twins of the build files.
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
await import('./serve');
