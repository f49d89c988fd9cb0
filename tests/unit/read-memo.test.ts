/**
 * The Content API's kept reads (src/server/integrations/read-memo.ts): a repeated read is
 * answered from memory, any announced change drops what is kept, and a read made while a change
 * was announced is not kept (it may predate the change).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

async function fresh(env: Record<string, string> = {}) {
	vi.resetModules();
	vi.unstubAllEnvs();
	for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
	const { keptRead } = await import('@/server/integrations/read-memo');
	const { apiAnswersStale } = await import('@/server/changes/served-copies');
	return { keptRead, apiAnswersStale };
}

afterEach(() => vi.unstubAllEnvs());

describe('keptRead', () => {
	it('reads once for the same route and query, again for another query', async () => {
		const { keptRead } = await fresh();
		const read = vi.fn(async () => ({ total: 3 }));
		expect(await keptRead('platforms', { page: 1 }, read)).toEqual({ total: 3 });
		expect(await keptRead('platforms', { page: 1 }, read)).toEqual({ total: 3 });
		expect(read).toHaveBeenCalledTimes(1);
		await keptRead('platforms', { page: 2 }, read);
		await keptRead('episodes', { page: 1 }, read);
		expect(read).toHaveBeenCalledTimes(3);
	});

	it('reads again after a change is announced', async () => {
		const { keptRead, apiAnswersStale } = await fresh();
		let total = 1;
		const read = vi.fn(async () => ({ total }));
		expect(await keptRead('platforms', {}, read)).toEqual({ total: 1 });
		total = 2;
		apiAnswersStale(['/api/platforms']);
		expect(await keptRead('platforms', {}, read)).toEqual({ total: 2 });
		expect(read).toHaveBeenCalledTimes(2);
	});

	it('does not keep a read during which a change was announced', async () => {
		const { keptRead, apiAnswersStale } = await fresh();
		const read = vi.fn(async () => {
			apiAnswersStale('all');
			return 'old';
		});
		await keptRead('platforms', {}, read);
		await keptRead('platforms', {}, read);
		expect(read).toHaveBeenCalledTimes(2);
	});

	it('keeps nothing when API_CACHE_TTL_MS=0', async () => {
		const { keptRead } = await fresh({ API_CACHE_TTL_MS: '0' });
		const read = vi.fn(async () => 'x');
		await keptRead('platforms', {}, read);
		await keptRead('platforms', {}, read);
		expect(read).toHaveBeenCalledTimes(2);
	});

	it('does not keep a failed read', async () => {
		const { keptRead } = await fresh();
		const read = vi.fn(async () => {
			throw new Error('not found');
		});
		await expect(keptRead('platform', 'nope', read)).rejects.toThrow('not found');
		await expect(keptRead('platform', 'nope', read)).rejects.toThrow('not found');
		expect(read).toHaveBeenCalledTimes(2);
	});
});
