/**
 * Answers kept in memory (generated pages, shared API answers) carry every header ready-made:
 * a flat [name, value, …] list given whole to writeHead(), so serving one builds nothing. Node
 * takes such a list straight to the socket when nothing was set on the response before; a
 * header set with setHeader() first would make it set every header of the list one by one, so
 * the request's own headers (its id) are appended to the list instead.
 */

/** The headers every answer carries besides its own (the security headers), per path and scheme. */
export type CommonHeaders = (pathname: string, https: boolean) => Readonly<Record<string, string>>;

export const NO_COMMON_HEADERS: CommonHeaders = () => ({});

export type HeaderList = string[];

/** One list from several header records, later records overriding earlier ones (by name, any case). */
export function headerList(...records: Readonly<Record<string, string | number | undefined>>[]): HeaderList {
	const byName = new Map<string, [string, string]>();
	for (const record of records) {
		for (const [name, value] of Object.entries(record)) {
			if (value === undefined) byName.delete(name.toLowerCase());
			else byName.set(name.toLowerCase(), [name, String(value)]);
		}
	}
	return [...byName.values()].flat();
}

/** No headers of the request's own. */
export const NO_OWN_HEADERS: HeaderList = [];

/** A kept answer's ready-made list with the request's own headers after it. */
export function withOwn(ready: HeaderList, own: HeaderList): HeaderList {
	return own.length === 0 ? ready : ready.concat(own);
}
