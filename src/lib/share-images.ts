/**
 * Where the generated share images (og:image) live: /og/{kind}/{id}.png, keyed by the item's
 * id so a renamed address needs no new image. The site generator writes them as files beside
 * the pages (src/server/site/paths.ts); the route src/pages/og/[kind]/[id].png.ts draws one on
 * demand until then. Plain data and functions: safe in islands.
 */
import type { ArticleKind } from '@/lib/column-values';

/** The size link previews crop to (Open Graph's 1.91:1). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** What a share image may be of by id (a comparison's is named by its platforms: comparisonShareImagePath). */
export const SHARE_IMAGE_KINDS = ['platforms', 'news', 'education', 'episodes'] as const;
export type ShareImageKind = (typeof SHARE_IMAGE_KINDS)[number];

const PREFIX = '/og/';

/** The share image of an item of a kind, by id: /og/platforms/12.png. */
export function shareImagePath(kind: ShareImageKind, id: number): string {
	return `${PREFIX}${kind}/${id}.png`;
}

export function platformShareImagePath(id: number): string {
	return shareImagePath('platforms', id);
}

export function articleShareImagePath(kind: ArticleKind, id: number): string {
	return shareImagePath(kind, id);
}

export function episodeShareImagePath(id: number): string {
	return shareImagePath('episodes', id);
}

/** A comparison's share image, by its canonical address's segment: /og/compare/a-vs-b.png. */
export function comparisonShareImagePath(comparePath: string): string {
	return `${PREFIX}compare/${comparePath.slice('/compare/'.length)}.png`;
}

/** Each generated comparison page with its share image (named by the same canonical segment). */
export function withShareImages(comparePaths: readonly string[]): string[] {
	return comparePaths.flatMap((path) => [path, comparisonShareImagePath(path)]);
}

/** Whether a site path is one of the generated share images (all SHARE_IMAGE_WIDTH x HEIGHT). */
export function isShareImagePath(path: string): boolean {
	return path.startsWith(PREFIX) && path.endsWith('.png');
}
