/**
 * Suppressed addresses: a mail server refused them for good (a 5xx answer), so no issue is
 * queued for them or sent to them (recipients.ts) until an editor lifts the suppression.
 */
import { desc, eq } from 'drizzle-orm';
import { db, tables } from '@/server/db';
import { NotFound } from '@/server/errors';

export type Suppression = { email: string; reason: string; createdAt: Date };

export const SUPPRESSION_NOT_FOUND = 'This address is not suppressed.';

/** Records a permanent refusal (the first one's reason is kept). */
export async function suppressAddress(email: string, reason: string): Promise<void> {
	await db()
		.insert(tables().newsletterSuppressions)
		.values({ email: email.toLowerCase(), reason })
		.onConflictDoNothing();
}

/** Every suppressed address, newest first. */
export async function listSuppressions(): Promise<Suppression[]> {
	const { newsletterSuppressions: suppressions } = tables();
	return db().select().from(suppressions).orderBy(desc(suppressions.createdAt), desc(suppressions.email));
}

/** Lets issues reach the address again (after the reader fixed their mailbox, say). */
export async function liftSuppression(email: string): Promise<void> {
	const { newsletterSuppressions: suppressions } = tables();
	const [removed] = await db()
		.delete(suppressions)
		.where(eq(suppressions.email, email.toLowerCase()))
		.returning({ email: suppressions.email });
	if (!removed) throw new NotFound(SUPPRESSION_NOT_FOUND);
}
