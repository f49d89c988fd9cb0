import { requireEditor } from '@/server/auth/permissions';
import { endpoint, readQuery } from '@/server/http/endpoint';
import { subscribersCsv } from '@/server/newsletter/subscribers';
import { subscribersQuerySchema } from '@/lib/validation/newsletter';

export const prerender = false;

/** The subscribers view as CSV (every row of the search), for a spreadsheet or another tool. */
export const GET = endpoint('personal', async ({ locals, url }) => {
	requireEditor(locals);
	const csv = await subscribersCsv(readQuery(url, subscribersQuerySchema));
	return new Response(csv, {
		headers: {
			'content-type': 'text/csv; charset=utf-8',
			'content-disposition': 'attachment; filename="newsletter-subscribers.csv"',
			'cache-control': 'no-store',
		},
	});
});
