/**
 * Accounts: registration, sign-in, profile changes, bans and password resets. Every rule about
 * a user's own account is decided here.
 */
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import {
	canMatchStoredText,
	db,
	firstRow,
	isUniqueViolation,
	transaction,
	newsletterUnsubscribeTokens as links,
	passwordResetTokens,
	users,
} from '@/server/db';
import { sendInBackground } from '@/server/mail/transport';
import { tokenLinkUrl } from '@/server/mail/token-links';
import {
	confirmNewAddressMail,
	emailChangedMail,
	emailChangeRequestedMail,
	passwordResetMail,
	verifyAddressMail,
} from './account-mails';
import {
	INVALID_VERIFICATION_TOKEN,
	issueVerificationLink,
	pendingEmailChange,
	takeVerificationToken,
	voidVerificationTokens,
} from './email-verification';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { beginPasswordAttempt, clearPasswordAttempts, rememberSignIn } from './password-attempts';
import { limits, retryMessage, takeMailTo } from './rate-limit';
import { invalidateUserSessions, publicUserColumns, type SessionUser } from './session';
import { generateToken, hashToken } from './tokens';
import { log } from '@/server/runtime/log';
import { metrics } from '@/server/runtime/metrics';
import { Conflict, Forbidden, InvalidInput, NotFound, NotSignedIn, TooManyAttempts } from '@/server/errors';

const EMAIL_TAKEN = 'An account with this email already exists.';
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export async function findUserById(id: number): Promise<SessionUser | undefined> {
	return firstRow(db().select(publicUserColumns()).from(users).where(eq(users.id, id)));
}

async function findByEmail(email: string) {
	if (!canMatchStoredText(email)) return undefined;
	return firstRow(db().select().from(users).where(eq(users.email, email.toLowerCase())));
}

