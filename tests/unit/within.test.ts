/** src/lib/within.ts: a promise's value, or a stand-in once the time is up. */
import { describe, expect, it } from 'vitest';
import { within } from '@/lib/within';

describe('within', () => {
	it('gives the value of a promise that settles in time', async () => {
		await expect(within(Promise.resolve('done'), 1_000, 'late')).resolves.toBe('done');
	});

	it('gives the stand-in once the time is up', async () => {
		await expect(within(new Promise<string>(() => {}), 20, 'late')).resolves.toBe('late');
	});

	it('waits for the promise when the time is Infinity', async () => {
		const slow = new Promise<string>((resolve) => setTimeout(() => resolve('done'), 30));
		await expect(within(slow, Infinity, 'late')).resolves.toBe('done');
	});

	it('passes a rejection on', async () => {
		await expect(within(Promise.reject(new Error('broken')), 1_000, 'late')).rejects.toThrow('broken');
	});
});
