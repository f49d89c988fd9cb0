/**
 * The ids a platform page gives its editor updates and reviews, which are also the fragments the
 * platform's feed (/platforms/{id}/rss) links to: one definition, so a feed item's link always
 * lands on an element of the page.
 */

/** An editor update: the changes made at one moment are one update, named by that moment. */
export function changeAnchor(at: Date | string): string {
	return `change-${new Date(at).getTime()}`;
}

/** A review. */
export function reviewAnchor(reviewId: number): string {
	return `review-${reviewId}`;
}

/** The review a page address's fragment names (#review-N), if any. */
export function reviewFromFragment(hash: string): number | undefined {
	const match = /^#review-(\d+)$/.exec(hash);
	return match ? Number(match[1]) : undefined;
}
