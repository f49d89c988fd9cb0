import { marketMap } from '@/server/community/market-map';
import { endpoint, publicJson, readQuery } from '@/server/http/endpoint';
import { marketMapQuerySchema } from '@/lib/validation/platforms';

export const prerender = false;

/** The market map's points: [{ id, name, satisfaction, presence, reviewCount }] (README: formulas). */
export const GET = endpoint('public', async ({ url }) =>
	publicJson(await marketMap(readQuery(url, marketMapQuerySchema)), { url }),
);
