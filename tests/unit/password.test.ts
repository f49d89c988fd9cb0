import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
	HASHING_NICENESS,
	PASSWORD_HASH_CONCURRENCY,
	dummyPasswordHash,
	hashPassword,
	passwordHashQueue,
	verifyPassword,
} from '@/server/auth/password';

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

	it(`keeps the hashes running at once to ${PASSWORD_HASH_CONCURRENCY}; the others wait their turn`, async () => {
		const stored = await hashPassword('queued');
		const work = [
			...Array.from({ length: 6 }, (_, i) => verifyPassword(stored, `guess-${i}`)),
			...Array.from({ length: 2 }, () => hashPassword('another')),
		];
		await new Promise((resolve) => setImmediate(resolve));
		expect(passwordHashQueue.activeCount).toBe(PASSWORD_HASH_CONCURRENCY);
		expect(passwordHashQueue.pendingCount).toBe(8 - PASSWORD_HASH_CONCURRENCY);
		let most = 0;
		let done = false;
		const all = Promise.all(work).finally(() => (done = true));
		while (!done) {
			most = Math.max(most, passwordHashQueue.activeCount);
			await new Promise((resolve) => setImmediate(resolve));
		}
		const results = await all;
		expect(results.slice(0, 6)).toEqual([false, false, false, false, false, false]);
		expect(most).toBe(PASSWORD_HASH_CONCURRENCY);
		expect(passwordHashQueue.activeCount + passwordHashQueue.pendingCount).toBe(0);
	});

	it('hashes on threads at a lower OS priority than the rest of the process', async () => {
		await hashPassword('on a low-priority thread');
		// /proc/self/task/<tid>/stat: the 19th field is the thread's nice value.
		const nice = readdirSync('/proc/self/task').map((tid) => {
			const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
			return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
		});
		expect(nice).toContain(HASHING_NICENESS);
		expect(nice).toContain(0);
	});
});
