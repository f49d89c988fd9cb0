/** The site's rate limits and the sign-in clients it remembers, on the engine's counter store. */
import { BatchedRateLimiter } from './batched-limiter';
import { limitsClock } from './clock';
import { ExpiringKeySet } from './expiring-key-set';
import { RateLimiter } from './limiter';
import { siteCounterStore } from './site-counters';
import { config } from '@/server/runtime/config';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const limiter = (name: string, limit: number | (() => number), windowMs: number) =>
	new RateLimiter(name, limit, windowMs, siteCounterStore, limitsClock);

/** The limits the site applies, one place to read and tune them. */
export const limits = {
	/**
	 * Failed password checks (sign-in and the profile's current-password checks) per account
	 * and client: the hard stop. Keyed `${email} ${client}` (no email holds a space).
	 */
	passwordPerAccountClient: limiter('password-account-client', 5, 15 * MINUTE),
	/**
	 * Failed password checks per account from clients that have not signed in to it: the slower
	 * back-off against guessing spread over many addresses. It never locks the owner out at an
	 * address they signed in from; elsewhere a reset (which clears it) lets them in.
	 */
	passwordPerAccount: limiter('password-account', 10, HOUR),
	/** The same, over a day: a sustained spread attack waits longer and longer. */
	passwordPerAccountDaily: limiter('password-account-day', 30, 24 * HOUR),
	/** Failed sign-ins per client address. */
	loginPerClient: limiter('login-client', 30, 15 * MINUTE),
	registerPerClient: limiter('register-client', 20, 60 * MINUTE),
	/**
	 * Password reset requests per address from one client, keyed `${email} ${client}`, and per
	 * client. Both are silent (the answer never changes), so a stranger's requests cannot block
	 * the owner's; the mails an address receives are bounded by mailsPerDestination.
	 */
	forgotPerAddressClient: limiter('forgot-address-client', 5, 15 * MINUTE),
	forgotPerClient: limiter('forgot-client', 20, 15 * MINUTE),
	/** Verification mails (resends, email change links) per account. */
	verificationMailsPerAccount: limiter('verification-mail-account', 5, HOUR),
	/**
	 * Mails a stranger can trigger, per destination mailbox (mail-destinations.ts): enough for an
	 * owner's sign-up, a few resends and resets, never a mail bomb from many accounts or variants.
	 */
	mailsPerDestination: limiter('mail-destination', 10, HOUR),
	/** Newsletter sign-ups by email (each mails a confirmation link) per address and per client. */
	newsletterSubscribePerAddress: limiter('newsletter-subscribe-address', 3, HOUR),
	newsletterSubscribePerClient: limiter('newsletter-subscribe-client', 20, HOUR),
	/**
	 * Page-view beacons per client: a reader opening a page every second still counts; a script
	 * filling the tables with made-up paths waits. Counted in each node's memory first and added
	 * to the shared store ten at a time (batched-limiter.ts): across N nodes a client gets at
	 * most 120 + N * 9 beacons a minute.
	 */
	pageviewsPerClient: new BatchedRateLimiter(
		'pageview-client',
		120,
		MINUTE,
		10,
		siteCounterStore,
		limitsClock,
	),
	/** Platform comments posted per user (each waits for moderation, so this caps the queue). */
	commentsPerUser: limiter('comment-user', 20, 60 * MINUTE),
	/** Ratings posted (or changed) per user. */
	ratingsPerUser: limiter('rating-user', 60, 60 * MINUTE),
	/** Reviews reported per user (each lands in the editors' queue, so this caps it). */
	reportsPerUser: limiter('report-user', 20, 60 * MINUTE),
	/**
	 * Costly public reads a client had computed (read-budget.ts): kept answers never count, so
	 * this bounds what made-up spellings and deep pages cost (issue 42, F-3).
	 */
	costlyReadsPerClient: limiter('costly-read-client', () => config().costlyReadsPerMinute, MINUTE),
	/**
	 * Requests per API key (/api/v1), all nodes together (API_KEY_RATE_LIMIT). Counted in each
	 * node's memory first and added to the shared store ten at a time, as the beacons are: across
	 * N nodes a key gets at most API_KEY_RATE_LIMIT + N * 9 requests a minute, exactly the limit
	 * on one node.
	 */
	apiKey: new BatchedRateLimiter(
		'api-key',
		() => config().apiKeyRateLimit,
		MINUTE,
		10,
		siteCounterStore,
		limitsClock,
	),
};

/** Clients that signed in to an account in the last 30 days, keyed `${email} ${client}`. */
export const knownSignInClients = new ExpiringKeySet(
	'signed-in-client',
	30 * 24 * HOUR,
	siteCounterStore,
	limitsClock,
);
