/**
 * Suppressed addresses: a mail server refused them for good (a 5xx answer), so no issue is
 * queued for them or sent to them (recipients.ts) until an editor lifts the suppression.
 */
import { desc, eq } from 'drizzle-orm';
import { db, newsletterSuppressions as suppressions } from '@/server/db';
import { NotFound } from '@/server/errors';

export type Suppression = { email: string; reason: string; createdAt: Date };

export const SUPPRESSION_NOT_FOUND = 'This address is not suppressed.';

/** Records a permanent refusal (the first one's reason is kept). */
export async function suppressAddress(email: string, reason: string): Promise<void> {
	await db().insert(suppressions).values({ email: email.toLowerCase(), reason }).onConflictDoNothing();
}

/** Every suppressed address, newest first. */
export async function listSuppressions(): Promise<Suppression[]> {
	return db().select().from(suppressions).orderBy(desc(suppressions.createdAt), desc(suppressions.email));
}

/** Lets issues reach the address again (after the reader fixed their mailbox, say). */
export async function liftSuppression(email: string): Promise<void> {
	const [removed] = await db()
		.delete(suppressions)
		.where(eq(suppressions.email, email.toLowerCase()))
		.returning({ email: suppressions.email });
	if (!removed) throw new NotFound(SUPPRESSION_NOT_FOUND);
}
