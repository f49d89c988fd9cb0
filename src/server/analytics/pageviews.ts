/**
 * A page view from a reader page's beacon: bots are not counted; the reader is known only as the
 * SHA-256 of the day's salt, the site, the client address and the user agent, none of which is
 * stored; the referrer is kept as its host alone. The view waits in memory (pending-views.ts).
 */
import { hash } from 'node:crypto';
import { isbot } from 'isbot';
import { referrerHost, type PageviewEvent } from '@/lib/validation/analytics';
import { limits, retryMessage } from '@/server/auth/rate-limit';
import { TooManyAttempts } from '@/server/errors';
import { config } from '@/server/runtime/config';
import { analyticsClock, DAY_MS, dayOf } from './clock';
import { countView } from './pending-views';
import { saltOf } from './salt';

/** The visitor hash of a client on a day: unlinkable to the client once the day's salt is gone. */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
	// The one-shot hash: no Hash object per beacon.
	return hash('sha256', `${salt}\n${site}\n${address}\n${userAgent}`, 'base64url');
}

/**
 * Answers per user agent and per referrer, kept while they repeat: readers of one site send few
 * distinct ones, and isbot's pattern costs more than the rest of a beacon's checks (issue 46).
 * Each map is emptied when full, so a client sending made-up names costs memory up to the cap.
 */
const MAX_MEMO = 1000;
const readerVerdicts = new Map<string, boolean>();
const referrerHosts = new Map<string, string | null>();

function memo<T>(map: Map<string, T>, key: string, make: (key: string) => T): T {
	const known = map.get(key);
	if (known !== undefined || map.has(key)) return known as T;
	const made = make(key);
	if (map.size >= MAX_MEMO) map.clear();
	map.set(key, made);
	return made;
}

/** Whether a request's user agent names a browser a person reads with (not a bot, not nothing). */
export function isReaderAgent(userAgent: string | null): userAgent is string {
	return !!userAgent && memo(readerVerdicts, userAgent, (agent) => !isbot(agent));
}

/** The UTC day of the analytics clock's now, made again only when the day changes. */
let today = { day: '', from: 0, until: 0 };
function currentDay(): string {
	const now = analyticsClock();
	if (now < today.from || now >= today.until) {
		const day = dayOf(now);
		const from = Date.parse(`${day}T00:00:00Z`);
		today = { day, from, until: from + DAY_MS };
	}
	return today.day;
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
	const day = currentDay();
	const { host: site, hostname } = config().siteUrl;
	const visitor = visitorHash(await saltOf(day), site, address, userAgent);
	const outside = event.referrer
		? memo(referrerHosts, `${hostname} ${event.referrer}`, () => referrerHost(event.referrer, hostname))
		: null;
	countView(day, event.path, visitor, outside);
	return true;
}
