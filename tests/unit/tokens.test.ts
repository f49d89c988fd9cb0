import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateToken, hashToken } from '@/server/auth/tokens';

describe('generateToken', () => {
	it('is 32 characters of lower-case base32 (160 bits, cookie- and URL-safe)', () => {
		for (let i = 0; i < 100; i++) {
			const token = generateToken();
			expect(token).toMatch(/^[a-z2-7]{32}$/);
			expect(encodeURIComponent(token)).toBe(token);
		}
	});

	it('does not repeat', () => {
		const tokens = new Set(Array.from({ length: 2000 }, generateToken));
		expect(tokens.size).toBe(2000);
	});
});

describe('hashToken', () => {
	it('is the SHA-256 of the token as 64 lower-case hex digits', () => {
		expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
		const token = generateToken();
		const hash = hashToken(token);
		expect(hash).toMatch(/^[0-9a-f]{64}$/);
		expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
	});

	it('is deterministic and tells tokens apart', () => {
		const token = generateToken();
		expect(hashToken(token)).toBe(hashToken(token));
		expect(hashToken(token)).not.toBe(hashToken(generateToken()));
		expect(hashToken(token)).not.toContain(token);
	});

	it('hashes UTF-8 text', () => {
		expect(hashToken('é')).toBe(createHash('sha256').update('é', 'utf8').digest('hex'));
	});
});
