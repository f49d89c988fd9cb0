/**
 * The signed-in user as the server knows it for a request (what a session resolves to). Typed
 * here, below the server and the schema, so the API's wire types in src/lib can name it; the
 * session's query (src/server/auth/session.ts) is checked against it, so it cannot drift from
 * the users table.
 */
import type { UserRole } from '@/lib/column-values';

export type SessionUser = {
	id: number;
	username: string;
	/** The name bylines show, set in the profile; null: the username stands. */
	displayName: string | null;
	email: string;
	role: UserRole;
	isBanned: boolean;
	isNewsletterSubscribed: boolean;
	/** The address is proven the owner's; only verified addresses receive newsletters. */
	emailVerified: boolean;
	createdAt: Date;
	/** The platform this user answers reviews for (its representative), or null. */
	vendorPlatformId: number | null;
};
