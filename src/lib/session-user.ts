/**
 * The signed-in user as the server knows it for a request (what a session resolves to). Typed
 * here, below the server, so the API's wire types in src/lib can name it without importing the
 * server's session code.
 */
import type { UserRow } from '@db/schema';

export type SessionUser = Pick<
	UserRow,
	// emailVerified: the address is proven the owner's; only verified addresses receive newsletters.
	'id' | 'username' | 'email' | 'role' | 'isBanned' | 'isNewsletterSubscribed' | 'emailVerified' | 'createdAt'
> & {
	/** The platform this user answers reviews for (its representative), or null. */
	vendorPlatformId: number | null;
};
