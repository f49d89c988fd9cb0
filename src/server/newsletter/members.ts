/**
 * Email-only newsletter members, with double opt-in: a visitor's address becomes a pending
 * member and gets a confirmation link (random token, only its SHA-256 stored, single use,
 * 48 hours); pressing the button on the link's page confirms it, and only confirmed members get
 * issues. The sign-up answer is the same whatever the address (known, pending, confirmed or an
 * account's), so it tells nobody who subscribes. A member whose address an account verifies is
 * merged into that account (the account's newsletter setting carries the subscription on).
 */
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import { limits, retryMessage, takeMailTo } from '@/server/auth/rate-limit';
import { generateToken, hashToken } from '@/server/auth/tokens';
import {
	db,
	firstRow,
	transaction,
	type Reader,
	newsletterMemberTokens as tokens,
	newsletterMembers as members,
	users,
} from '@/server/db';
import { InvalidInput, TooManyAttempts } from '@/server/errors';
import { sendInBackground, type Mail } from '@/server/mail/transport';
import { tokenLinkUrl } from '@/server/mail/token-links';

/** The double opt-in of an email-only newsletter member: nothing is sent until they confirm. */
function confirmSubscriptionMail(to: string, link: string): Mail {
	return {
		to,
		subject: 'Confirm your Retail Media Hub newsletter subscription',
		text: [
			'Someone asked to get the Retail Media Hub weekly briefing at this address.',
			'',
			`To confirm, open this link and press the button on the page (it works once, for 48 hours): ${link}`,
			'',
			'If it was not you, ignore this mail: without confirmation we send you nothing.',
		].join('\n'),
	};
}

export const CONFIRMATION_LIFETIME_MS = 48 * 60 * 60 * 1000;
/**
 * The same answer for every address, so it says nothing about one to a stranger; worded to be
 * true either way, as a confirmed address gets no mail.
 */
export const SUBSCRIBE_ACCEPTED =
	"Thanks! Please check your inbox: unless this address is subscribed already, we're mailing it a link to confirm your subscription.";
export const INVALID_CONFIRMATION =
	'This confirmation link is invalid or has expired. Sign up again to get a new one.';
export const ALREADY_CONFIRMED =
	'This link is no longer needed: your subscription is already confirmed, and the weekly briefing comes to you.';
export const SUBSCRIPTION_CONFIRMED =
	'Your subscription is confirmed. The next weekly briefing is on its way to you.';

/** The page the confirmation mail links to: it confirms only when its button is pressed. */
export function confirmPageUrl(token: string): string {
	return tokenLinkUrl('/newsletter/confirm', token);
}

/** Counts the request against both limits; refused by one, it is given back to the other. */
async function takeSubscribeAttempt(email: string, client: string): Promise<void> {
	const perAddress = await limits.newsletterSubscribePerAddress.take(email);
	const perClient = await limits.newsletterSubscribePerClient.take(client);
	const wait = Math.max(perAddress, perClient);
	if (wait) {
		if (!perAddress) await limits.newsletterSubscribePerAddress.giveBack(email);
		if (!perClient) await limits.newsletterSubscribePerClient.giveBack(client);
		throw new TooManyAttempts(retryMessage(wait, 'newsletter sign-ups'), wait);
	}
}

/**
 * A visitor's sign-up. A new or not-confirmed address (pending, unsubscribed) gets a fresh
 * confirmation link, voiding older ones; a confirmed one gets nothing more. The caller answers
 * SUBSCRIBE_ACCEPTED either way; the mail leaves after the answer.
 */
export async function subscribeByEmail(rawEmail: string, client: string): Promise<void> {
	const email = rawEmail.toLowerCase();
	await takeSubscribeAttempt(email, client);
	await db().insert(members).values({ email }).onConflictDoNothing();
	const member = await firstRow(db().select().from(members).where(eq(members.email, email)));
	if (!member || member.status === 'confirmed') return;
	// The answer is the same either way, so a mailbox that had its share of mails this hour gets
	// nothing (and its live link stays).
	if (await takeMailTo(email)) return;
	const token = generateToken();
	await transaction(async (tx) => {
		// Voided by ending them now rather than deleted, so an older link opened after the newer one
		// was confirmed can tell its holder the address is confirmed.
		await tx
			.update(tokens)
			.set({ expiresAt: new Date(0) })
			.where(and(eq(tokens.memberId, member.id), eq(tokens.purpose, 'confirm')));
		await tx.insert(tokens).values({
			id: hashToken(token),
			memberId: member.id,
			purpose: 'confirm',
			expiresAt: new Date(Date.now() + CONFIRMATION_LIFETIME_MS),
		});
	});
	sendInBackground(confirmSubscriptionMail(email, confirmPageUrl(token)), 'newsletter confirmation');
}

