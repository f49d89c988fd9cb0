/**
 * A request header read from the list Node parsed (`rawHeaders`: name, value, name, value, …).
 *
 * Node builds `req.headers`, an object of every header the client sent, the first time it is
 * read. The answers the host keeps in memory need two or three headers each, so they read them
 * here and never build it: on a page served from memory that object is a measurable share of
 * the request's cost.
 */
import type { IncomingMessage } from 'node:http';

/**
 * The header's value, or undefined when the client did not send it. `lowerCaseName` must be in
 * lower case. A header sent more than once gives its values joined with ', ', as `req.headers`
 * joins the list headers this is used for (Accept-Encoding, If-None-Match, Range, X-…).
 */
export function requestHeader(req: IncomingMessage, lowerCaseName: string): string | undefined {
	const raw = req.rawHeaders;
	let value: string | undefined;
	for (let i = 0; i < raw.length; i += 2) {
		const name = raw[i]!;
		if (name.length === lowerCaseName.length && name.toLowerCase() === lowerCaseName) {
			value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
		}
	}
	return value;
}
