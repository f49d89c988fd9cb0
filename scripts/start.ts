/**
 * `npm start`: build the site (`npm run build`: astro build, then the pre-compressed twins of
 * the build files), then serve it (scripts/serve.ts migrates and seeds the database first).
 * The build reads no data: public pages are generated from the database once the server runs.
 */
import { spawnSync } from 'node:child_process';

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
await import('./serve');
