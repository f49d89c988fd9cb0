/**
 * Unsubscribing without signing in: every mail carries its own random token (only its SHA-256
 * is stored) that names the account and the address the mail went to. The token lets its holder
 * switch the newsletter off for that account, and undo exactly that, nothing else:
 *  - once the account has another address, the link is void (whoever holds the old mailbox
 *    learns nothing of the new address and changes nothing);
 *  - the page names only the address the mail was sent to;
 *  - "subscribe again" only undoes this link's own unsubscribe, and only until the owner makes
 *    another newsletter choice anywhere (setNewsletter clears the undo), so an old link cannot
 *    override a later choice made in the profile.
 * Unsubscribing is always honoured while the link is valid: it is a choice made now.
 */
import { eq } from 'drizzle-orm';
import { setNewsletter } from '@/server/auth/accounts';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { config } from '@/server/runtime/config';
import { db, firstRow, newsletterUnsubscribeTokens, users } from '@/server/db';
import { InvalidInput, NotFound } from '@/server/errors';
import { memberOfUnsubscribeToken, setMemberSubscribed } from './members';

/** Worded for both kinds of subscriber: only some have an account to sign in to. */
export const UNKNOWN_UNSUBSCRIBE_LINK =
	'This unsubscribe link is not valid. Use the unsubscribe link in your most recent issue; with an account, you can also sign in and change the newsletter setting in your profile.';
export const UNDO_NOT_AVAILABLE =
	'This link can no longer subscribe you again. Sign in and switch the newsletter on in your profile.';
export const MEMBER_UNDO_NOT_AVAILABLE =
	'This link can no longer subscribe you again. Sign up for the newsletter again and confirm the link we mail you.';

/** A new token for the account's next mail, bound to the address that mail goes to. */
export async function createUnsubscribeToken(userId: number, email: string): Promise<string> {
	const token = generateToken();
	await db()
		.insert(newsletterUnsubscribeTokens)
		.values({ id: hashToken(token), userId, email: email.toLowerCase() });
	return token;
}

/** The page a person opens from the mail's footer: it asks, then confirms and offers an undo. */
export function unsubscribePageUrl(token: string): string {
	return new URL(`/unsubscribe?token=${token}`, config().siteUrl).href;
}

/** The unsubscribe link of test mails: its page says it changes nothing, and it does not. */
export function testUnsubscribeUrl(): string {
	return new URL('/unsubscribe?test=1', config().siteUrl).href;
}

/** The List-Unsubscribe address, which mail providers POST to (one-click, RFC 8058). */
export function oneClickUnsubscribeUrl(token: string): string {
	return new URL(`/api/newsletter/unsubscribe?token=${token}`, config().siteUrl).href;
}

export type UnsubscribeTarget = {
	/** The address the mail was sent to; null for links mailed before addresses were recorded. */
	email: string | null;
	isNewsletterSubscribed: boolean;
	/** True while this link may undo its own unsubscribe (no later choice was made). */
	canUndo: boolean;
};

/**
 * The link's account, or undefined when the token is unknown or the account's address is no
 * longer the one the link was mailed to. Links from before addresses were recorded stay usable
 * to unsubscribe, but name no address and undo nothing (see the README's decisions).
 */
async function findTarget(token: string) {
	const row = await firstRow(
		db()
			.select({
				tokenId: newsletterUnsubscribeTokens.id,
				userId: users.id,
				mailedTo: newsletterUnsubscribeTokens.email,
				currentEmail: users.email,
				isNewsletterSubscribed: users.isNewsletterSubscribed,
				unsubscribedAt: newsletterUnsubscribeTokens.unsubscribedAt,
			})
			.from(newsletterUnsubscribeTokens)
			.innerJoin(users, eq(users.id, newsletterUnsubscribeTokens.userId))
			.where(eq(newsletterUnsubscribeTokens.id, hashToken(token))),
	);
	if (!row) return undefined;
	if (row.mailedTo !== null && row.mailedTo !== row.currentEmail) return undefined;
	return row;
}

type FoundTarget = NonNullable<Awaited<ReturnType<typeof findTarget>>>;

function describeTarget(row: FoundTarget): UnsubscribeTarget {
	return {
		email: row.mailedTo,
		isNewsletterSubscribed: row.isNewsletterSubscribed,
		canUndo: !row.isNewsletterSubscribed && row.mailedTo !== null && row.unsubscribedAt !== null,
	};
}

async function requireTarget(token: string): Promise<FoundTarget> {
	const target = await findTarget(token);
	if (!target) throw new NotFound(UNKNOWN_UNSUBSCRIBE_LINK);
	return target;
}

/**
 * An email-only member's link: it names the member's address (the only one it was mailed to),
 * and, by the accounts' rule, only the link that unsubscribed the member may subscribe them
 * again, until another choice (a later unsubscribe link, a fresh confirmation) is made.
 */
async function memberTarget(token: string): Promise<UnsubscribeTarget | undefined> {
	const member = await memberOfUnsubscribeToken(token);
	if (!member) return undefined;
	const subscribed = member.status === 'confirmed';
	return {
		email: member.email,
		isNewsletterSubscribed: subscribed,
		canUndo: member.status === 'unsubscribed' && member.unsubscribedByThisLink,
	};
}

/** What the page shows for a link; undefined for an unknown or void one. */
export async function unsubscribeTarget(token: string): Promise<UnsubscribeTarget | undefined> {
	const target = await findTarget(token);
	return target ? describeTarget(target) : memberTarget(token);
}

/**
 * Switches the newsletter off for the link's account or member (repeating it changes nothing).
 * Only a link that actually switched it off may undo that, and for accounts only links that know
 * their address.
 */
export async function unsubscribeWithToken(token: string): Promise<UnsubscribeTarget> {
	const member = await memberOfUnsubscribeToken(token);
	if (member) {
		if (member.status === 'confirmed') {
			await setMemberSubscribed(member.id, false, { undoableBy: member.tokenId });
		}
		return (await memberTarget(token))!;
	}
	const target = await requireTarget(token);
	if (target.isNewsletterSubscribed) {
		const undoableBy = target.mailedTo !== null ? target.tokenId : undefined;
		await setNewsletter(target.userId, false, { undoableBy });
	}
	return describeTarget((await findTarget(token)) ?? target);
}

/** Undoes an unsubscribe made from the same link, unless a later choice was made since. */
export async function resubscribeWithToken(token: string): Promise<UnsubscribeTarget> {
	const member = await memberOfUnsubscribeToken(token);
	if (member) {
		if (member.status !== 'unsubscribed') return (await memberTarget(token))!;
		if (!member.unsubscribedByThisLink) throw new InvalidInput(MEMBER_UNDO_NOT_AVAILABLE);
		await setMemberSubscribed(member.id, true);
		return (await memberTarget(token))!;
	}
	const target = await requireTarget(token);
	if (target.isNewsletterSubscribed) return describeTarget(target);
	if (!describeTarget(target).canUndo) throw new InvalidInput(UNDO_NOT_AVAILABLE);
	await setNewsletter(target.userId, true);
	return describeTarget((await findTarget(token)) ?? target);
}
