import { endpoint, json, readQuery } from '@/server/http/endpoint';
import { unfollowByToken } from '@/server/platforms/follows';
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
