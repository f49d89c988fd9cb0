import { apiRequest } from '@/lib/api-client';
import type { Platform } from './types';

/** The API's default and largest page (MAX_PAGE_SIZE in src/lib/validation/platforms.ts). */
const API_PAGE = 100;

/**
 * Every platform matching the query. GET /api/platforms answers at most 100 per call, so a
 * full page means there may be more: ask again with an offset (never needed for the seed).
 */
export async function fetchAllPlatforms(query = ''): Promise<Platform[]> {
	const all: Platform[] = [];
	for (;;) {
		const params = new URLSearchParams(query);
		if (all.length > 0) params.set('offset', String(all.length));
		const search = params.toString();
		const page = await apiRequest<Platform[]>('GET', `/api/platforms${search ? `?${search}` : ''}`);
		all.push(...page);
		if (page.length < API_PAGE) return all;
	}
}
