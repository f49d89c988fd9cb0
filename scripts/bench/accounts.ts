/** The demo accounts the benchmarks act as, and signing in as one of them through the API. */

export const EDITOR = { email: 'editor@example.com', password: 'editor123' };
export const DEMO_USER = { email: 'user@example.com', password: 'user123' };

/**
 * Signs in through the API and returns the Cookie header value to send. `siteOrigin` is the
 * Origin a browser on the public site sends (a node behind nginx knows nginx's address).
 */
export async function signIn(origin: string, account = EDITOR, siteOrigin = origin): Promise<string> {
	const response = await fetch(`${origin}/api/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: siteOrigin },
		body: JSON.stringify(account),
	});
	await response.arrayBuffer();
	if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
	const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
	if (cookies.length === 0) throw new Error('sign-in set no cookie');
	return cookies.join('; ');
}
