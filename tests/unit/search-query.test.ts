/** toFtsQuery: what a visitor types becomes a safe FTS5 MATCH expression. */
import { describe, expect, it } from 'vitest';
import { toFtsQuery } from '@/server/content/search';

describe('toFtsQuery', () => {
	it('turns each word into a quoted prefix term, all required', () => {
		expect(toFtsQuery('retail')).toBe('"retail"*');
		expect(toFtsQuery('  retail   media ')).toBe('"retail"* AND "media"*');
	});

	it('means no filter when there is no usable word', () => {
		expect(toFtsQuery(undefined)).toBeNull();
		expect(toFtsQuery('')).toBeNull();
		expect(toFtsQuery('   ')).toBeNull();
		expect(toFtsQuery('"*()^:-+')).toBeNull();
		expect(toFtsQuery('🙂 🙂')).toBeNull();
	});

	it('keeps only letters and digits, so FTS5 syntax is searched as text', () => {
		expect(toFtsQuery('"quoted" OR NEAR(a b) *')).toBe('"quoted"* AND "OR"* AND "NEAR"* AND "a"* AND "b"*');
		expect(toFtsQuery('title:retail')).toBe('"title"* AND "retail"*');
		expect(toFtsQuery('retail-media')).toBe('"retail"* AND "media"*');
		expect(toFtsQuery('a"b')).toBe('"a"* AND "b"*');
	});

	it('keeps unicode letters and digits', () => {
		expect(toFtsQuery('Café 零售 2024')).toBe('"Café"* AND "零售"* AND "2024"*');
	});

	it('lets the caller write each word as another term', () => {
		expect(toFtsQuery('retail, media!', (word) => `(${word.toUpperCase()})`)).toBe('(RETAIL) AND (MEDIA)');
		expect(toFtsQuery('***', () => 'never')).toBeNull();
	});

	it('takes at most 8 words of at most 40 characters', () => {
		const many = Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ');
		expect(toFtsQuery(many)!.split(' AND ')).toHaveLength(8);
		expect(toFtsQuery('x'.repeat(200))).toBe(`"${'x'.repeat(40)}"*`);
	});
});
