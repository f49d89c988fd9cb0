/**
 * Password hashing with argon2id (OWASP's recommended parameters). Each hash costs ~19 MB and a
 * core for tens of milliseconds, so they wait in one small queue: a burst of sign-ins then
 * waits its turn instead of taking every core (and the thread pool that file reads share)
 * away from page and API reads.
 */
import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

const OPTIONS = { memoryCost: 19456, timeCost: 2, outputLen: 32, parallelism: 1 } as const;

/** Hashes that may run at once: half the cores, at least one. */
export const PASSWORD_HASH_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));

/** The queue every hash and verification goes through (its counts are read by tests). */
export const passwordHashQueue = pLimit(PASSWORD_HASH_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
	return passwordHashQueue(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
	try {
		return await passwordHashQueue(() => verify(passwordHash, password));
	} catch {
		return false;
	}
}

/** A real hash to verify against when no account matches, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
	dummyHash ??= hashPassword('not-a-real-password');
	return dummyHash;
}
