/**
 * Verified work emails: a signed-in reviewer proves an address at their company through a mailed
 * link (the address-verification links, purpose 'work', under the same mail budget per account
 * and per mailbox). Their reviews then say "Verified work email"; the address and its domain stay
 * private. A free-mail address proves nothing about an employer and is refused. A work email at a
 * platform's own website domain makes the user's reviews of it affiliated (reviews.ts).
 */
import { eq } from 'drizzle-orm';
import { DOMAINS } from 'free-email-domains-list';
import { getDomain } from 'tldts';
import { db, firstRow, users } from '@/server/db';
import { sendInBackground } from '@/server/mail/transport';
import { takeVerificationMail } from '@/server/auth/accounts';
import { confirmWorkEmailMail } from '@/server/auth/account-mails';
import {
	INVALID_VERIFICATION_TOKEN,
	issueVerificationLink,
	takeVerificationToken,
} from '@/server/auth/email-verification';
import type { SessionUser } from '@/server/auth/session';
import { InvalidInput } from '@/server/errors';
import { platformsRatedBy, recountPlatforms } from './reviews';

export const FREE_MAIL_REFUSED =
	'Please use your work address: free email providers (such as gmail.com) do not show where you work.';
export const NO_COMPANY_DOMAIN = 'Please enter an address at your company’s own domain.';

/** The registrable domain (tldts, public suffix list) of a work address, or a 400 with why not. */
export function workDomainOf(email: string): string {
	const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
	const domain = getDomain(host);
	if (!domain) throw new InvalidInput(NO_COMPANY_DOMAIN);
	if (DOMAINS.has(host) || DOMAINS.has(domain)) throw new InvalidInput(FREE_MAIL_REFUSED);
	return domain;
}

export type WorkEmailState = { workEmail: string | null };

/** The owner's confirmed work email (only they see it), or null. */
export async function workEmailOf(userId: number): Promise<WorkEmailState> {
	const row = await firstRow(
		db().select({ workEmail: users.workEmail }).from(users).where(eq(users.id, userId)),
	);
	return { workEmail: row?.workEmail ?? null };
}

/** Mails a confirmation link to the work address (nothing changes until it is opened). */
export async function requestWorkEmail(user: SessionUser, email: string): Promise<{ message: string }> {
	workDomainOf(email);
	await takeVerificationMail(user.id, email);
	const link = await issueVerificationLink(user.id, email, 'work');
	sendInBackground(confirmWorkEmailMail(email, link), 'work email confirmation');
	return {
		message: `We sent a confirmation link to ${email}. Open it to verify your work email.`,
	};
}

/**
 * Confirms a work-email link: only for the account that asked for it (the profile page sends it
 * signed in). Answers the confirmed address and its domain, for the caller to act on.
 */
export async function confirmWorkEmail(
	token: string,
	userId: number,
): Promise<{ message: string; workEmail: string; workDomain: string }> {
	const link = await takeVerificationToken(token, 'work', userId);
	if (!link) throw new InvalidInput(INVALID_VERIFICATION_TOKEN);
	const workDomain = workDomainOf(link.email);
	const before = await firstRow(
		db().select({ workDomain: users.workDomain }).from(users).where(eq(users.id, userId)),
	);
	await db().update(users).set({ workEmail: link.email, workDomain }).where(eq(users.id, userId));
	// A new domain may make the user's reviews affiliated with (or no longer with) a platform.
	if (before?.workDomain !== workDomain) await recountPlatforms(await platformsRatedBy(userId));
	return {
		message: `Your work email ${link.email} is verified.`,
		workEmail: link.email,
		workDomain,
	};
}
