/**
 * Headers every answer carries, static files included (the Astro middleware covers only
 * on-demand routes). Astro may override Content-Type, caching and the like per route.
 */
const TRUST_PROXY = ['1', 'true'].includes(process.env.TRUST_PROXY ?? '');

/**
 * Without a trusted proxy in front, forwarding headers are the caller's own claims: drop them
 * so they never reach client addresses, generated URLs or redirects.
 */
export function stripUntrustedForwarding(req) {
	if (TRUST_PROXY) return;
	for (const name of ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded']) {
		delete req.headers[name];
	}
}

export function applyBaseHeaders(req, res) {
	res.setHeader('X-Content-Type-Options', 'nosniff');
	res.setHeader('X-Frame-Options', 'DENY');
	res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
	const https = TRUST_PROXY && req.headers['x-forwarded-proto'] === 'https';
	if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
