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

/** Pages whose URL carries a secret (a reset or unsubscribe token) must not leak it as a Referer. */
const NO_REFERRER_PATHS = ['/reset-password', '/unsubscribe'];

export function applyBaseHeaders(req, res, csp) {
	res.setHeader('Content-Security-Policy', csp);
	res.setHeader('X-Content-Type-Options', 'nosniff');
	res.setHeader('X-Frame-Options', 'DENY');
	res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
	const path = (req.url ?? '/').split('?')[0].replace(/\/+$/, '');
	const noReferrer = NO_REFERRER_PATHS.includes(path);
	res.setHeader('Referrer-Policy', noReferrer ? 'no-referrer' : 'strict-origin-when-cross-origin');
	if (isHttps(req)) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/** HTTPS as seen by the browser: TLS here, or a trusted proxy saying so. */
function isHttps(req) {
	if (req.socket?.encrypted) return true;
	return TRUST_PROXY && String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() === 'https';
}
