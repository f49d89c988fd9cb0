/** The return path after signing in: paths on this site only, never an open redirect. */
import { describe, expect, it } from 'vitest';
import { authHref, safeReturnPath } from '@/lib/return-path';

describe('safeReturnPath', () => {
	it('keeps paths on this site, with their query and fragment', () => {
		expect(safeReturnPath('/')).toBe('/');
		expect(safeReturnPath('/platforms/amazon-ads')).toBe('/platforms/amazon-ads');
		expect(safeReturnPath('/platforms?q=amazon%20ads#list')).toBe('/platforms?q=amazon%20ads#list');
		expect(safeReturnPath('/news/some-article?x=1')).toBe('/news/some-article?x=1');
		// The parser's reading is what comes back: dot segments are resolved on this site.
		expect(safeReturnPath('/a/../profile')).toBe('/profile');
	});

	it.each([
		['missing', undefined],
		['not a string', 42],
		['empty', ''],
		['absolute http', 'https://evil.example/'],
		['absolute with our path', 'http://evil.example/platforms'],
		['scheme without slashes', 'javascript:alert(1)'],
		['data URL', 'data:text/html,<script>alert(1)</script>'],
		['protocol-relative', '//evil.example'],
		['protocol-relative with path', '//evil.example/platforms'],
		['backslash', '/\\evil.example'],
		['two backslashes', '\\\\evil.example'],
		['tab between the slashes', '/\t/evil.example'],
		['newline between the slashes', '/\n/evil.example'],
		['space between the slashes', '/ /evil.example'],
		['relative without a slash', 'evil.example'],
		['relative dot path', '../evil'],
		['encoded slashes', '%2F%2Fevil.example'],
		['encoded second slash', '/%2Fevil.example'],
		['encoded backslash', '/%5Cevil.example'],
		['double-encoded second slash', '/%252Fevil.example'],
		['encoded tab', '/%09/evil.example'],
		['broken encoding', '/%E0%A4%A'],
		['the sign-in screen itself', '/auth?tab=signup'],
		['a path under the sign-in screen', '/auth/x'],
		['far too long', `/${'a'.repeat(3000)}`],
		// The parser removes dot segments, leaving "//host": the answer itself must be a path.
		['a dot segment before a second slash', '/.//evil.example/phish'],
		['a parent segment before a second slash', '/a/..//evil.example'],
		['an encoded dot segment before a second slash', '/%2e//evil.example'],
		['an encoded parent segment', '/a/%2e%2e//evil.example'],
		['two encoded slashes', '/%2F%2Fevil.example'],
		['a dot segment before a backslash', '/./\\evil.example'],
		['an encoded backslash after a dot segment', '/.%2F%5Cevil.example'],
	])('refuses %s', (_label, value) => {
		expect(safeReturnPath(value)).toBeNull();
	});
});

describe('authHref', () => {
	it('opens Sign Up for "Get Started" and carries the page to return to', () => {
		expect(authHref()).toBe('/auth');
		expect(authHref({ tab: 'signup' })).toBe('/auth?tab=signup');
		expect(authHref({ returnTo: '/platforms/amazon-ads' })).toBe('/auth?next=%2Fplatforms%2Famazon-ads');
		expect(authHref({ tab: 'signup', returnTo: '/compare?ids=1,2' })).toBe(
			'/auth?tab=signup&next=%2Fcompare%3Fids%3D1%2C2',
		);
	});

	it('leaves out a return path that is home, the sign-in screen or unsafe', () => {
		expect(authHref({ returnTo: '/' })).toBe('/auth');
		expect(authHref({ returnTo: '/auth' })).toBe('/auth');
		expect(authHref({ tab: 'signup', returnTo: '//evil.example' })).toBe('/auth?tab=signup');
	});
});
