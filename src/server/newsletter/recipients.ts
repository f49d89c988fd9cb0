/**
 * Who receives the newsletter: asked when an issue is queued and again just before each mail.
 * Two kinds of recipient: accounts, and email-only members (newsletter_members).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { newsletterMembers as members, newsletterSuppressions as suppressions, users } from '@/server/db';

/** No mail server has refused the address for good (newsletter_suppressions). */
export function notSuppressed(email: AnySQLiteColumn): SQL {
	return sql`not exists (select 1 from ${suppressions} where ${suppressions.email} = ${email})`;
}

/**
 * Subscribed, with a verified address, and not banned (a deleted account has no row at all):
 * mail to an address nobody proved theirs may reach a stranger and earn the sender spam reports.
 * Nor an address a mail server refused for good.
 */
export function recipientCondition(): SQL {
	return and(
		eq(users.isNewsletterSubscribed, true),
		eq(users.emailVerified, true),
		eq(users.isBanned, false),
		notSuppressed(users.email),
	)!;
}

/**
 * A confirmed member whose address is not suppressed, and not also a receiving account's (that
 * person gets the issue once, as the account).
 */
export function memberRecipientCondition(): SQL {
	return and(
		eq(members.status, 'confirmed'),
		notSuppressed(members.email),
		sql`not exists (select 1 from ${users} where ${users.email} = ${members.email} and ${recipientCondition()})`,
	)!;
}
