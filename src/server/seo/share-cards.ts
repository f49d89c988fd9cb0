/**
 * The share image of each public item, drawn from what its page shows: a platform's name,
 * category and rating, an article's title and kind (over its uploaded picture, when it has one
 * from the media library). Undefined when the item is not public (a
 * deleted platform, a draft), so its image answers 404 and the generator removes the file.
 */
import type { ShareImageKind } from '@/lib/share-images';
import { formatRating } from '@/lib/format';
import { getArticle } from '@/server/content/articles';
import { findComparison } from '@/server/comparisons/comparisons';
import { getEpisode } from '@/server/content/podcasts';
import { findPlatform } from '@/server/platforms/directory';
import { MEDIA_PATH_PREFIX, mediaFile } from '@/server/media/library';
import { baseLog } from '@/server/runtime/log';
import { renderShareImage, type ShareCard } from './share-image';

/** "4.3 ★ · 27 reviews", or "No reviews yet". */
export function ratingLine(rating: number, reviewCount: number): string {
	if (reviewCount === 0) return 'No reviews yet';
	return `${formatRating(rating)} ★ · ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`;
}

/** Past this a library file is not read for a card (uploads are bounded well below it). */
const MAX_PICTURE_BYTES = 30 * 1024 * 1024;

/**
 * The bytes of an article's uploaded picture when it is a raster image of the media library;
 * undefined for anything else (an outside URL, an SVG, a deleted file), which gets the text card.
 */
async function libraryPicture(imageUrl: string | null): Promise<Buffer | undefined> {
	if (!imageUrl?.startsWith(MEDIA_PATH_PREFIX)) return undefined;
	const file = await mediaFile(imageUrl.slice(MEDIA_PATH_PREFIX.length));
	if (!file?.contentType.startsWith('image/') || file.contentType.includes('svg')) return undefined;
	if (file.size === 0 || file.size > MAX_PICTURE_BYTES) return undefined;
	const parts: Buffer[] = [];
	// Each part is valid only until the next is read: copied.
	for await (const part of file.read({ start: 0, end: file.size - 1 })) parts.push(Buffer.from(part));
	return Buffer.concat(parts);
}

async function cardFor(kind: ShareImageKind, id: number): Promise<ShareCard | undefined> {
	if (kind === 'platforms') {
		const platform = await findPlatform(id);
		if (!platform) return undefined;
		return {
			eyebrow: `Platform · ${platform.category}`,
			title: platform.name,
			subtitle: ratingLine(platform.rating, platform.reviewCount),
		};
	}
	if (kind === 'episodes') {
		const episode = await getEpisode(id, { includeDrafts: false });
		if (!episode) return undefined;
		return {
			eyebrow: `Podcast · Season ${episode.seasonNumber}, Episode ${episode.episodeNumber}`,
			title: episode.title,
			subtitle: `${episode.duration} min`,
			picture: await libraryPicture(episode.imageUrl),
		};
	}
	const article = await getArticle(kind, id, { includeDrafts: false });
	if (!article) return undefined;
	return {
		eyebrow: kind === 'news' ? 'News' : 'Education',
		title: article.title,
		subtitle: article.category,
		picture: await libraryPicture(article.imageUrl),
	};
}

/**
 * A comparison's share image ("A vs B" and their ratings), by its address's segment; undefined
 * unless the segment is a comparison's canonical address (another order answers 404 here: the
 * page it moves to names its own image).
 */
export async function comparisonShareImage(segment: string): Promise<Buffer | undefined> {
	const found = await findComparison(segment);
	if (found.kind !== 'page') return undefined;
	return renderShareImage({
		eyebrow: 'Comparison',
		title: found.platforms.map((platform) => platform.name).join(' vs '),
		subtitle: found.platforms
			.map((platform) => (platform.reviewCount === 0 ? 'no reviews' : `${formatRating(platform.rating)} ★`))
			.join('  vs  '),
	});
}

/** The PNG of an item's share image, or undefined when the item is not public. */
export async function shareImageOf(kind: ShareImageKind, id: number): Promise<Buffer | undefined> {
	const card = await cardFor(kind, id);
	if (!card) return undefined;
	try {
		return await renderShareImage(card);
	} catch (error) {
		if (!card.picture) throw error;
		// A picture sharp cannot read: the text card instead.
		baseLog().warn(
			{ err: error, subject: 'share-images', kind, id },
			'could not use the picture for a share image',
		);
		return renderShareImage({ ...card, picture: undefined });
	}
}
