/**
 * `npm start`: prepare the database (migrate, seed an empty one), build the site from it,
 * then serve. The build reads the database, so it comes after seeding.
 */
import { spawnSync } from 'node:child_process';
import { prepareDatabase } from './prepare-database';

await prepareDatabase({ seed: true });
const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
await import('./serve');
