/**
 * The signed-in user as the server knows it for a request (what a session resolves to). Typed
 * here, below the server, so the API's wire types in src/lib can name it without importing the
 * server's session code.
 */
export type SessionUser = {
	id: number;
	username: string;
	email: string;
	role: 'user' | 'editor';
	isBanned: boolean;
	isNewsletterSubscribed: boolean;
	/** The address is proven the owner's; only verified addresses receive newsletters. */
	emailVerified: boolean;
	createdAt: Date;
	/** The platform this user answers reviews for (its representative), or null. */
	vendorPlatformId: number | null;
};
