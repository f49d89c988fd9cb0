/**
 * Answers kept in memory (generated pages, shared API answers) carry every header ready-made:
 * a flat [name, value, …] list given whole to writeHead(), so serving one builds nothing. Node
 * takes such a list straight to the socket when nothing was set on the response before.
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
