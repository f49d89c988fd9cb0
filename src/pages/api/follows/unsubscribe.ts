import { endpoint, json, readQuery } from '@/server/http/endpoint';
import { unfollowByToken, unfollowPageUrl } from '@/server/platforms/follows';
import { unsubscribeTokenSchema } from '@/lib/validation/newsletter';

export const prerender = false;

/**
 * One-click unfollow (RFC 8058): mail providers POST `List-Unsubscribe=One-Click` to the address
 * in a platform digest's List-Unsubscribe header. The token in the query names the account and
 * the platform, so no session is needed.
 */
export const POST = endpoint('personal', async ({ url }) => {
	const { token } = readQuery(url, unsubscribeTokenSchema);
	return json(await unfollowByToken(token));
});

/**
 * The same address opened in a browser (a reader copying it from the mail's headers): the page
 * that asks first, as the digest's own link does. A visit changes nothing.
 */
export const GET = endpoint('personal', async ({ url }) => {
	const { token } = readQuery(url, unsubscribeTokenSchema);
	return new Response(null, { status: 303, headers: { Location: unfollowPageUrl(token) } });
});
