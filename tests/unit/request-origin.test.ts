/**
 * The client facts read from a request: its rate-limit key and whether a write is cross-site.
 * Each case loads the modules afresh, because the configuration is read once per process.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

async function load(env: Record<string, string | undefined>) {
	vi.resetModules();
	vi.unstubAllEnvs();
	for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
	return import('@/server/http/request-origin');
}

function ctx(headers: Record<string, string>, clientAddress: string | (() => never) = '192.0.2.7') {
	return {
		request: new Request('http://127.0.0.1:4321/api/login', { method: 'POST', headers }),
		get clientAddress(): string {
			return typeof clientAddress === 'function' ? clientAddress() : clientAddress;
		},
	};
}

afterEach(() => {
	vi.unstubAllEnvs();
});

describe('clientKey', () => {
	it('uses the connection address by default', async () => {
		const { clientKey } = await load({ TRUSTED_PROXIES: '' });
		expect(clientKey(ctx({}))).toBe('192.0.2.7');
	});

	it('does not let an untrusted X-Forwarded-For choose the key', async () => {
		const { clientKey } = await load({ TRUSTED_PROXIES: '' });
		// An adapter that trusts the header reports the forwarded address as clientAddress.
		const a = clientKey(ctx({ 'x-forwarded-for': '203.0.113.1' }, '203.0.113.1'));
		const b = clientKey(ctx({ 'x-forwarded-for': '203.0.113.2' }, '203.0.113.2'));
		expect(a).toBe(b);
		expect(a).not.toBe('203.0.113.1');
	});

	it('uses the last X-Forwarded-For entry (the one the proxy saw) from a listed proxy', async () => {
		const { clientKey } = await load({ TRUSTED_PROXIES: '192.0.2.7' });
		expect(clientKey(ctx({ 'x-forwarded-for': ' 203.0.113.9 , 10.0.0.1 ' }))).toBe('10.0.0.1');
		expect(clientKey(ctx({ 'x-forwarded-for': '203.0.113.9' }))).toBe('203.0.113.9');
		expect(clientKey(ctx({ 'x-forwarded-for': '203.0.113.9' }, '::ffff:192.0.2.7'))).toBe('203.0.113.9');
		expect(clientKey(ctx({}))).toBe('192.0.2.7');
	});

	it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
		// A client reaching a node past the proxy, or the proxy's own address not listed.
		for (const env of [{ TRUSTED_PROXIES: '192.0.2.8, 10.0.0.0/8' }, { TRUST_PROXY: '1' }]) {
			const { clientKey } = await load(env);
			const a = clientKey(ctx({ 'x-forwarded-for': '203.0.113.1' }));
			const b = clientKey(ctx({ 'x-forwarded-for': '127.0.0.1' }));
			expect(a, JSON.stringify(env)).toBe(b);
			expect(a).not.toMatch(/203\.0\.113\.1|127\.0\.0\.1/);
		}
	});

	it('falls back to "unknown" when the address cannot be read', async () => {
		const { clientKey } = await load({ TRUSTED_PROXIES: '' });
		const failing = () => {
			throw new Error('no address');
		};
		expect(clientKey(ctx({}, failing))).toBe('unknown');
	});
});

describe('isCrossSiteRequest', () => {
	// Astro builds the request URL on localhost whatever the browser used.
	const url = new URL('http://localhost:4321/api/login');
	const request = (headers: Record<string, string>) => new Request(url, { method: 'POST', headers });

	it.each([
		['no Origin (curl, server-to-server)', {}, false],
		['the public site origin', { origin: 'https://www.example.com' }, false],
		[
			'Sec-Fetch-Site same-origin',
			{ origin: 'https://www.example.com', 'sec-fetch-site': 'same-origin' },
			false,
		],
		['the request URL’s own origin (always localhost)', { origin: 'http://localhost:4321' }, true],
		['localhost without a port', { origin: 'http://localhost' }, true],
		['a loopback address', { origin: 'http://127.0.0.1:4321' }, true],
		['a foreign origin', { origin: 'https://evil.example' }, true],
		['the site on another scheme', { origin: 'http://www.example.com' }, true],
		['another port', { origin: 'http://127.0.0.1:4322' }, true],
		['Origin null', { origin: 'null' }, true],
		['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }, true],
	])('%s → %s', async (_label, headers, expected) => {
		const { isCrossSiteRequest } = await load({ SITE_URL: 'https://www.example.com' });
		expect(isCrossSiteRequest(request(headers))).toBe(expected);
	});
});
