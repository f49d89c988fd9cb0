/**
 * The budget of costly public reads per client (issue 42, F-3). A route calls it only once the
 * host's kept answers missed (a hit never reaches the app), before the read's own work, so a
 * client that sends new spellings, deep pages or HEADs faster than the caches can help waits
 * instead of taking the node's CPU. Counted in the shared counter store: every node together.
 */
import { TooManyAttempts } from '@/server/errors';
import { config } from '@/server/runtime/config';
import { limits } from './limits';
import { retryMessage } from './messages';

export async function spendCostlyRead(clientKey: string): Promise<void> {
	if (config().costlyReadsPerMinute === 0) return;
	const seconds = await limits.costlyReadsPerClient.take(clientKey);
	if (seconds) throw new TooManyAttempts(retryMessage(seconds, 'requests for this list'), seconds);
}
