/**
 * Backpressure for answers the app streams: Astro's node adapter writes each part of a body
 * as soon as it has it, never waiting for the connection to drain, so a body read from storage
 * faster than the client takes it would pile up in memory whole. The host hands the app this
 * wait through the request's context (RequestContext.sendRoom), and a streamed body waits on it
 * before reading its next part.
 *
 * It waits until the process holds none of what was written (all of it handed to the kernel),
 * not merely until the socket is below its high-water mark: a store may then read the next part
 * into the buffer the last one came in (see StoredFile.read), so a streamed file makes no
 * garbage. Six readers that stall on a 100 MB file each take about 4 MB into the kernel's
 * buffers on loopback before they stall; with a fresh buffer per part those 25 MB were garbage
 * that nothing collected while the node idled (RSS +32 MB on SQLite, +36 to +78 MB on PostgreSQL).
 */
import type { ServerResponse } from 'node:http';

const NOTHING = new Uint8Array(0);

/**
 * Resolves at once while the answer's connection holds nothing unsent in this process, else
 * once what was written before has been handed to the kernel, or the connection closed.
 */
export function sendRoom(res: ServerResponse): Promise<void> {
	const socket = res.socket;
	if (!socket || socket.destroyed || socket.writableEnded) return Promise.resolve();
	if (socket.writableLength === 0 && !res.writableNeedDrain) return Promise.resolve();
	return new Promise((resolve) => {
		const done = () => {
			socket.off('close', done);
			resolve();
		};
		socket.on('close', done);
		// Writes complete in order, so an empty write's callback runs once every earlier one has
		// (or with an error once the connection failed: nothing is held then either). It adds no
		// byte to the answer.
		socket.write(NOTHING, done);
	});
}
