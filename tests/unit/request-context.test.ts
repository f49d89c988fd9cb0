/**
 * src/server/runtime/request-context.ts: the route names kept for answers the host serves without the
 * app stay bounded in number and in bytes, whatever paths clients send.
 */
import { describe, expect, it } from 'vitest';
import { knownRoute, noteRoute, routeMemory } from '@/server/runtime/request-context';
import { MAX_REMEMBERED_URL_LENGTH } from '@/server/runtime/remembered-urls';

describe('remembered route names', () => {
	it('keep a route for its path, but none for a path longer than the bound', () => {
		noteRoute('/news/5', '/news/[id]');
		expect(knownRoute('/news/5')).toBe('/news/[id]');
		const long = `/api/platforms/${'9'.repeat(MAX_REMEMBERED_URL_LENGTH)}`;
		noteRoute(long, '/api/platforms/[id]');
		expect(knownRoute(long)).toBeUndefined();
	});

	it('stay within their bytes through 50,000 distinct paths of 1,000 characters', () => {
		const pad = 'z'.repeat(980);
		for (let i = 0; i < 50_000; i++) noteRoute(`/api/platforms/${i}${pad}`, '/api/platforms/[id]');
		const { entries, bytes } = routeMemory();
		console.info(`route names after 50,000 distinct long paths: ${entries} kept, ${bytes} characters`);
		expect(entries).toBeLessThanOrEqual(20_000);
		expect(bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
	});
});
