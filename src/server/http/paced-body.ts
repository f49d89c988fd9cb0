/**
 * A response body read from storage part by part, each part only once the client has taken
 * enough of the ones before (the host's sendRoom, through the request's context): a large file
 * sent to a slow or stalled reader holds a part or two in memory, never the file. Without a
 * host (astro dev) it reads as fast as it is asked.
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
				else controller.enqueue(next.value);
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
