/**
 * The one XML escape of the feeds and the sitemap drops every code point XML 1.0 forbids
 * (issue 42, F-6) and keeps the rest, astral characters included.
 */
import { describe, expect, it } from 'vitest';
import { escapeXml, xmlChars } from '@/server/content/feed-data';

describe('xmlChars and escapeXml', () => {
	it('drops the C0 controls but tab, LF and CR, lone surrogates, U+FFFE and U+FFFF', () => {
		const text = 'a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uFFFFi\uD800j\uDC00k';
		expect(xmlChars(text)).toBe('abcdefghijk');
		expect(xmlChars('tab\tline\nreturn\r\u{1F600}\uE000\uFFFD\u00A0')).toBe(
			'tab\tline\nreturn\r\u{1F600}\uE000\uFFFD\u00A0',
		);
	});

	it('escapes markup after dropping them', () => {
		expect(escapeXml('<a href="x">Tom & Jerry\'s\uFFFE\u0001</a>')).toBe(
			'&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
		);
	});
});
