import { describe, expect, it, vi } from 'vitest';
import { MAX_MEMORY_COUNTERS } from '@/server/auth/rate-limit/counter-store.memory';
import { counterKey, MAX_COUNTER_KEY_LENGTH } from '@/server/auth/rate-limit/counter-store';
import {
	MemoryCounterStore,
	RateLimiter,
	ExpiringKeySet,
	limits,
	mailDestinationKey,
	retryMessage,
} from '@/server/auth/rate-limit';

/** A clock the test moves by hand. */
function fakeClock(start = 1_700_000_000_000) {
	let now = start;
	return {
		now: () => now,
		advance(ms: number) {
			now += ms;
		},
	};
}

const MINUTE = 60_000;

/**
 * Counts every walk over any Map (iteration, keys, values, entries, forEach) until restored: a
 * store whose steps are O(1) makes none.
 */
function countMapWalks() {
	const proto = Map.prototype as unknown as Record<PropertyKey, (...args: unknown[]) => unknown>;
	const names: PropertyKey[] = [Symbol.iterator, 'keys', 'values', 'entries', 'forEach'];
	const originals = names.map((name) => proto[name]!);
	let walks = 0;
	names.forEach((name, i) => {
		proto[name] = function (this: unknown, ...args: unknown[]) {
			walks += 1;
			return originals[i]!.apply(this, args);
		};
	});
	return {
		count: () => walks,
		restore: () => names.forEach((name, i) => (proto[name] = originals[i]!)),
	};
}

describe('RateLimiter', () => {
	it('answers 0 while the key is under its limit', async () => {
		const clock = fakeClock();
		const limiter = new RateLimiter('test', 3, MINUTE, undefined, clock.now);
		expect(await limiter.retryAfter('a')).toBe(0);
		await limiter.hit('a');
		await limiter.hit('a');
		expect(await limiter.retryAfter('a')).toBe(0);
	});

	it('answers the seconds left in the window once the limit is reached', async () => {
		const clock = fakeClock();
		const limiter = new RateLimiter('test', 3, 15 * MINUTE, undefined, clock.now);
		for (let i = 0; i < 3; i++) await limiter.hit('a');
		expect(await limiter.retryAfter('a')).toBe(15 * 60);
		clock.advance(5 * MINUTE);
		expect(await limiter.retryAfter('a')).toBe(10 * 60);
		clock.advance(10 * MINUTE - 500);
		// Less than a second left still means "wait", never 0.
		expect(await limiter.retryAfter('a')).toBe(1);
	});

	it('counts the window from the first hit (fixed window), not from the last', async () => {
		const clock = fakeClock();
		const limiter = new RateLimiter('test', 2, MINUTE, undefined, clock.now);
		await limiter.hit('a');
		clock.advance(50_000);
		await limiter.hit('a');
		expect(await limiter.retryAfter('a')).toBe(10);
	});

	it('answers 0 again once the window has passed, and starts a new window', async () => {
		const clock = fakeClock();
		const limiter = new RateLimiter('test', 2, MINUTE, undefined, clock.now);
		await limiter.hit('a');
		await limiter.hit('a');
		expect(await limiter.retryAfter('a')).toBeGreaterThan(0);
		clock.advance(MINUTE);
		expect(await limiter.retryAfter('a')).toBe(0);
		await limiter.hit('a');
		expect(await limiter.retryAfter('a')).toBe(0);
		await limiter.hit('a');
		expect(await limiter.retryAfter('a')).toBe(60);
	});

	it('reset clears the key at once', async () => {
		const clock = fakeClock();
		const limiter = new RateLimiter('test', 1, MINUTE, undefined, clock.now);
		await limiter.hit('a');
		expect(await limiter.retryAfter('a')).toBe(60);
		await limiter.reset('a');
		expect(await limiter.retryAfter('a')).toBe(0);
		await limiter.hit('a');
		expect(await limiter.retryAfter('a')).toBe(60);
	});

	it('keeps keys apart', async () => {
		const clock = fakeClock();
		const limiter = new RateLimiter('test', 1, MINUTE, undefined, clock.now);
		await limiter.hit('a');
		expect(await limiter.retryAfter('a')).toBeGreaterThan(0);
		expect(await limiter.retryAfter('b')).toBe(0);
		await limiter.reset('b');
		expect(await limiter.retryAfter('a')).toBeGreaterThan(0);
	});

	it('keeps limiters that share one store apart by name', async () => {
		const clock = fakeClock();
		const store = new MemoryCounterStore();
		const login = new RateLimiter('login', 1, MINUTE, store, clock.now);
		const signup = new RateLimiter('signup', 1, MINUTE, store, clock.now);
		await login.hit('1.2.3.4');
		expect(await login.retryAfter('1.2.3.4')).toBe(60);
		expect(await signup.retryAfter('1.2.3.4')).toBe(0);
	});
});

