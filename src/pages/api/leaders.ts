import { categoryLeadersOf } from '@/server/community/leaders';
import { endpoint, publicJson, readQuery } from '@/server/http/endpoint';
import { leadersQuerySchema } from '@/lib/validation/platforms';

export const prerender = false;

/**
 * The category leaders: { quarter: 'YYYY-Qn', categories: [{ category, leaders: [{ id, slug,
 * name, score, reviewCount }] }] }, the running quarter live, or `?quarter=` a past one as
 * awarded (a quarter with none awarded: an empty list). README: Category leaders.
 */
export const GET = endpoint('public', async (ctx) => {
	const { quarter } = readQuery(ctx.url, leadersQuerySchema);
	return publicJson(await categoryLeadersOf(quarter), ctx);
});
