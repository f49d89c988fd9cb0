/** How often a user may post ratings and comments (per hour), counted per user. */
import { retryMessage, type RateLimiter } from '@/server/auth/rate-limit';
import { TooManyAttempts } from '@/server/errors';

/** Counts one post against the user's hourly allowance, or answers 429. */
export function checkPostingLimit(limiter: RateLimiter, userId: number, what: string) {
	const key = String(userId);
	const wait = limiter.retryAfter(key);
	if (wait) throw new TooManyAttempts(retryMessage(wait, what), wait);
	limiter.hit(key);
}
