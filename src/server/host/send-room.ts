/**
 * Backpressure for answers the app streams: Astro's node adapter writes each part of a body
 * as soon as it has it, never waiting for the connection to drain, so a body read from storage
 * faster than the client takes it would pile up in memory whole. The host hands the app this
 * wait through the request's context (RequestContext.sendRoom), and a streamed body waits on it
 * before reading its next part.
 */
import type { ServerResponse } from 'node:http';

/** Resolves at once while the answer's connection takes more, else at its next drain or close. */
export function sendRoom(res: ServerResponse): Promise<void> {
	const socket = res.socket;
	if (!socket || socket.destroyed || !(socket.writableNeedDrain || res.writableNeedDrain)) {
		return Promise.resolve();
	}
	return new Promise((resolve) => {
		const done = () => {
			socket.off('drain', done);
			socket.off('close', done);
			resolve();
		};
		socket.on('drain', done);
		socket.on('close', done);
	});
}
