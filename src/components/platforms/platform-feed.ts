/**
 * The items of a platform's own feed (/platforms/{slug}/rss): each editor update (its field
 * changes, made at one moment, as one item) and each public review, newest first. Plain
 * functions, so the route and the tests read the same lines; the editor is never named, as the
 * history never stores them.
 */
import type { ReviewJson } from '@/lib/community-answers';
import type { PlatformChangeJson } from '@/server/platforms/history';
import { platformPath } from '@/lib/public-paths';
import { changeAnchor, reviewAnchor } from './anchors';
import { describeChange } from './platform-history';

/** Far more than a feed reader shows; older entries stay on the page. */
export const FEED_ITEMS = 50;

/**
 * `guid`: the item's address at the platform's id, as feed readers saw it before slugs (the id
 * still moves to the page), so neither that move nor a rename shows an item as new again.
 */
export type PlatformFeedItem = {
	title: string;
	description: string;
	pubDate: Date;
	link: string;
	guid: string;
};

/** The changes of one update (they share their moment), oldest update last as the history gives them. */
function updates(changes: PlatformChangeJson[]): PlatformChangeJson[][] {
	const byMoment = new Map<number, PlatformChangeJson[]>();
	for (const change of changes) {
		const at = new Date(change.at).getTime();
		byMoment.set(at, [...(byMoment.get(at) ?? []), change]);
	}
	return [...byMoment.values()];
}

export function platformFeedItems(
	platform: { id: number; slug: string; name: string },
	changes: PlatformChangeJson[],
	reviews: ReviewJson[],
): PlatformFeedItem[] {
	const page = platformPath(platform.slug);
	const stable = `/platforms/${platform.id}`;
	const changed = updates(changes).map((update) => {
		const at = new Date(update[0]!.at);
		return {
			title: `${platform.name} updated: ${update.map((change) => describeChange(change).split(':')[0]).join(', ')}`,
			description: update.map(describeChange).join('\n'),
			pubDate: at,
			// A fragment per update keeps each item's link and guid unique.
			link: `${page}#${changeAnchor(at)}`,
			guid: `${stable}#${changeAnchor(at)}`,
		};
	});
	const reviewed = reviews.map((review) => ({
		title: `${review.user.username} reviewed ${platform.name}: ${review.rating} of 5 stars`,
		description: review.review ?? 'A rating without written review.',
		pubDate: new Date(review.createdAt),
		link: `${page}#${reviewAnchor(review.id)}`,
		guid: `${stable}#${reviewAnchor(review.id)}`,
	}));
	return [...changed, ...reviewed]
		.sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime())
		.slice(0, FEED_ITEMS);
}
