import { compareHrefAdding, storedCompareIds } from '@/stores/compare';

/**
 * Points the listing's server-rendered Compare links at this tab's selection with their platform
 * appended. The island takes the click over once it runs, but a first click can come before
 * that and follows the plain link, which the server rendered without the selection (it cannot
 * know this tab's storage). Run again on pageshow: Back may bring the page from the
 * back/forward cache after the comparison changed the selection.
 */
export function initCompareLinks(): void {
	const update = () => {
		const ids = storedCompareIds();
		for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-compare-link]')) {
			const id = Number(link.dataset.compareLink);
			if (Number.isSafeInteger(id)) link.setAttribute('href', compareHrefAdding(id, ids));
		}
	};
	update();
	window.addEventListener('pageshow', update);
}