/** A replaced or expired link of a member whose address a newer link has confirmed. */
async function confirmedByAnotherLink(token: string): Promise<boolean> {
	const row = await firstRow(
		db()
			.select({ status: members.status })
			.from(tokens)
			.innerJoin(members, eq(members.id, tokens.memberId))
			.where(and(eq(tokens.id, hashToken(token)), eq(tokens.purpose, 'confirm'))),
	);
	return row?.status === 'confirmed';
}

/**
 * Uses a confirmation link once: the member is confirmed (or, when an account has verified the
 * same address meanwhile, merged into it).
 */
export async function confirmSubscription(token: string): Promise<{ message: string }> {
	const [used] = await db()
		.delete(tokens)
		.where(
			and(eq(tokens.id, hashToken(token)), eq(tokens.purpose, 'confirm'), gt(tokens.expiresAt, new Date())),
		)
		.returning({ memberId: tokens.memberId });
	if (!used) {
		if (await confirmedByAnotherLink(token)) return { message: ALREADY_CONFIRMED };
		throw new InvalidInput(INVALID_CONFIRMATION);
	}
	const [member] = await db()
		.update(members)
		.set({ status: 'confirmed', confirmedAt: new Date(), unsubscribedAt: null })
		.where(eq(members.id, used.memberId))
		.returning({ email: members.email });
	if (!member) throw new InvalidInput(INVALID_CONFIRMATION);
	// A fresh opt-in is a later choice: no older unsubscribe link may undo anything any more.
	await clearUndo(db(), used.memberId);
	await mergeMemberIntoAccount(member.email);
	return { message: SUBSCRIPTION_CONFIRMED };
}

/**
 * Once an account has proved it holds an address, an email-only member of the same address is
 * that person: a confirmed subscription becomes the account's, and the member row goes (its
 * past deliveries stay, without it). A pending or unsubscribed member changes nothing on the
 * account. Without a verified account of that address, nothing happens.
 */
export async function mergeMemberIntoAccount(rawEmail: string): Promise<void> {
	const email = rawEmail.toLowerCase();
	await transaction(async (tx) => {
		const account = await firstRow(
			tx
				.select({ id: users.id })
				.from(users)
				.where(and(eq(users.email, email), eq(users.emailVerified, true))),
		);
		if (!account) return;
		const [removed] = await tx
			.delete(members)
			.where(eq(members.email, email))
			.returning({ status: members.status });
		if (removed?.status === 'confirmed') {
			await tx.update(users).set({ isNewsletterSubscribed: true }).where(eq(users.id, account.id));
		}
	});
}

/** A new unsubscribe token for a member's next mail (the same one-click link as accounts get). */
export async function createMemberUnsubscribeToken(memberId: number): Promise<string> {
	const token = generateToken();
	await db()
		.insert(tokens)
		.values({ id: hashToken(token), memberId, purpose: 'unsubscribe' });
	return token;
}

/** The member a mail's unsubscribe token names, if any, with the token's own undo mark. */
export async function memberOfUnsubscribeToken(token: string) {
	return firstRow(
		db()
			.select({
				id: members.id,
				email: members.email,
				status: members.status,
				tokenId: tokens.id,
				unsubscribedByThisLink: sql<boolean>`${tokens.unsubscribedAt} is not null`.mapWith(Boolean),
			})
			.from(tokens)
			.innerJoin(members, eq(members.id, tokens.memberId))
			.where(and(eq(tokens.id, hashToken(token)), eq(tokens.purpose, 'unsubscribe'))),
	);
}

/** Ends the undo every unsubscribe link of the member may offer. */
async function clearUndo(tx: Reader, memberId: number): Promise<void> {
	await tx
		.update(tokens)
		.set({ unsubscribedAt: null })
		.where(and(eq(tokens.memberId, memberId), isNotNull(tokens.unsubscribedAt)));
}

/**
 * Switches a member's newsletter off (from their link), or back on (the same link's undo). Any
 * choice ends the undo of every link; `undoableBy` (the stored id of the link switching it off)
 * keeps that one link's, so an older mail's link, perhaps forwarded, cannot subscribe anyone.
 */
export async function setMemberSubscribed(
	memberId: number,
	subscribed: boolean,
	{ undoableBy }: { undoableBy?: string } = {},
): Promise<void> {
	await transaction(async (tx) => {
		await tx
			.update(members)
			.set(
				subscribed
					? { status: 'confirmed', unsubscribedAt: null }
					: { status: 'unsubscribed', unsubscribedAt: new Date() },
			)
			.where(and(eq(members.id, memberId), sql`${members.status} <> 'pending'`));
		await clearUndo(tx, memberId);
		if (undoableBy && !subscribed) {
			await tx.update(tokens).set({ unsubscribedAt: new Date() }).where(eq(tokens.id, undoableBy));
		}
	});
}

/** Deletes confirmation links past their time (housekeeping); unsubscribe links never expire. */
export async function deleteExpiredMemberTokens(now = Date.now()): Promise<void> {
	await db()
		.delete(tokens)
		.where(lt(tokens.expiresAt, new Date(now)));
}
