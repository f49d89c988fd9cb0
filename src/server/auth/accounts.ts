/**
 * Accounts: registration, sign-in, profile changes, bans and password resets. Every rule about
 * a user's own account is decided here.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { config } from '@/server/config';
import { db, schema } from '@/server/db';
import { emailChangedMail, passwordResetMail, sendMail, type Mail } from '@/server/mail';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { beginPasswordAttempt, clearPasswordAttempts, rememberSignIn } from './password-attempts';
import { limits, retryMessage } from './rate-limit';
import { invalidateUserSessions, publicUserColumns, type SessionUser } from './session';
import { generateToken, hashToken } from './tokens';
import { Conflict, Forbidden, InvalidInput, NotSignedIn, TooManyAttempts } from '@/server/errors';

const { users } = schema;
const EMAIL_TAKEN = 'An account with this email already exists.';
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export function findUserById(id: number): SessionUser | undefined {
	return db().select(publicUserColumns).from(users).where(eq(users.id, id)).get();
}

function findByEmail(email: string) {
	return db().select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

function usernameTaken(username: string, exceptId?: number): boolean {
	const row = db()
		.select({ id: users.id })
		.from(users)
		.where(sql`lower(${users.username}) = lower(${username})`)
		.get();
	return !!row && row.id !== exceptId;
}

function emailTaken(email: string, exceptId?: number): boolean {
	const row = findByEmail(email);
	return !!row && row.id !== exceptId;
}

export type NewAccount = {
	email: string;
	username: string;
	password: string;
	role?: 'user' | 'editor';
	isNewsletterSubscribed?: boolean;
};

/** Creates an account; 409 names the field that is already taken. */
export async function createAccount(input: NewAccount): Promise<SessionUser> {
	if (emailTaken(input.email)) throw new Conflict(EMAIL_TAKEN);
	if (usernameTaken(input.username)) throw new Conflict('This username is already taken.');
	const passwordHash = await hashPassword(input.password);
	try {
		return db()
			.insert(users)
			.values({
				email: input.email.toLowerCase(),
				username: input.username,
				passwordHash,
				role: input.role ?? 'user',
				isNewsletterSubscribed: input.isNewsletterSubscribed ?? false,
			})
			.returning(publicUserColumns)
			.get();
	} catch (error) {
		// A concurrent registration won the race between the check and the insert.
		if (String(error).includes('UNIQUE')) {
			throw new Conflict('An account with this email or username already exists.');
		}
		throw error;
	}
}

export async function register(
	input: Omit<NewAccount, 'role'>,
	clientKey: string,
): Promise<SessionUser> {
	const wait = limits.registerPerClient.retryAfter(clientKey);
	if (wait) throw new TooManyAttempts(retryMessage(wait, 'sign-ups from this address'), wait);
	limits.registerPerClient.hit(clientKey);
	const user = await createAccount(input);
	rememberSignIn(user.email, clientKey);
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
export async function authenticate(
	email: string,
	password: string,
	clientKey: string,
): Promise<SessionUser> {
	const attempt = beginPasswordAttempt(email, clientKey);
	const row = findByEmail(email);
	const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), password);
	if (!row || !ok) throw new NotSignedIn(INVALID_LOGIN);
	attempt.succeeded();
	if (row.isBanned) throw new Forbidden(BANNED_MESSAGE);
	return findUserById(row.id)!;
}

/** The current-password check of profile changes, limited like sign-in. */
async function requirePassword(user: SessionUser, password: string, clientKey: string): Promise<void> {
	const attempt = beginPasswordAttempt(user.email, clientKey, 'password attempts');
	const row = db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
	if (!row || !(await verifyPassword(row.hash, password))) {
		throw new InvalidInput('Current password is incorrect.');
	}
	attempt.succeeded();
}

/** Voids every reset link of the user still waiting in a mailbox. */
function voidResetTokens(userId: number): void {
	db().delete(schema.passwordResetTokens).where(eq(schema.passwordResetTokens.userId, userId)).run();
}

