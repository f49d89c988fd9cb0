/**
 * Fixed-window rate limits: the limiter, the remembered sign-in clients, the site's limits and
 * their counter store, chosen per engine (site-counters.ts).
 */
export type { Clock } from './clock';
export { setRateLimitClock } from './clock';
export type { Counter, CounterStore } from './counter-store';
export { MemoryCounterStore } from './counter-store.memory';
export { ExpiringKeySet } from './expiring-key-set';
export { RateLimiter, type Budget } from './limiter';
export { BatchedRateLimiter } from './batched-limiter';
export { knownSignInClients, limits } from './limits';
export { mailDestinationKey, takeMailTo } from './mail-destinations';
export { retryMessage } from './messages';
export { spendCostlyRead } from './read-budget';
