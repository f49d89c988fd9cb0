/**
 * A response body read from storage part by part, each part only once the client has taken
 * enough of the ones before (the host's sendRoom, through the request's context): a large file
 * sent to a slow or stalled reader holds a part in memory, never the file.
 *
 * A store may hand each part in the buffer the one before came in (StoredFile.read): under the
 * host the next part is asked for only once the last has left the process, so that is safe and
 * streaming makes no garbage. Without a host (astro dev, the in-process test host) nothing
 * says when a part has left, so each is copied, and parts are read as fast as they are asked for.
 */
import { currentRequest } from '@/server/runtime/request-context';

export function pacedBody(parts: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
	const room = currentRequest()?.sendRoom;
	const iterator = parts[Symbol.asyncIterator]();
	return new ReadableStream<Uint8Array>(
		{
			async pull(controller) {
				await room?.();
				const next = await iterator.next();
				if (next.done) controller.close();
				// A copy: a store's part is often a Node Buffer, whose slice() is a view of the same
				// memory, not a copy (the next part would overwrite what was enqueued).
				else controller.enqueue(room ? next.value : new Uint8Array(next.value));
			},
			// The client went away: stop reading (an open file is closed, no further query made).
			async cancel() {
				await iterator.return?.();
			},
		},
		// Nothing read ahead of what the adapter asks for.
		{ highWaterMark: 0 },
	);
}
