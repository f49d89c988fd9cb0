/** How often a user may post ratings and comments (per hour), counted per user. */
import { retryMessage, type RateLimiter } from '@/server/auth/rate-limit';
import { TooManyAttempts } from '@/server/errors';

/** Counts one post against the user's hourly allowance, or answers 429. */
export async function checkPostingLimit(limiter: RateLimiter, userId: number, what: string) {
	// Counted and checked in one step, so posts sent at once (on any node) cannot pass the limit.
	const wait = await limiter.take(String(userId));
	if (wait) throw new TooManyAttempts(retryMessage(wait, what), wait);
}
