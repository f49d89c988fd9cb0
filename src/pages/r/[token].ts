import { isReaderAgent } from '@/server/analytics/pageviews';
import { NotFound } from '@/server/errors';
import { endpoint } from '@/server/http/endpoint';
import { followLink } from '@/server/newsletter/links';
import { linkTokenSchema, UNKNOWN_LINK } from '@/lib/validation/newsletter';

export const prerender = false;

/**
 * A newsletter link: 302 to the address the issue linked to, the click counted unless a bot (a
 * mail scanner) followed it. Only tokens the site made redirect, so this is no open redirect.
 */
export const GET = endpoint('personal', async ({ params, request }) => {
	const token = linkTokenSchema.safeParse(params.token);
	if (!token.success) throw new NotFound(UNKNOWN_LINK);
	const url = await followLink(token.data, isReaderAgent(request.headers.get('user-agent')));
	if (!url) throw new NotFound(UNKNOWN_LINK);
	return new Response(null, { status: 302, headers: { location: url } });
});
