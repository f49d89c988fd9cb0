/** Who receives the newsletter: asked when an issue is queued and again just before each mail. */
import { and, eq, type SQL } from 'drizzle-orm';
import { schema } from '@/server/db';

const { users } = schema;

/** Subscribed and not banned (a deleted account has no row at all). */
export function recipientCondition(): SQL {
	return and(eq(users.isNewsletterSubscribed, true), eq(users.isBanned, false))!;
}
