/**
 * Security headers on every kind of answer (generated page, build-time page, API, static
 * asset, 404), and forged forwarding headers never reaching URLs or redirects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let assetPath: string;

beforeAll(async () => {
	server = await startServer({ seed: true });
	await server.siteIdle();
	const html = await (await fetch(`${server.url}/auth`)).text();
	assetPath = html.match(/src="(\/_astro\/[^"]+\.js)"/)![1]!;
});

afterAll(async () => {
	await server?.stop();
});

function expectSecurityHeaders(headers: Headers, what: string) {
	const csp = headers.get('content-security-policy') ?? '';
	expect(csp, what).toContain("object-src 'none'");
	expect(csp, what).toContain("base-uri 'self'");
	expect(csp, what).toContain("frame-ancestors 'none'");
	expect(csp, what).toMatch(/script-src 'self'/);
	expect(csp, what).not.toContain('unsafe-eval');
	expect(csp.match(/script-src[^;]*/)![0], what).not.toContain('unsafe-inline');
	expect(headers.get('x-content-type-options'), what).toBe('nosniff');
	expect(headers.get('x-frame-options'), what).toBe('DENY');
	expect(headers.get('referrer-policy'), what).toBeTruthy();
	expect(headers.get('x-powered-by'), what).toBeNull();
	const permissions = headers.get('permissions-policy') ?? '';
	for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
		expect(permissions, what).toContain(`${feature}=()`);
	}
}

describe('security headers', () => {
	it('are on generated, on-demand and build-time pages, redirects, API answers, assets and 404s', async () => {
		// A signed-out /profile is the server's redirect to /auth.
		const paths = [
			'/',
			'/auth',
			'/profile',
			'/reset-password',
			'/api/user',
			'/api/platforms',
			'/favicon.svg',
			assetPath,
			'/no/such/page',
		];
		for (const path of paths) {
			const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
			expectSecurityHeaders(response.headers, path);
		}
	});

	it('serves /favicon.ico with its image type (the static file server has no .ico type of its own)', async () => {
		const response = await fetch(`${server.url}/favicon.ico`);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('image/x-icon');
		expectSecurityHeaders(response.headers, '/favicon.ico');
	});

	it.each(['/reset-password', '/verify-email', '/newsletter/confirm'])(
		'sends no Referer from %s and keeps it out of search engines (its URL holds a token)',
		async (path) => {
			const response = await fetch(`${server.url}${path}?token=abc`);
			expect(response.status).toBe(200);
			expect(response.headers.get('referrer-policy')).toBe('no-referrer');
			const html = await response.text();
			expect(html).toContain('<meta name="referrer" content="no-referrer"');
			expect(html).toMatch(/<meta name="robots" content="noindex/);
			expect(html).toContain(`<link rel="canonical" href="${server.url}${path}"`);
		},
	);

	it('keeps the pages whose URL holds a token out of every cache (private, no-store)', async () => {
		const paths = [
			'/reset-password',
			'/verify-email',
			'/newsletter/confirm',
			'/unsubscribe',
			'/unfollow',
			'/reset-password/',
		];
		for (const path of paths) {
			const response = await fetch(`${server.url}${path}?token=abcdefghijklmnopqrstuvwxyz234567`, {
				redirect: 'manual',
			});
			await response.arrayBuffer();
			expect(response.headers.get('cache-control'), path).toBe('private, no-store');
			// A revalidation of a generated one says the same.
			const etag = response.headers.get('etag');
			if (!etag) continue;
			const again = await fetch(`${server.url}${path}?token=x`, { headers: { 'if-none-match': etag } });
			expect(again.status, path).toBe(304);
			expect(again.headers.get('cache-control'), path).toBe('private, no-store');
		}
		// Other generated pages stay shared.
		expect((await fetch(`${server.url}/`)).headers.get('cache-control')).toMatch(/^public, /);
	});

	it('keep images to this site, data: and https (editors link images hosted elsewhere), never plain http', async () => {
		const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy')!;
		expect(csp.match(/img-src[^;]*/)![0]).toBe("img-src 'self' data: https:");
	});

	it('does not send HSTS over plain HTTP, even when a client claims https', async () => {
		const response = await fetch(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
		expect(response.headers.get('strict-transport-security')).toBeNull();
	});
});

describe('forwarding headers and redirects', () => {
	it('ignores a forged X-Forwarded-Host in canonical links and redirects', async () => {
		const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
		const page = await (await fetch(`${server.url}/auth`, { headers: forged })).text();
		expect(page).not.toContain('evil.example');
		const login = await fetch(`${server.url}/api/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ email: 'user@example.com', password: 'user123' }),
		});
		const cookie = login.headers
			.getSetCookie()
			.find((line) => line.startsWith('session='))!
			.split(';')[0]!;
		const redirect = await fetch(`${server.url}/auth`, {
			headers: { ...forged, cookie },
			redirect: 'manual',
		});
		expect(redirect.status).toBe(302);
		const location = redirect.headers.get('location')!;
		expect(location.startsWith('/') || location.startsWith(server.url)).toBe(true);
		expect(location).not.toContain('evil.example');
		const profile = await fetch(`${server.url}/profile`, { headers: forged, redirect: 'manual' });
		expect(profile.status).toBe(302);
		expect(profile.headers.get('location')).toBe('/auth?next=%2Fprofile');
	});

	it('never redirects //evil.example/ off the site', async () => {
		for (const path of ['//evil.example/', '//evil.example', '/\\evil.example/', '//evil.example/%2e%2e']) {
			const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
			const location = response.headers.get('location');
			if (location) expect(new URL(location, server.url).origin, path).toBe(server.url);
			expect(response.status, path).toBeLessThan(500);
		}
	});
});
