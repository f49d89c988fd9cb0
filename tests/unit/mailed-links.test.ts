/** Mailed links carry their token in the fragment; links mailed before, in the query (issue 42, F-9). */
import { describe, expect, it } from 'vitest';
import { pathWithToken, tokenOfLink } from '@/lib/mailed-links';

const at = (link: string) => {
	const url = new URL(link, 'https://site.example');
	return { hash: url.hash, search: url.search };
};

describe('mailed links', () => {
	it('put the token in the fragment, which browsers never send', () => {
		expect(pathWithToken('/verify-email', 'abc234')).toBe('/verify-email#token=abc234');
		expect(new URL(pathWithToken('/reset-password', 'abc'), 'https://site.example').search).toBe('');
	});

	it('are read from the fragment, from the query of older links, or not at all', () => {
		expect(tokenOfLink(at(pathWithToken('/verify-email', 'abc234')))).toBe('abc234');
		expect(tokenOfLink(at('/verify-email?token=old234'))).toBe('old234');
		expect(tokenOfLink(at('/verify-email?token=old#token=new'))).toBe('new');
		expect(tokenOfLink(at('/verify-email'))).toBeNull();
		expect(tokenOfLink(at('/verify-email#token='))).toBeNull();
	});
});
