import { spendCostlyRead } from '@/server/auth/rate-limit';
import { marketMap } from '@/server/community/market-map';
import { endpoint, publicJson, readQuery } from '@/server/http/endpoint';
import { clientKey } from '@/server/http/request-origin';
import { marketMapQuerySchema } from '@/lib/validation/platforms';

export const prerender = false;

/**
 * The market map's points: [{ id, name, satisfaction, presence, reviewCount }] (README: formulas).
 * A costly read when not kept: it spends the client's budget (read-budget.ts).
 */
export const GET = endpoint('public', async (ctx) => {
	const query = readQuery(ctx.url, marketMapQuerySchema);
	await spendCostlyRead(clientKey(ctx));
	return publicJson(await marketMap(query), ctx);
});