describe('RateLimiter.take', () => {
	it('counts before the attempt is made, so attempts that arrive together cannot pass the limit', async () => {
		const clock = fakeClock();
		const limiter = new RateLimiter('test', 3, MINUTE, undefined, clock.now);
		// Nothing between the calls gives back: like 10 checks started before any finished.
		const waits = await Promise.all(Array.from({ length: 10 }, () => limiter.take('a')));
		expect(waits.filter((w) => w === 0)).toHaveLength(3);
		expect(waits.slice(3).every((w) => w === 60)).toBe(true);
	});

	it('does not count a refused attempt, and giveBack returns an allowed one', async () => {
		const clock = fakeClock();
		const limiter = new RateLimiter('test', 2, MINUTE, undefined, clock.now);
		expect(await limiter.take('a')).toBe(0);
		expect(await limiter.take('a')).toBe(0);
		expect(await limiter.take('a')).toBe(60);
		await limiter.giveBack('a');
		expect(await limiter.take('a')).toBe(0);
		expect(await limiter.take('a')).toBe(60);
	});

	it('resetPrefix clears every key that starts with the prefix, and only those', async () => {
		const clock = fakeClock();
		const limiter = new RateLimiter('test', 1, MINUTE, undefined, clock.now);
		for (const key of ['ann@x.io 1.1.1.1', 'ann@x.io 2.2.2.2', 'anna@x.io 1.1.1.1']) await limiter.hit(key);
		await limiter.resetPrefix('ann@x.io ');
		expect(await limiter.retryAfter('ann@x.io 1.1.1.1')).toBe(0);
		expect(await limiter.retryAfter('ann@x.io 2.2.2.2')).toBe(0);
		expect(await limiter.retryAfter('anna@x.io 1.1.1.1')).toBe(60);
	});
});

