/**
 * A page view from a reader page's beacon: bots are not counted; the reader is known only as the
 * SHA-256 of the day's salt, the site, the client address and the user agent, none of which is
 * stored; the referrer is kept as its host alone. The view waits in memory (pending-views.ts).
 */
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import { referrerHost, type PageviewEvent } from '@/lib/validation/analytics';
import { limits, retryMessage } from '@/server/auth/rate-limit';
import { TooManyAttempts } from '@/server/errors';
import { config } from '@/server/runtime/config';
import { analyticsClock, dayOf } from './clock';
import { countView } from './pending-views';
import { saltOf } from './salt';

/** The visitor hash of a client on a day: unlinkable to the client once the day's salt is gone. */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
	return createHash('sha256').update(`${salt}\n${site}\n${address}\n${userAgent}`).digest('base64url');
}

/** Whether a request's user agent names a browser a person reads with (not a bot, not nothing). */
export function isReaderAgent(userAgent: string | null): userAgent is string {
	return !!userAgent && !isbot(userAgent);
}

/**
 * Counts a page view unless a bot (or a client naming no browser) sent it; answers whether it
 * counted. A client sending more than its limit is refused (TooManyAttempts), bots included.
 */
export async function recordPageview(
	event: PageviewEvent,
	client: { address: string; userAgent: string | null },
): Promise<boolean> {
	const { userAgent, address } = client;
	// Mostly answered from this node's memory, without a promise (batched-limiter.ts).
	const taken = limits.pageviewsPerClient.take(address);
	const wait = typeof taken === 'number' ? taken : await taken;
	if (wait) throw new TooManyAttempts(retryMessage(wait, 'page views'), wait);
	if (!isReaderAgent(userAgent)) return false;
	const day = dayOf(analyticsClock());
	const site = config().siteUrl.host;
	const visitor = visitorHash(await saltOf(day), site, address, userAgent);
	countView(day, event.path, visitor, referrerHost(event.referrer, config().siteUrl.hostname));
	return true;
}
