/**
 * The page side of readable addresses: which item an address names, and when to move the reader.
 * A route's segment is a slug (current or earlier) or, from older links, the numeric id; slugs
 * always hold a letter, so the two never meet. Decided from the database on every render, so a
 * fresh node or any of several nodes answers the same.
 */
import type { SlugKind } from '@/lib/column-values';
import { isIdSegment } from '@/lib/ids';
import { findBySlug } from './slugs';

/** The id an address segment names (its numeric id or any slug it has had), or undefined. */
export async function idAtAddress(kind: SlugKind, segment: string | undefined): Promise<number | undefined> {
	if (segment === undefined) return undefined;
	if (isIdSegment(segment)) return Number(segment);
	return (await findBySlug(kind, segment))?.id;
}

/**
 * A permanent move to the item's current address, keeping the query string. Revalidated on every
 * use (no-cache) so a browser never keeps a move that a later rename turns around (an item may
 * take an earlier slug back).
 */
export function movedPermanently(path: string, url: URL): Response {
	return new Response(null, {
		status: 301,
		headers: { Location: `${path}${url.search}`, 'Cache-Control': 'no-cache' },
	});
}

/**
 * What a page shows at an address: the item (at its current address), a 301 to its current
 * address (a numeric id or an earlier slug), or nothing (404). `load` applies the page's own
 * visibility rules, so a draft stays a 404 at every address of it.
 */
export async function itemAtAddress<Item extends { slug: string }>(
	kind: SlugKind,
	segment: string | undefined,
	load: (id: number) => Promise<Item | undefined>,
	pathOf: (slug: string) => string,
	url: URL,
): Promise<{ item?: Item; moved?: Response }> {
	const id = await idAtAddress(kind, segment);
	const item = id === undefined ? undefined : await load(id);
	if (!item) return {};
	if (item.slug !== segment) return { moved: movedPermanently(pathOf(item.slug), url) };
	return { item };
}
