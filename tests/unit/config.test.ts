/**
 * Reading the environment (src/server/config.ts): an empty variable means its default, the
 * database is named for logs and scripts without the password a PostgreSQL URL may carry, and
 * forwarding headers are believed from the listed proxies' addresses only.
 */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshConfig(env: Record<string, string>) {
	vi.resetModules();
	vi.unstubAllEnvs();
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

	describe('TRUSTED_PROXIES', () => {
		it('trusts the listed addresses and subnets only, an IPv4 peer on an IPv6 socket as itself', async () => {
			const { config } = await freshConfig({ TRUSTED_PROXIES: ' 10.0.0.5, fd00::/8,192.168.0.0/16 ,' });
			const { trustedProxies } = config();
			expect(trustedProxies.entries).toEqual(['10.0.0.5', 'fd00::/8', '192.168.0.0/16']);
			for (const peer of ['10.0.0.5', '::ffff:10.0.0.5', 'fd00::1', '192.168.7.1', '::ffff:192.168.7.1']) {
				expect(trustedProxies.trusts(peer), peer).toBe(true);
			}
			for (const peer of ['10.0.0.6', '127.0.0.1', '::1', 'fe80::1', '', undefined, 'unknown']) {
				expect(trustedProxies.trusts(peer), String(peer)).toBe(false);
			}
		});

		it('trusts nobody when unset or empty (TRUST_PROXY=0 too)', async () => {
			const unset: Record<string, string>[] = [
				{},
				{ TRUSTED_PROXIES: '' },
				{ TRUST_PROXY: '0' },
				{ TRUST_PROXY: '' },
			];
			for (const env of unset) {
				const { config } = await freshConfig(env);
				expect(config().trustedProxies.entries, JSON.stringify(env)).toEqual([]);
				expect(config().trustedProxies.trusts('127.0.0.1')).toBe(false);
			}
		});

		it('reads the older TRUST_PROXY=1 as a proxy on this machine: loopback only', async () => {
			for (const value of ['1', 'true']) {
				const { config } = await freshConfig({ TRUST_PROXY: value });
				const { trustedProxies } = config();
				expect(trustedProxies.entries).toEqual(['127.0.0.1', '::1']);
				for (const peer of ['127.0.0.1', '::ffff:127.0.0.1', '::1'])
					expect(trustedProxies.trusts(peer)).toBe(true);
				expect(trustedProxies.trusts('203.0.113.7')).toBe(false);
			}
		});

		it('refuses what is not an address or subnet, and both settings at once, naming them', async () => {
			for (const value of ['yes', '1', '10.0.0.0/33', 'nginx.internal', '10.0.0.1/8/8', '::1/129']) {
				const { config } = await freshConfig({ TRUSTED_PROXIES: value });
				expect(() => config(), value).toThrow(/TRUSTED_PROXIES/);
			}
			const { config } = await freshConfig({ TRUSTED_PROXIES: '10.0.0.5', TRUST_PROXY: '1' });
			expect(() => config()).toThrow(/TRUSTED_PROXIES.*TRUST_PROXY/);
		});
	});
});