async function usernameTaken(username: string, exceptId?: number): Promise<boolean> {
	const row = await firstRow(
		db().select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`),
	);
	return !!row && row.id !== exceptId;
}

async function emailTaken(email: string, exceptId?: number): Promise<boolean> {
	const row = await findByEmail(email);
	return !!row && row.id !== exceptId;
}

export type NewAccount = {
	email: string;
	username: string;
	password: string;
	role?: 'user' | 'editor';
	isNewsletterSubscribed?: boolean;
	/** True only where the address is known to be the owner's (the seed, `user:create`). */
	emailVerified?: boolean;
};

/** Creates an account; 409 names the field that is already taken. */
export async function createAccount(input: NewAccount): Promise<SessionUser> {
	if (await emailTaken(input.email)) throw new Conflict(EMAIL_TAKEN);
	if (await usernameTaken(input.username)) throw new Conflict('This username is already taken.');
	const passwordHash = await hashPassword(input.password);
	try {
		const [created] = await db()
			.insert(users)
			.values({
				email: input.email.toLowerCase(),
				username: input.username,
				passwordHash,
				role: input.role ?? 'user',
				isNewsletterSubscribed: input.isNewsletterSubscribed ?? false,
				emailVerified: input.emailVerified ?? false,
			})
			.returning(publicUserColumns());
		return created!;
	} catch (error) {
		// A concurrent registration won the race between the check and the insert.
		if (isUniqueViolation(error)) {
			throw new Conflict('An account with this email or username already exists.');
		}
		throw error;
	}
}

/**
 * Signs up: the account works at once (signed in, may rate and comment); a link to verify the
 * address is mailed, and only newsletters wait for it.
 */
export async function register(
	input: Omit<NewAccount, 'role' | 'emailVerified'>,
	clientKey: string,
): Promise<SessionUser> {
	// Counted and checked in one step, so sign-ups sent at once cannot pass the limit.
	const wait = await limits.registerPerClient.take(clientKey);
	if (wait) throw new TooManyAttempts(retryMessage(wait, 'sign-ups from this address'), wait);
	const user = await createAccount(input);
	await rememberSignIn(user.email, clientKey);
	// A mailbox that had its share of mails this hour gets none; the owner can resend later.
	if (!(await takeMailTo(user.email))) {
		const link = await issueVerificationLink(user.id, user.email);
		sendInBackground(verifyAddressMail(user.email, link), 'address verification');
	}
	return user;
}

const INVALID_LOGIN = 'Invalid email or password.';
export const BANNED_MESSAGE =
	'Your account has been banned. Please contact us if you think this is a mistake.';

/**
 * Checks credentials. Each attempt is counted before its hash is checked (see
 * password-attempts); the message is the same whether or not the email exists, and a dummy
 * hash keeps the timing alike.
 */
export async function authenticate(email: string, password: string, clientKey: string): Promise<SessionUser> {
	const attempt = await beginPasswordAttempt(email, clientKey);
	const row = await findByEmail(email);
	const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), password);
	if (!row || !ok) {
		metrics().signInFailures.inc();
		throw new NotSignedIn(INVALID_LOGIN);
	}
	await attempt.succeeded();
	if (row.isBanned) throw new Forbidden(BANNED_MESSAGE);
	return (await findUserById(row.id))!;
}

/** The current-password check of profile changes, limited like sign-in. */
async function requirePassword(user: SessionUser, password: string, clientKey: string): Promise<void> {
	const attempt = await beginPasswordAttempt(user.email, clientKey, 'password attempts');
	const row = await firstRow(
		db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)),
	);
	if (!row || !(await verifyPassword(row.hash, password))) {
		throw new InvalidInput('Current password is incorrect.', 'currentPassword');
	}
	await attempt.succeeded();
}

/** Voids every reset link of the user still waiting in a mailbox. */
async function voidResetTokens(userId: number): Promise<void> {
	await db().delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export type EmailChangeRequested = { message: string; pendingEmail: string };

/**
 * Asks for a new sign-in email. Nothing changes yet: a link goes to the new address (proving it
 * is the owner's) and the current address is told, so a stolen session cannot quietly move the
 * account; verifyEmail makes the switch when the link is confirmed.
 */
export async function changeEmail(
	user: SessionUser,
	email: string,
	currentPassword: string,
	clientKey: string,
): Promise<EmailChangeRequested> {
	if (email === user.email) throw new InvalidInput('Please enter a new email address.');
	await requirePassword(user, currentPassword, clientKey);
	if (await emailTaken(email, user.id)) throw new Conflict(EMAIL_TAKEN);
	await takeVerificationMail(user.id, email);
	const link = await issueVerificationLink(user.id, email);
	sendInBackground(confirmNewAddressMail(email, link), 'email change confirmation');
	// Dropped when the current address had its share this hour: it was told already, the change
	// still needs the new mailbox's link, and the notice of a completed change is never dropped.
	if (!(await takeMailTo(user.email))) {
		sendInBackground(emailChangeRequestedMail(user.email), 'email change request notice');
	}
	return {
		message: `We sent a confirmation link to ${email}. Your email stays ${user.email} until you open it.`,
		pendingEmail: email,
	};
}

export type PendingEmailChange = { pendingEmail: string | null };

/** The email change the account asked for and has not confirmed yet, if any. */
export async function pendingEmail(user: SessionUser): Promise<PendingEmailChange> {
	const pending = await pendingEmailChange(user.id, user.email);
	return { pendingEmail: pending?.email ?? null };
}

const NO_PENDING_CHANGE = 'There is no email change waiting for confirmation.';

/** Mails the waiting email change's link again (a new one: it voids the older). */
export async function resendEmailChange(user: SessionUser): Promise<EmailChangeRequested> {
	const pending = await pendingEmailChange(user.id, user.email);
	if (!pending) throw new NotFound(NO_PENDING_CHANGE);
	await takeVerificationMail(user.id, pending.email);
	const link = await issueVerificationLink(user.id, pending.email);
	sendInBackground(confirmNewAddressMail(pending.email, link), 'email change confirmation');
	return {
		message: `We sent a new confirmation link to ${pending.email}. Your email stays ${user.email} until you open it.`,
		pendingEmail: pending.email,
	};
}

/** Drops the waiting email change: its link stops working and the address stays as it is. */
export async function cancelEmailChange(user: SessionUser): Promise<{ message: string }> {
	const pending = await pendingEmailChange(user.id, user.email);
	if (!pending) throw new NotFound(NO_PENDING_CHANGE);
	await voidVerificationTokens(user.id);
	return { message: `The change to ${pending.email} is cancelled. Your email stays ${user.email}.` };
}

/**
 * Verification mails (resends and email changes) per account and per destination mailbox, so
 * neither one account nor many are a mail cannon. Refused by the mailbox's limit, the request is
 * given back to the account's. The signed-in requester is told (429): they chose the address,
 * and learn only that it had many mails this hour.
 */
export async function takeVerificationMail(userId: number, to: string): Promise<void> {
	const wait = await limits.verificationMailsPerAccount.take(String(userId));
	if (wait) throw new TooManyAttempts(retryMessage(wait, 'verification mails'), wait);
	const busy = await takeMailTo(to);
	if (busy) {
		await limits.verificationMailsPerAccount.giveBack(String(userId));
		throw new TooManyAttempts(retryMessage(busy, 'mails to this address'), busy);
	}
}

/**
 * Switches the sign-in email to a confirmed new address. Whoever confirmed it holds the new
 * mailbox, so every other session ends, reset links mailed to the old address die, and the old
 * address is told.
 */
async function switchEmail(
	account: { id: number; email: string },
	email: string,
	clientKey: string,
	keepSessionId: string | undefined,
): Promise<void> {
	try {
		await db().update(users).set({ email, emailVerified: true }).where(eq(users.id, account.id));
	} catch (error) {
		// Another account took the address after the link was mailed.
		if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN);
		throw error;
	}
	await voidResetTokens(account.id);
	await invalidateUserSessions(account.id, keepSessionId);
	await clearPasswordAttempts(account.email);
	// The counters are kept by email: this address stays one the owner signs in from.
	if (keepSessionId) await rememberSignIn(email, clientKey);
	sendInBackground(emailChangedMail(account.email), 'email change notice');
}

/** Who sends a confirmation: a session, when the browser has one (of any account). */
export type Confirmer = { userId?: number; sessionId?: string; clientKey: string };

/**
 * Confirms a verification link: the account's own address becomes verified, or the new address
 * of an email change becomes the account's (verified, since its mailbox answered). Either way
 * the mailbox's holder now owns the account, so a session of that account sending the
 * confirmation stays and every other one ends: whoever signed up with someone else's address
 * does not stay signed in once its owner confirms it. Answers with the address now verified, so
 * the caller can let other subjects act on it (the newsletter takes over a subscription).
 */
export async function verifyEmail(
	token: string,
	by: Confirmer,
): Promise<{ message: string; verifiedEmail: string }> {
	const link = await takeVerificationToken(token);
	if (!link) throw new InvalidInput(INVALID_VERIFICATION_TOKEN);
	const account = await firstRow(
		db()
			.select({ id: users.id, email: users.email, isBanned: users.isBanned })
			.from(users)
			.where(eq(users.id, link.userId)),
	);
	if (!account || account.isBanned) throw new InvalidInput(INVALID_VERIFICATION_TOKEN);
	const keep = by.userId === account.id ? by.sessionId : undefined;
	if (link.email === account.email) {
		await db().update(users).set({ emailVerified: true }).where(eq(users.id, account.id));
		await invalidateUserSessions(account.id, keep);
		return { message: `Your email ${account.email} is verified.`, verifiedEmail: account.email };
	}
	await switchEmail(account, link.email, by.clientKey, keep);
	return { message: `Your email is now ${link.email}, and it is verified.`, verifiedEmail: link.email };
}

export const ALREADY_VERIFIED = 'Your email address is already verified.';

/**
 * Mails a new link for the account's current address. Like every newer link it voids the older
 * one, a pending email change's included: the owner chose to keep this address.
 */
export async function resendVerification(user: SessionUser): Promise<{ message: string }> {
	if (user.emailVerified) throw new Conflict(ALREADY_VERIFIED);
	await takeVerificationMail(user.id, user.email);
	const link = await issueVerificationLink(user.id, user.email);
	sendInBackground(verifyAddressMail(user.email, link), 'address verification');
	return { message: `We sent a new verification link to ${user.email}.` };
}

/**
 * Sets a new password: every other session of the user ends, outstanding reset links die, and
 * the account's failed-password counters clear (whoever set it proved who they are).
 */
export async function setPassword(userId: number, password: string, keepSessionId?: string) {
	const passwordHash = await hashPassword(password);
	const [row] = await db()
		.update(users)
		.set({ passwordHash })
		.where(eq(users.id, userId))
		.returning({ email: users.email });
	await voidResetTokens(userId);
	await invalidateUserSessions(userId, keepSessionId);
	if (row) await clearPasswordAttempts(row.email);
}

export async function changePassword(
	user: SessionUser,
	currentPassword: string,
	newPassword: string,
	sessionId: string,
	clientKey: string,
): Promise<void> {
	await requirePassword(user, currentPassword, clientKey);
	await setPassword(user.id, newPassword, sessionId);
}

/**
 * Records the owner's newsletter choice. Any choice ends the undo that an unsubscribe link
 * offers, so an old mail cannot override a later choice; `undoableBy` (the stored id of the
 * unsubscribe link making this choice) keeps that one link's undo.
 */
export async function setNewsletter(
	userId: number,
	subscribed: boolean,
	{ undoableBy }: { undoableBy?: string } = {},
): Promise<SessionUser> {
	await transaction(async (tx) => {
		await tx.update(users).set({ isNewsletterSubscribed: subscribed }).where(eq(users.id, userId));
		await tx
			.update(links)
			.set({ unsubscribedAt: null })
			.where(and(eq(links.userId, userId), isNotNull(links.unsubscribedAt)));
		if (undoableBy && !subscribed) {
			await tx.update(links).set({ unsubscribedAt: new Date() }).where(eq(links.id, undoableBy));
		}
	});
	return (await findUserById(userId))!;
}

/** Sets the name bylines show (null: the username). */
export async function setDisplayName(userId: number, displayName: string | null): Promise<SessionUser> {
	await db().update(users).set({ displayName }).where(eq(users.id, userId));
	return (await findUserById(userId))!;
}

/** Bans a user and ends all their sessions and reset links at once. */
export async function setBanned(userId: number, banned: boolean): Promise<SessionUser | undefined> {
	await db().update(users).set({ isBanned: banned }).where(eq(users.id, userId));
	if (banned) {
		await invalidateUserSessions(userId);
		await voidResetTokens(userId);
		await voidVerificationTokens(userId);
	}
	return findUserById(userId);
}

export const FORGOT_PASSWORD_MESSAGE =
	'If an account with that email exists, you will receive a password reset link.';

/**
 * Issues a reset token (voiding older ones) and mails the link. Answers nothing about whether
 * the account exists; the mail is sent after the response so timing does not tell either.
 * Throttled silently, per (address, client) and per client: a refused request is dropped
 * without a word, so requests from others never block the owner's own (issue 42, F-8).
 */
export async function requestPasswordReset(email: string, clientKey: string): Promise<void> {
	// The schema gave the address in lower case, so any spelling of it shares the count.
	// Counted and checked in one step; a request refused by one limit is given back to the other.
	const perAddress = await limits.forgotPerAddressClient.take(`${email} ${clientKey}`);
	const perClient = await limits.forgotPerClient.take(clientKey);
	if (perAddress || perClient) {
		if (!perAddress) await limits.forgotPerAddressClient.giveBack(`${email} ${clientKey}`);
		if (!perClient) await limits.forgotPerClient.giveBack(clientKey);
		log().warn({ subject: 'auth' }, 'password reset request dropped: the client had its share');
		return;
	}
	const user = await findByEmail(email);
	if (!user || user.isBanned) return;
	// The answer is the same either way, so a mailbox that had its share this hour gets nothing
	// (and its live reset link stays).
	if (await takeMailTo(user.email)) return;
	const token = generateToken();
	await transaction(async (tx) => {
		await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
		await tx.insert(passwordResetTokens).values({
			id: hashToken(token),
			userId: user.id,
			expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
		});
	});
	sendInBackground(passwordResetMail(user.email, tokenLinkUrl('/reset-password', token)), 'password reset');
}

/** Deletes reset links past their time (housekeeping); a live one stays usable. */
export async function deleteExpiredResetTokens(now = Date.now()): Promise<void> {
	await db()
		.delete(passwordResetTokens)
		.where(lt(passwordResetTokens.expiresAt, new Date(now)));
}

export const INVALID_RESET_TOKEN = 'This password reset link is invalid or has expired.';

/** Uses a reset token once: sets the password and ends every session of the user. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
	const id = hashToken(token);
	const [row] = await db()
		.delete(passwordResetTokens)
		.where(and(eq(passwordResetTokens.id, id), gt(passwordResetTokens.expiresAt, new Date())))
		.returning();
	if (!row) throw new InvalidInput(INVALID_RESET_TOKEN);
	await setPassword(row.userId, newPassword);
}
