/**
 * Without a trusted proxy in front, forwarding headers are the caller's own claims: they are
 * dropped before anything reads them, so they never reach client addresses, generated URLs or
 * redirects. Whether a proxy is trusted is the app's TRUST_PROXY setting (src/server/config.ts).
 */
import type { IncomingMessage } from 'node:http';

const FORWARDING = [
	'x-forwarded-for',
	'x-forwarded-host',
	'x-forwarded-proto',
	'x-forwarded-port',
	'forwarded',
];

export function stripUntrustedForwarding(req: IncomingMessage, trustProxy: boolean): void {
	if (trustProxy) return;
	for (const name of FORWARDING) delete req.headers[name];
}
