import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../src/server/auth/password';

describe('password hashing', () => {
	it('hashes with argon2id at the OWASP parameters and a random salt', async () => {
		const a = await hashPassword('correct horse');
		const b = await hashPassword('correct horse');
		expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
		expect(a).not.toBe(b);
		expect(a).not.toContain('correct horse');
	});

	it('verifies the right password and refuses others', async () => {
		const hash = await hashPassword('S3cret!é');
		expect(await verifyPassword(hash, 'S3cret!é')).toBe(true);
		expect(await verifyPassword(hash, 's3cret!é')).toBe(false);
		expect(await verifyPassword(hash, 'S3cret!e')).toBe(false);
		expect(await verifyPassword(hash, '')).toBe(false);
	});

	it('answers false (does not throw) for a malformed stored hash', async () => {
		expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
		expect(await verifyPassword('', 'anything')).toBe(false);
	});

	it('keeps one real dummy hash that matches no ordinary password', async () => {
		const first = await dummyPasswordHash();
		expect(first).toMatch(/^\$argon2id\$/);
		expect(await dummyPasswordHash()).toBe(first);
		expect(await verifyPassword(first, 'password')).toBe(false);
	});
});
