/**
 * The built host refuses to start on a bad setting, naming it, instead of silently changing
 * behaviour (every setting is read through src/server/runtime/config.ts).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HOST_ENTRY } from '../support/server';

describe('a bad setting', () => {
	it.each([
		['API_CACHE_TTL_MS', 'abc'],
		['ANALYTICS_FLUSH_MS', '0'],
		['PORT', 'eighty'],
		['SITE_GENERATE_ON_START', 'maybe'],
		['DATABASE_URL', 'mysql://db.example/app'],
	])('%s=%s stops the start with a clear message', (name, value) => {
		const run = spawnSync(process.execPath, [HOST_ENTRY], {
			env: { ...process.env, [name]: value, PORT: name === 'PORT' ? value : '0', HOST: '127.0.0.1' },
			encoding: 'utf8',
			timeout: 30_000,
		});
		expect(run.status).toBe(1);
		expect(run.stderr).toContain('Invalid environment');
		expect(run.stderr).toContain(name);
		expect(run.stderr).not.toMatch(/^\s+at /m);
		expect(run.stdout).not.toContain('listening');
	});
});
