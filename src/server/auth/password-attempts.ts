/**
 * Guesses at an account's password: sign-in and the profile's current-password checks count
 * against the same limits, before the hash is checked, so attempts sent at once cannot pass
 * the limit while the hashes run.
 */
import { knownSignInClients, limits, retryMessage, type RateLimiter } from './rate-limit';
import { TooManyAttempts } from '@/server/errors';

const pairKey = (account: string, clientKey: string) => `${account} ${clientKey}`;

export type PasswordAttempt = {
	/** The password was right: the attempt is given back and the client's count starts afresh. */
	succeeded(): Promise<void>;
};

/**
 * Counts one password check for `account` (an email, lowercase) from `clientKey`, or throws
 * 429 when a limit is used up. A failed check keeps its count; call succeeded() otherwise.
 */
export async function beginPasswordAttempt(
	account: string,
	clientKey: string,
	what = 'sign-in attempts',
): Promise<PasswordAttempt> {
	const pair = pairKey(account, clientKey);
	// The client's own limit first: an address already refused touches no other counter.
	const counted: Array<[RateLimiter, string]> = [
		[limits.loginPerClient, clientKey],
		[limits.passwordPerAccountClient, pair],
	];
	// The owner's usual addresses skip the per-account back-off, so guessing from elsewhere
	// cannot lock them out; they still meet the per-address hard stop.
	if (!(await knownSignInClients.has(pair))) {
		counted.push([limits.passwordPerAccount, account], [limits.passwordPerAccountDaily, account]);
	}
	const taken: Array<[RateLimiter, string]> = [];
	const giveBack = () => Promise.all(taken.map(([limiter, key]) => limiter.giveBack(key)));
	for (const [index, [limiter, key]] of counted.entries()) {
		const seconds = await limiter.take(key);
		if (!seconds) {
			taken.push([limiter, key]);
			continue;
		}
		// Refused: nothing more is counted and what was is given back, so a refused attempt
		// adds no counter anywhere; the other limits are only read, for the longest wait.
		await giveBack();
		let wait = seconds;
		for (const [other, otherKey] of counted.slice(index + 1))
			wait = Math.max(wait, await other.retryAfter(otherKey));
		throw new TooManyAttempts(retryMessage(wait, what), wait);
	}
	return {
		async succeeded() {
			await giveBack();
			await limits.passwordPerAccountClient.reset(pair);
			await rememberSignIn(account, clientKey);
		},
	};
}

/** Marks the client as one the account's owner signs in from (sign-in, registration). */
export async function rememberSignIn(account: string, clientKey: string): Promise<void> {
	await knownSignInClients.remember(pairKey(account, clientKey));
}

/** Clears every password counter of an account: its owner proved who they are. */
export async function clearPasswordAttempts(account: string): Promise<void> {
	await limits.passwordPerAccountClient.resetPrefix(pairKey(account, ''));
	await limits.passwordPerAccount.reset(account);
	await limits.passwordPerAccountDaily.reset(account);
}
