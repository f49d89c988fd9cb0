/**
 * What one client can hold of a node reached without a proxy (issue 42, F-4). Node's own cap
 * (`server.maxConnections`) refuses newcomers once the node is full, so sockets left idle after
 * one request each could lock everyone else out for the whole keep-alive timeout. Here:
 *
 * - when the node reaches its cap, the idle connection least recently used is closed, so the
 *   next newcomer finds room; Node's cap still refuses newcomers while every connection has a
 *   request in flight;
 * - one address holds at most `perAddress` connections: past it, its own idle connection least
 *   recently used is closed, or the newcomer when all of its connections are busy. A trusted
 *   proxy (TRUSTED_PROXIES) is exempt: every connection through nginx comes from its address.
 *
 * A connection is idle while no request of it is in flight: from its answer's end (or, before
 * its first request, from its opening) until the next request arrives.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export type ConnectionLimits = {
	/** An answer on `socket` is done: it is the most recently used connection from now. */
	answered(socket: Socket): void;
};

type Options = {
	/** Open connections the node accepts (MAX_CONNECTIONS). */
	max: number;
	/** Open connections one address may hold (MAX_CONNECTIONS_PER_ADDRESS). */
	perAddress: number;
	/** Addresses the per-address cap does not apply to (the trusted proxies). */
	exempt(address: string | undefined): boolean;
	/** The answers not finished yet: their connections are busy. */
	answersInFlight(): ReadonlySet<{ socket: Socket | null }>;
};

export function limitConnections(
	server: Server,
	{ max, perAddress, exempt, answersInFlight }: Options,
): ConnectionLimits {
	server.maxConnections = max;
	// Open connections and their addresses, least recently used first (a Map keeps the order of
	// insertion; a used connection is inserted again).
	const open = new Map<Socket, string>();
	const perAddressCount = new Map<string, number>();

	/** The least recently used connection with no request in flight, among those `matching`. */
	function leastRecentlyUsedIdle(except: Socket, matching: (address: string) => boolean): Socket | undefined {
		const busy = new Set<Socket | null>();
		for (const res of answersInFlight()) busy.add(res.socket);
		for (const [socket, address] of open) {
			if (socket !== except && !busy.has(socket) && matching(address)) return socket;
		}
		return undefined;
	}

	/** Counts a connection out once: when it closes, or at once when it is closed here. */
	function forget(socket: Socket): void {
		const address = open.get(socket);
		if (address === undefined) return;
		open.delete(socket);
		const left = (perAddressCount.get(address) ?? 1) - 1;
		if (left === 0) perAddressCount.delete(address);
		else perAddressCount.set(address, left);
	}

	function close(socket: Socket | undefined): void {
		if (!socket) return;
		forget(socket);
		socket.destroy();
	}

	server.on('connection', (socket: Socket) => {
		const address = socket.remoteAddress ?? '';
		open.set(socket, address);
		const count = (perAddressCount.get(address) ?? 0) + 1;
		perAddressCount.set(address, count);
		socket.once('close', () => forget(socket));
		if (count > perAddress && !exempt(address)) {
			close(leastRecentlyUsedIdle(socket, (other) => other === address) ?? socket);
			return;
		}
		// Full now: an idle connection makes room for the next newcomer.
		if (open.size >= max) close(leastRecentlyUsedIdle(socket, () => true));
	});

	return {
		answered(socket) {
			const address = open.get(socket);
			if (address === undefined) return;
			open.delete(socket);
			open.set(socket, address);
		},
	};
}
