import { endpoint, json, readQuery } from '@/server/http/endpoint';
import { unsubscribePageUrl, unsubscribeWithToken } from '@/server/newsletter/unsubscribe';
import { unsubscribeTokenSchema } from '@/lib/validation/newsletter';

export const prerender = false;

/**
 * One-click unsubscribe (RFC 8058): mail providers POST `List-Unsubscribe=One-Click` to the
 * address in the mail's List-Unsubscribe header. The token in the query names the account, so
 * no session is needed and the body carries nothing else to read.
 */
export const POST = endpoint('personal', async ({ url }) => {
	const { token } = readQuery(url, unsubscribeTokenSchema);
	await unsubscribeWithToken(token);
	return json({ message: 'You are unsubscribed from the newsletter.' });
});

/** A person who opens the header's address in a browser gets the page that asks first. */
export const GET = endpoint('personal', ({ url }) => {
	const { token } = readQuery(url, unsubscribeTokenSchema);
	return new Response(null, { status: 303, headers: { location: unsubscribePageUrl(token) } });
});
