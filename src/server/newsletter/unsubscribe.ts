/**
 * Unsubscribing without signing in: every mail carries its own random token (only its SHA-256
 * is stored) that names the account. The token lets its holder switch the newsletter off and
 * back on for that account, nothing else.
 */
import { eq } from 'drizzle-orm';
import { setNewsletter } from '@/server/auth/accounts';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { config } from '@/server/config';
import { db, firstRow, tables } from '@/server/db';
import { NotFound } from '@/server/errors';

export const UNKNOWN_UNSUBSCRIBE_LINK =
	'This unsubscribe link is not valid. Sign in and change the newsletter setting in your profile.';

/** A new token for the account's next mail. */
export async function createUnsubscribeToken(userId: number): Promise<string> {
	const token = generateToken();
	await db().insert(tables().newsletterUnsubscribeTokens).values({ id: hashToken(token), userId });
	return token;
}

/** The page a person opens from the mail's footer: it asks, then confirms and offers an undo. */
export function unsubscribePageUrl(token: string): string {
	return new URL(`/unsubscribe?token=${token}`, config().siteUrl).href;
}

/** The List-Unsubscribe address, which mail providers POST to (one-click, RFC 8058). */
export function oneClickUnsubscribeUrl(token: string): string {
	return new URL(`/api/newsletter/unsubscribe?token=${token}`, config().siteUrl).href;
}

export type UnsubscribeTarget = { email: string; isNewsletterSubscribed: boolean };

function findTarget(token: string) {
	const { newsletterUnsubscribeTokens: tokens, users } = tables();
	return firstRow(
		db()
			.select({ id: users.id, email: users.email, isNewsletterSubscribed: users.isNewsletterSubscribed })
			.from(tokens)
			.innerJoin(users, eq(users.id, tokens.userId))
			.where(eq(tokens.id, hashToken(token))),
	);
}

async function requireTarget(token: string) {
	const target = await findTarget(token);
	if (!target) throw new NotFound(UNKNOWN_UNSUBSCRIBE_LINK);
	return target;
}

/** The account a link belongs to, for the page to name; undefined for an unknown token. */
export async function unsubscribeTarget(token: string): Promise<UnsubscribeTarget | undefined> {
	const target = await findTarget(token);
	return target && { email: target.email, isNewsletterSubscribed: target.isNewsletterSubscribed };
}

/** Switches the newsletter off for the link's account (repeating it changes nothing). */
export async function unsubscribeWithToken(token: string): Promise<UnsubscribeTarget> {
	const target = await requireTarget(token);
	await setNewsletter(target.id, false);
	return { email: target.email, isNewsletterSubscribed: false };
}

/** Undoes an unsubscribe made from the same link. */
export async function resubscribeWithToken(token: string): Promise<UnsubscribeTarget> {
	const target = await requireTarget(token);
	await setNewsletter(target.id, true);
	return { email: target.email, isNewsletterSubscribed: true };
}
