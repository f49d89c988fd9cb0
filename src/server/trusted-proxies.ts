/**
 * Which connections may speak for the client: the reverse proxies in front (TRUSTED_PROXIES in
 * src/server/runtime/config.ts), named by address or subnet. Only a request whose TCP peer is one of
 * them has its forwarding headers (X-Forwarded-For, -Proto, -Host, -Port, Forwarded) and its
 * X-Request-Id believed; anyone else who sends them is making claims about itself. A yes/no
 * setting would believe every peer, including a client that reaches a node past the proxy, or
 * a request the proxy forwarded without setting those headers.
 */
import { BlockList, isIP } from 'node:net';

export type TrustedProxies = {
	/** The addresses and subnets as configured, for logs and messages. */
	readonly entries: readonly string[];
	/**
	 * Whether a connection from `address` (a socket's remoteAddress) is a trusted proxy. An IPv4
	 * peer seen on an IPv6 socket (`::ffff:127.0.0.1`) counts as its IPv4 address.
	 */
	trusts(address: string | undefined): boolean;
};

/** No proxy in front: forwarding headers are never believed. */
export const NO_TRUSTED_PROXIES: TrustedProxies = { entries: [], trusts: () => false };

/** One entry: an address (`10.0.0.5`, `::1`) or a subnet (`10.0.0.0/8`, `fd00::/8`); else undefined. */
function parseEntry(
	entry: string,
): { address: string; family: 'ipv4' | 'ipv6'; prefix?: number } | undefined {
	const [address = '', prefixText, ...rest] = entry.split('/');
	const version = isIP(address);
	if (version === 0 || rest.length > 0) return undefined;
	const family = version === 4 ? 'ipv4' : 'ipv6';
	if (prefixText === undefined) return { address, family };
	const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
	if (!(prefix >= 0 && prefix <= (version === 4 ? 32 : 128))) return undefined;
	return { address, family, prefix };
}

/**
 * The list from its setting's text (comma-separated; spaces and empty items ignored), or the
 * entries that are neither an address nor a subnet.
 */
export function parseTrustedProxies(
	text: string,
): { ok: true; proxies: TrustedProxies } | { ok: false; invalid: string[] } {
	const entries = text
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
	const list = new BlockList();
	const invalid: string[] = [];
	for (const entry of entries) {
		const parsed = parseEntry(entry);
		if (!parsed) invalid.push(entry);
		else if (parsed.prefix === undefined) list.addAddress(parsed.address, parsed.family);
		else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
	}
	if (invalid.length > 0) return { ok: false, invalid };
	if (entries.length === 0) return { ok: true, proxies: NO_TRUSTED_PROXIES };
	return {
		ok: true,
		proxies: {
			entries,
			trusts(address) {
				if (!address) return false;
				const version = isIP(address);
				// BlockList matches an IPv4-mapped IPv6 peer against IPv4 entries itself.
				return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
			},
		},
	};
}

function trustedList(text: string): TrustedProxies {
	const parsed = parseTrustedProxies(text);
	if (!parsed.ok) throw new Error(`not addresses: ${parsed.invalid.join(', ')}`);
	return parsed.proxies;
}

/** A proxy on the same machine, as the nginx recipe (deploy/nginx.conf) runs it. */
export const LOOPBACK_PROXIES = trustedList('127.0.0.1, ::1');
