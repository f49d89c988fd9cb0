/**
 * The one byte range a `Range` header asks for (RFC 9110 §14). Several ranges at once are
 * answered whole (a server may ignore Range), as is anything that is not a byte range.
 */
export type ByteRange = { start: number; end: number };

/** The range, null to answer the whole file, or 'unsatisfiable' (416) when it starts past the end. */
export function byteRange(header: string | null, size: number): ByteRange | null | 'unsatisfiable' {
	if (!header) return null;
	const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
	if (!match) return null;
	const [, from = '', to = ''] = match;
	if (from === '' && to === '') return null;
	if (from === '') {
		// The last N bytes.
		const suffix = Number(to);
		if (suffix === 0) return 'unsatisfiable';
		return { start: Math.max(0, size - suffix), end: size - 1 };
	}
	const start = Number(from);
	const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
	if (start >= size) return 'unsatisfiable';
	if (end < start) return null;
	return { start, end };
}
