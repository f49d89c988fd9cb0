/**
 * Where a webhook may point: an http or https URL whose addresses are public. Private,
 * loopback, link-local (and the other special-use) addresses would let an editor's webhook
 * reach inside the network the server runs in, so they are refused unless
 * WEBHOOK_ALLOW_PRIVATE=1. The URL is checked when the webhook is made (its literal address or
 * its name's addresses) and again at each delivery, on the very address the connection goes to
 * (receiverAgent's lookup), so a name cannot later be pointed inside.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { InvalidInput } from '@/server/errors';
import { config } from '@/server/runtime/config';

const INTERNAL = new BlockList();
for (const [network, prefix] of [
	['0.0.0.0', 8], // "this network"
	['10.0.0.0', 8],
	['100.64.0.0', 10], // carrier-grade NAT
	['127.0.0.0', 8],
	['169.254.0.0', 16], // link-local, cloud metadata
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15], // benchmarking
	['224.0.0.0', 4], // multicast
	['240.0.0.0', 4], // reserved, broadcast
] as const) {
	INTERNAL.addSubnet(network, prefix, 'ipv4');
}
// No rule for IPv4-mapped addresses (::ffff:0:0/96): BlockList checks every IPv4 address
// against it too. isInternalAddress checks a mapped address as its IPv4 address instead.
for (const [network, prefix] of [
	['::', 127], // unspecified and loopback
	['64:ff9b::', 96], // NAT64
	['fc00::', 7], // unique local
	['fe80::', 10], // link-local
	['ff00::', 8], // multicast
] as const) {
	INTERNAL.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** True for an address a webhook may not reach (unless WEBHOOK_ALLOW_PRIVATE=1). */
export function isInternalAddress(address: string): boolean {
	const mapped = MAPPED_V4.exec(address)?.[1];
	if (mapped) return isInternalAddress(mapped);
	const family = isIP(address);
	if (family === 0) return true;
	return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const INTERNAL_ADDRESS =
	'The webhook URL points to a private, loopback or link-local address; give a public address.';

/** The URL's host as an address or a name (IPv6 literals lose their brackets). */
function hostOf(url: URL): string {
	return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Checks a webhook URL before it is stored: http or https, and (unless private addresses are
 * allowed) an address, or a name whose addresses, all public. Throws InvalidInput with a sentence.
 */
export async function checkReceiverUrl(text: string): Promise<URL> {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw new InvalidInput('The webhook URL is not a valid URL.');
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new InvalidInput('The webhook URL must start with http:// or https://.');
	}
	if (url.username || url.password)
		throw new InvalidInput('The webhook URL must not hold a user name or password.');
	if (config().webhooks.allowPrivate) return url;
	const host = hostOf(url);
	let addresses: string[];
	if (isIP(host)) addresses = [host];
	else {
		try {
			addresses = (await lookup(host, { all: true })).map((entry) => entry.address);
		} catch {
			throw new InvalidInput('The webhook URL’s host name could not be found.');
		}
	}
	if (addresses.some(isInternalAddress)) throw new InvalidInput(INTERNAL_ADDRESS);
	return url;
}

/** dns.lookup for the delivery's connection, refusing internal addresses as it resolves. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
	lookup(hostname, { ...options, all: true })
		.then((entries) => {
			const refused =
				!config().webhooks.allowPrivate && entries.some((entry) => isInternalAddress(entry.address));
			if (refused) {
				callback(Object.assign(new Error(INTERNAL_ADDRESS), { code: 'EINTERNAL' }), '', 4);
				return;
			}
			if (options.all) callback(null, entries as never);
			else callback(null, entries[0]!.address, entries[0]!.family);
		})
		.catch((error: NodeJS.ErrnoException) => callback(error, '', 4));
};

let agent: Agent | undefined;

/**
 * The connections deliveries go through: each resolves its name with the check above, so the
 * address connected to is the address checked (a literal IP in the URL is checked by
 * receiverAddressAllowed, since no lookup runs for it).
 */
export function receiverAgent(): Agent {
	agent ??= new Agent({ connect: { lookup: checkedLookup } });
	return agent;
}

/** True when a URL with a literal IP may be reached now (names are checked as they resolve). */
export function receiverAddressAllowed(url: URL): boolean {
	const host = hostOf(url);
	return config().webhooks.allowPrivate || !isIP(host) || !isInternalAddress(host);
}
