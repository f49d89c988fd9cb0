/**
 * Reading the environment (src/server/runtime/config.ts): an empty variable means its default, the
 * database is named for logs and scripts without the password a PostgreSQL URL may carry, and
 * forwarding headers are believed from the listed proxies' addresses only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshConfig(env: Record<string, string>) {
	vi.resetModules();
	vi.unstubAllEnvs();
	for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
	return import('@/server/runtime/config');
}

afterEach(() => vi.unstubAllEnvs());

describe('config', () => {
	it('takes an empty DATABASE_PATH (as in a copied .env) as the default file', async () => {
		const { config, databaseName } = await freshConfig({ DATABASE_PATH: '', DATABASE_URL: '' });
		expect(config().databasePath).toBe(resolve('data/app.db'));
		expect(databaseName(config())).toBe(resolve('data/app.db'));
	});

	it('reads API_KEY_RATE_LIMIT: 600 a minute when unset or empty, and refuses what is no whole number of 1 or more', async () => {
		expect((await freshConfig({ API_KEY_RATE_LIMIT: '' })).config().apiKeyRateLimit).toBe(600);
		expect((await freshConfig({ API_KEY_RATE_LIMIT: '30' })).config().apiKeyRateLimit).toBe(30);
		for (const value of ['0', '-5', '1.5', 'lots']) {
			const { config } = await freshConfig({ API_KEY_RATE_LIMIT: value });
			expect(() => config(), value).toThrow(/API_KEY_RATE_LIMIT/);
		}
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

	describe('SITE_URL', () => {
		it('follows PORT when unset or empty, so mailed links name the port the site listens on', async () => {
			for (const env of [{ PORT: '8080' }, { PORT: '8080', SITE_URL: '' }] as Record<string, string>[]) {
				const { config } = await freshConfig(env);
				expect(config().siteUrl.href, JSON.stringify(env)).toBe('http://localhost:8080/');
			}
			const { config } = await freshConfig({});
			expect(config().siteUrl.href).toBe('http://localhost:4321/');
		});

		it('is taken as set, whatever PORT says', async () => {
			const { config } = await freshConfig({ PORT: '8080', SITE_URL: 'https://hub.example.com' });
			expect(config().siteUrl.href).toBe('https://hub.example.com/');
		});
	});

	describe('.env', () => {
		it('is read from the working folder under the real environment, and skipped with DOTENV=0', async () => {
			const dir = mkdtempSync(join(tmpdir(), 'rmh-dotenv-'));
			const cwd = process.cwd();
			writeFileSync(join(dir, '.env'), 'PORT=8123\nLOG_LEVEL=warn\nHOST=0.0.0.0\n');
			try {
				process.chdir(dir);
				// The test runs skip it (vitest.config.ts), so a developer's own .env never counts.
				expect(process.env.DOTENV).toBe('0');
				let { config } = await freshConfig({});
				expect(config().port).toBe(4321);
				// A variable of the real environment wins; an empty one too (it means the default).
				({ config } = await freshConfig({ DOTENV: '1', LOG_LEVEL: 'error', HOST: '' }));
				expect(config().port).toBe(8123);
				expect(config().siteUrl.href).toBe('http://localhost:8123/');
				expect(config().logLevel).toBe('error');
				expect(config().host).toBe('localhost');
			} finally {
				process.chdir(cwd);
				// The loader wrote into the real environment: take back what the file added.
				delete process.env.PORT;
				rmSync(dir, { recursive: true, force: true });
			}
		});
	});
});
