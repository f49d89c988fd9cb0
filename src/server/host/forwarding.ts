/**
 * Forwarding headers are believed only from a trusted proxy (TRUSTED_PROXIES, src/server/
 * trusted-proxies.ts): from any other peer they are the caller's own claims, dropped before
 * anything reads them, so they never reach client addresses, generated URLs or redirects.
 */
import type { IncomingMessage } from 'node:http';

const FORWARDING = [
	'x-forwarded-for',
	'x-forwarded-host',
	'x-forwarded-proto',
	'x-forwarded-port',
	'forwarded',
];

/** `fromTrustedProxy`: the request's connection comes from a trusted proxy (ObservedRequest). */
export function stripUntrustedForwarding(req: IncomingMessage, fromTrustedProxy: boolean): void {
	if (fromTrustedProxy) return;
	for (const name of FORWARDING) delete req.headers[name];
}
