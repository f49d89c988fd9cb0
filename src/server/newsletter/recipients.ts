/** Who receives the newsletter: asked when an issue is queued and again just before each mail. */
import { and, eq, type SQL } from 'drizzle-orm';
import { users } from '@/server/db';

/**
 * Subscribed, with a verified address, and not banned (a deleted account has no row at all):
 * mail to an address nobody proved theirs may reach a stranger and earn the sender spam reports.
 */
export function recipientCondition(): SQL {
	return and(
		eq(users.isNewsletterSubscribed, true),
		eq(users.emailVerified, true),
		eq(users.isBanned, false),
	)!;
}
