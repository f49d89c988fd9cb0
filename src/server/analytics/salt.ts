/**
 * The daily salt of the visitor hash: random, kept in the database so every node hashes a reader
 * the same way on the same day, made by the first node that needs it on a new day. The days before
 * are deleted then (and by housekeeping, when no page was viewed): once a salt is gone, the hashes
 * made with it can be linked to no address and no browser, nor to another day's.
 */
import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { analyticsSalts, db, firstRow } from '@/server/db';

/** This node's copy of the current day's salt (the database row is the truth; it never changes). */
let current: { day: string; salt: Promise<string> } | undefined;

/** The salt of `day`, made if no node made it yet; older salts are deleted. */
export function saltOf(day: string): Promise<string> {
	if (current?.day === day) return current.salt;
	const salt = loadSalt(day);
	current = { day, salt };
	// A failed read is asked again by the next page view, not kept.
	salt.catch(() => {
		if (current?.salt === salt) current = undefined;
	});
	return salt;
}

async function loadSalt(day: string): Promise<string> {
	await db()
		.insert(analyticsSalts)
		.values({ day, salt: randomBytes(32).toString('base64url') })
		.onConflictDoNothing();
	const row = await firstRow(db().select().from(analyticsSalts).where(eq(analyticsSalts.day, day)));
	await deleteSaltsBefore(day);
	if (!row) throw new Error(`the analytics salt of ${day} vanished`);
	return row.salt;
}

/** Deletes the salts of the days before `day`. */
export async function deleteSaltsBefore(day: string): Promise<void> {
	await db().delete(analyticsSalts).where(lt(analyticsSalts.day, day));
}

/** Forgets this node's copy (tests that rotate the clock across nodes' start). */
export function forgetSalt(): void {
	current = undefined;
}
