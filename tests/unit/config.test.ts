/**
 * Reading the environment (src/server/config.ts): an empty variable means its default, and the
 * database is named for logs and scripts without the password a PostgreSQL URL may carry.
 */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshConfig(env: Record<string, string>) {
	vi.resetModules();
	for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
	return import('@/server/config');
}

afterEach(() => vi.unstubAllEnvs());

describe('config', () => {
	it('takes an empty DATABASE_PATH (as in a copied .env) as the default file', async () => {
		const { config, databaseName } = await freshConfig({ DATABASE_PATH: '', DATABASE_URL: '' });
		expect(config().databasePath).toBe(resolve('data/app.db'));
		expect(databaseName(config())).toBe(resolve('data/app.db'));
	});

	it('names a PostgreSQL database by host and name, never by its password', async () => {
		const { config, databaseName } = await freshConfig({
			DATABASE_URL: 'postgres://app:s3cret@db.internal:5433/retail_media',
		});
		expect(databaseName(config())).toBe('PostgreSQL db.internal:5433/retail_media');
	});
});