function sendInBackground(mail: Mail, what: string): void {
	sendMail(mail).catch((error) => console.error(`[mail] ${what} mail failed`, error));
}

/**
 * Changes the sign-in email. Whoever changed it holds the session and the password, so every
 * other session ends, reset links mailed to the old address die, and the old address is told.
 */
export async function changeEmail(
	user: SessionUser,
	email: string,
	currentPassword: string,
	clientKey: string,
	keepSessionId: string,
): Promise<SessionUser> {
	if (email === user.email) throw new InvalidInput('Please enter a new email address.');
	await requirePassword(user, currentPassword, clientKey);
	if (emailTaken(email, user.id)) throw new Conflict(EMAIL_TAKEN);
	try {
		db().update(users).set({ email }).where(eq(users.id, user.id)).run();
	} catch (error) {
		// Another account took the address between the check and the update.
		if (String(error).includes('UNIQUE')) throw new Conflict(EMAIL_TAKEN);
		throw error;
	}
	voidResetTokens(user.id);
	invalidateUserSessions(user.id, keepSessionId);
	clearPasswordAttempts(user.email);
	// The counters are kept by email: this address stays one the owner signs in from.
	rememberSignIn(email, clientKey);
	sendInBackground(emailChangedMail(user.email), 'email change notice');
	return findUserById(user.id)!;
}

/**
 * Sets a new password: every other session of the user ends, outstanding reset links die, and
 * the account's failed-password counters clear (whoever set it proved who they are).
 */
export async function setPassword(userId: number, password: string, keepSessionId?: string) {
	const passwordHash = await hashPassword(password);
	const row = db()
		.update(users)
		.set({ passwordHash })
		.where(eq(users.id, userId))
		.returning({ email: users.email })
		.get();
	voidResetTokens(userId);
	invalidateUserSessions(userId, keepSessionId);
	if (row) clearPasswordAttempts(row.email);
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

export function setNewsletter(userId: number, subscribed: boolean): SessionUser {
	db().update(users).set({ isNewsletterSubscribed: subscribed }).where(eq(users.id, userId)).run();
	return findUserById(userId)!;
}

/** Bans a user and ends all their sessions and reset links at once. */
export function setBanned(userId: number, banned: boolean): SessionUser | undefined {
	db().update(users).set({ isBanned: banned }).where(eq(users.id, userId)).run();
	if (banned) {
		invalidateUserSessions(userId);
		voidResetTokens(userId);
	}
	return findUserById(userId);
}

export const FORGOT_PASSWORD_MESSAGE =
	'If an account with that email exists, you will receive a password reset link.';

/**
 * Issues a reset token (voiding older ones) and mails the link. Answers nothing about whether
 * the account exists; the mail is sent after the response so timing does not tell either.
 */
export function requestPasswordReset(email: string, clientKey: string): void {
	const wait = Math.max(
		limits.forgotPerAccount.retryAfter(email),
		limits.forgotPerClient.retryAfter(clientKey),
	);
	if (wait) throw new TooManyAttempts(retryMessage(wait, 'password reset requests'), wait);
	limits.forgotPerAccount.hit(email);
	limits.forgotPerClient.hit(clientKey);
	const user = findByEmail(email);
	if (!user || user.isBanned) return;
	const token = generateToken();
	db().transaction(() => {
		voidResetTokens(user.id);
		db()
			.insert(schema.passwordResetTokens)
			.values({
				id: hashToken(token),
				userId: user.id,
				expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
			})
			.run();
	});
	const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, config().siteUrl);
	sendInBackground(passwordResetMail(user.email, link.href), 'password reset');
}

export const INVALID_RESET_TOKEN = 'This password reset link is invalid or has expired.';

/** Uses a reset token once: sets the password and ends every session of the user. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
	const id = hashToken(token);
	const { passwordResetTokens: tokens } = schema;
	const row = db()
		.delete(tokens)
		.where(and(eq(tokens.id, id), gt(tokens.expiresAt, new Date())))
		.returning()
		.get();
	if (!row) throw new InvalidInput(INVALID_RESET_TOKEN);
	await setPassword(row.userId, newPassword);
}
