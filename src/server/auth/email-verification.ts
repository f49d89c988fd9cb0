/**
 * Address verification links: a random token mailed as SITE_URL/verify-email#token=…, kept only
 * as its SHA-256 hash with the address it was mailed to. One live link per account (a newer one
 * voids the older), used once, dead after 48 hours.
 */
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { tokenLinkUrl } from '@/server/mail/token-links';
import { db, transaction, emailVerificationTokens as tokens } from '@/server/db';
import type { MailedAddressPurpose } from '@/lib/column-values';
import { generateToken, hashToken } from './tokens';

export const VERIFICATION_TOKEN_LIFETIME_MS = 48 * 60 * 60 * 1000;

export const INVALID_VERIFICATION_TOKEN =
	'This verification link is invalid, has expired or was already used. You can ask for a new one from your profile.';

/** Deletes verification links past their time (housekeeping); a live one stays usable. */
export async function deleteExpiredVerificationTokens(now = Date.now()): Promise<void> {
	await db()
		.delete(tokens)
		.where(lt(tokens.expiresAt, new Date(now)));
}

/** Where each purpose's link opens. */
const LINK_PAGES: Record<MailedAddressPurpose, string> = {
	account: '/verify-email',
	work: '/profile/work-email',
};

/**
 * Stores a new link for `email` (voiding the account's older ones of the same purpose: a work
 * email link leaves a waiting email change alone) and answers its URL.
 */
export async function issueVerificationLink(
	userId: number,
	email: string,
	purpose: MailedAddressPurpose = 'account',
): Promise<string> {
	const token = generateToken();
	await transaction(async (tx) => {
		await tx.delete(tokens).where(and(eq(tokens.userId, userId), eq(tokens.purpose, purpose)));
		await tx.insert(tokens).values({
			id: hashToken(token),
			userId,
			email,
			purpose,
			expiresAt: new Date(Date.now() + VERIFICATION_TOKEN_LIFETIME_MS),
		});
	});
	return tokenLinkUrl(LINK_PAGES[purpose], token);
}

/**
 * Uses a link: removes its row in the same statement that finds it, so two confirmations sent
 * at once cannot both succeed. With `userId`, only that account's link (another account's
 * attempt leaves it unused). Undefined when the token is unknown, used or expired.
 */
export async function takeVerificationToken(
	token: string,
	purpose: MailedAddressPurpose = 'account',
	userId?: number,
): Promise<{ userId: number; email: string } | undefined> {
	const [row] = await db()
		.delete(tokens)
		.where(
			and(
				eq(tokens.id, hashToken(token)),
				eq(tokens.purpose, purpose),
				userId === undefined ? undefined : eq(tokens.userId, userId),
				gt(tokens.expiresAt, new Date()),
			),
		)
		.returning({ userId: tokens.userId, email: tokens.email });
	return row;
}

/** Voids every verification link of the account still waiting in a mailbox (of one purpose). */
export async function voidVerificationTokens(
	userId: number,
	purpose: MailedAddressPurpose = 'account',
): Promise<void> {
	await db()
		.delete(tokens)
		.where(and(eq(tokens.userId, userId), eq(tokens.purpose, purpose)));
}

/**
 * The address a live link was mailed to when it is not the account's own: an email change
 * waiting for its confirmation (one at most, as a newer link voids the older).
 */
export async function pendingEmailChange(
	userId: number,
	currentEmail: string,
): Promise<{ email: string; expiresAt: Date } | undefined> {
	const [row] = await db()
		.select({ email: tokens.email, expiresAt: tokens.expiresAt })
		.from(tokens)
		.where(
			and(
				eq(tokens.userId, userId),
				eq(tokens.purpose, 'account'),
				ne(tokens.email, currentEmail),
				gt(tokens.expiresAt, new Date()),
			),
		)
		.limit(1);
	return row;
}
