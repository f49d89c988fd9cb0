import { z } from 'zod';

/**
 * A moment written as ISO 8601 with its time zone (`2026-12-01T09:00:00+01:00`, or `Z`), read as
 * a Date: the newsletter's send time and an article's publication time. A time without a zone
 * would mean the server's zone, which is nobody's.
 */
export function isoInstant(required: string, invalid: string) {
	return z
		.string({ error: required })
		.trim()
		.min(1, required)
		.pipe(z.iso.datetime({ offset: true, error: invalid }))
		.transform((value) => new Date(value));
}