describe('counterKey', () => {
	it('keeps a key as written up to its bound, and a longer one as a short hash', () => {
		const address = `${'a'.repeat(64)}@${'b'.repeat(189)}`;
		expect(counterKey('password-account-client', `${address} 2001:db8::1`)).toBe(
			`password-account-client:${address} 2001:db8::1`,
		);
		const long = counterKey('login-client', 'x'.repeat(16_000));
		expect(long.length).toBeLessThanOrEqual(MAX_COUNTER_KEY_LENGTH);
		expect(long).toMatch(/^login-client#[\w-]{43}$/);
		expect(counterKey('login-client', 'y'.repeat(16_000))).not.toBe(long);
	});
});

describe('ExpiringKeySet', () => {
	it('remembers a key for its lifetime, counted from the latest time it was seen', async () => {
		const clock = fakeClock();
		const known = new ExpiringKeySet('known', 10 * MINUTE, undefined, clock.now);
		expect(await known.has('a')).toBe(false);
		await known.remember('a');
		clock.advance(9 * MINUTE);
		await known.remember('a');
		clock.advance(9 * MINUTE);
		expect(await known.has('a')).toBe(true);
		expect(await known.has('b')).toBe(false);
		clock.advance(MINUTE);
		expect(await known.has('a')).toBe(false);
	});
});

describe('MemoryCounterStore', () => {
	it('counts within a window and forgets a finished one', async () => {
		const store = new MemoryCounterStore();
		await store.increment('k', 1000, 0);
		await store.increment('k', 1000, 500);
		expect(await store.count('k', 900)).toEqual({ count: 2, resetAt: 1000 });
		expect(await store.count('k', 1000)).toEqual({ count: 0, resetAt: 1000 });
		await store.increment('k', 1000, 1000);
		expect(await store.count('k', 1001)).toEqual({ count: 1, resetAt: 2000 });
	});

	it('drops finished windows on its sweep, keeping the live ones', async () => {
		const store = new MemoryCounterStore();
		for (let i = 0; i < 1_000; i++) await store.increment(`old-${i}`, 1000, 0);
		await store.increment('live', 10_000, 500);
		expect(store.size).toBe(1_001);
		store.sweep(5000);
		expect(store.size).toBe(1);
		expect((await store.count('live', 5000)).count).toBe(1);
	});

	it('sweeps on a timer of its own, reading its clock', async () => {
		vi.useFakeTimers({ toFake: ['setInterval'] });
		try {
			const clock = fakeClock(0);
			const store = new MemoryCounterStore({ clock: clock.now });
			for (let i = 0; i < 100; i++) await store.increment(`old-${i}`, MINUTE, 0);
			clock.advance(MINUTE);
			vi.advanceTimersByTime(MINUTE);
			expect(store.size).toBe(0);
		} finally {
			vi.useRealTimers();
		}
	});

	it('keeps at most its bound through 100,000 distinct keys, no step walking the store', async () => {
		const store = new MemoryCounterStore();
		const walks = countMapWalks();
		const halves: number[] = [];
		let most = 0;
		try {
			for (let half = 0; half < 2; half++) {
				const started = performance.now();
				for (let i = 0; i < 50_000; i++) {
					const key = `password-account-day:guess-${half * 50_000 + i}@example.com`;
					// A sign-in's steps on a fresh key: counted, then given back.
					await store.increment(key, 24 * 60 * MINUTE, 1_000 + i);
					if (i % 2 === 0) await store.decrement(key, 1_000 + i);
					if (i % 1_000 === 999) most = Math.max(most, store.size);
				}
				halves.push(performance.now() - started);
			}
		} finally {
			walks.restore();
		}
		console.info(
			`memory counters, 100,000 distinct keys: first 50,000 in ${halves[0]!.toFixed(0)} ms, second in ${halves[1]!.toFixed(0)} ms, ${store.size} kept`,
		);
		expect(walks.count()).toBe(0);
		expect(Math.max(most, store.size)).toBeLessThanOrEqual(MAX_MEMORY_COUNTERS);
		expect(store.size).toBeGreaterThan(0);
	});

	it('keeps no entry for an attempt given back', async () => {
		const store = new MemoryCounterStore();
		await store.increment('k', MINUTE, 0);
		await store.decrement('k', 0);
		expect(store.size).toBe(0);
	});

	it('delete removes a key', async () => {
		const store = new MemoryCounterStore();
		await store.increment('k', 1000, 0);
		await store.delete('k');
		expect((await store.count('k', 1)).count).toBe(0);
	});
});

describe('the site limits', () => {
	it.each([
		['passwordPerAccountClient', 5, 15 * 60],
		['passwordPerAccount', 10, 60 * 60],
		['passwordPerAccountDaily', 30, 24 * 60 * 60],
		['loginPerClient', 30, 15 * 60],
		['registerPerClient', 20, 60 * 60],
		['forgotPerAddressClient', 5, 15 * 60],
		['forgotPerClient', 20, 15 * 60],
	] as const)('%s allows %i tries per %i seconds', async (name, limit, seconds) => {
		const limiter = limits[name];
		const key = `unit-test-${name}-${Math.random()}`;
		for (let i = 0; i < limit - 1; i++) await limiter.hit(key);
		expect(await limiter.retryAfter(key)).toBe(0);
		await limiter.hit(key);
		const wait = await limiter.retryAfter(key);
		expect(wait).toBeGreaterThan(seconds - 5);
		expect(wait).toBeLessThanOrEqual(seconds);
		await limiter.reset(key);
	});
});

describe('retryMessage', () => {
	it.each([
		[1, 'Too many sign-in attempts. Please try again in a minute.'],
		[60, 'Too many sign-in attempts. Please try again in a minute.'],
		[61, 'Too many sign-in attempts. Please try again in 2 minutes.'],
		[900, 'Too many sign-in attempts. Please try again in 15 minutes.'],
	])('%i seconds → %s', (seconds, message) => {
		expect(retryMessage(seconds, 'sign-in attempts')).toBe(message);
	});
});

describe('mailDestinationKey (the per-mailbox mail limit)', () => {
	it.each([
		['Jane.Doe+news@Gmail.com', 'janedoe@gmail.com'],
		['j.a.n.e.doe@googlemail.com', 'janedoe@gmail.com'],
		['jane.doe+a+b@example.org', 'janedoe@example.org'],
		['  JANE@Example.org ', 'jane@example.org'],
		['"a.b@c"@example.org', '"ab@c"@example.org'],
	])('%s → %s', (email, key) => {
		expect(mailDestinationKey(email)).toBe(key);
	});

	it('keeps different mailboxes and domains apart', () => {
		expect(mailDestinationKey('jane@example.org')).not.toBe(mailDestinationKey('jane@example.com'));
		expect(mailDestinationKey('jane@gmail.com')).not.toBe(mailDestinationKey('janet@gmail.com'));
	});
});
