/**
 * The share image of each public item, drawn from what its page shows: a platform's name,
 * category and rating, an article's title and kind. Undefined when the item is not public (a
 * deleted platform, a draft), so its image answers 404 and the generator removes the file.
 */
import type { ShareImageKind } from '@/lib/share-images';
import { formatRating } from '@/lib/format';
import { getArticle } from '@/server/content/articles';
import { findPlatform } from '@/server/platforms/directory';
import { renderShareImage, type ShareCard } from './share-image';

/** "4.3 ★ · 27 reviews", or "No reviews yet". */
export function ratingLine(rating: number, reviewCount: number): string {
	if (reviewCount === 0) return 'No reviews yet';
	return `${formatRating(rating)} ★ · ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`;
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
	const article = await getArticle(kind, id, { includeDrafts: false });
	if (!article) return undefined;
	return {
		eyebrow: kind === 'news' ? 'News' : 'Education',
		title: article.title,
		subtitle: article.category,
	};
}

/** The PNG of an item's share image, or undefined when the item is not public. */
export async function shareImageOf(kind: ShareImageKind, id: number): Promise<Buffer | undefined> {
	const card = await cardFor(kind, id);
	return card ? renderShareImage(card) : undefined;
}
