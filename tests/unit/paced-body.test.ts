/**
 * pacedBody without a host (astro dev, the in-process test host): a store hands each part in the
 * buffer the one before came in, a Node Buffer, and nothing says when a part has left, so each
 * part must be copied before the next is read. The MP3 served whole in-process came back as its
 * last part's bytes repeated while the copy was Buffer's slice(), a view of the same memory.
 */
import { describe, expect, it } from 'vitest';
import { pacedBody } from '@/server/http/paced-body';

/** Parts read into one reused Buffer, as the folder and PostgreSQL media stores read them. */
async function* readIntoOneBuffer(file: Buffer, partBytes: number): AsyncIterable<Uint8Array> {
	const buffer = Buffer.allocUnsafe(partBytes);
	for (let position = 0; position < file.byteLength; position += partBytes) {
		const read = file.copy(buffer, 0, position, Math.min(position + partBytes, file.byteLength));
		yield buffer.subarray(0, read);
	}
}

describe('pacedBody outside a request the host paces', () => {
	it('serves every part as it was read, though the store reuses its buffer', async () => {
		const file = Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 7) % 251));
		const served = Buffer.from(await new Response(pacedBody(readIntoOneBuffer(file, 1024))).arrayBuffer());
		expect(served.byteLength).toBe(file.byteLength);
		expect(served.equals(file)).toBe(true);
	});
});
